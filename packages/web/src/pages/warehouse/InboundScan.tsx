import { useRef, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { unclaimedMachine } from '@waystation/shared/machines/unclaimed';
import { UnclaimedCreateBody, type InboundLine, type InboundLookupResult, type UnclaimedParcel } from '@waystation/shared/contract/warehouse';
import type { ItemSummary } from '@waystation/shared/contract/purchase';
import { UnclaimedStatus } from '@waystation/shared/vocab/goods-in';
import { specString } from '@waystation/shared/vocab/label';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ApiError } from '../../api/request';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { MeasureInput, useMeasureCheck } from '../../warehouse/MeasureInput';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { cue } from '../../warehouse/voice';
import { focusScanBox } from '../../warehouse/keyBuffer';
import { fetchPurchases } from '../purchase/api';
import { StatusTag } from '../purchase/PurchaseListView';
import { assignUnclaimed, createUnclaimed, inboundLookup, inboundReceive, useInvalidateGoods, useUnclaimed } from './api';
import { useStationMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';

const STATION = 'inbound';

interface Measure {
  ticked: boolean;
  weightG?: number | null;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
}

/** warehouse/InboundScan: scan a seller's parcel, tick what arrived, weigh and measure → stocking_input; print the item labels. */
export default function InboundScan() {
  const m = useStationMessages();
  const [parcel, setParcel] = useState<InboundLookupResult | null>(null);
  const [measures, setMeasures] = useState<Record<number, Measure>>({});
  const [received, setReceived] = useState<ItemSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);
  const { message } = App.useApp();
  const invalidate = useInvalidateGoods();
  const checkMeasure = useMeasureCheck();
  /** Counts the scans: a refresh that comes back after the next parcel was scanned must not replace it. */
  const scans = useRef(0);

  const onScan = async (code: string): Promise<ScanOutcome> => {
    scans.current++;
    const r = await inboundLookup(code);
    setParcel(r);
    setMeasures(Object.fromEntries(r.lines.map((l) => [l.id, { ticked: l.receivable }])));
    if (!r.lines.length) return { tone: 'warning', text: m.noMatch, clip: 'fail', say: m.noMatchVoice };
    const open = r.lines.filter((l) => l.receivable).length;
    if (!open) return { tone: 'warning', text: m.nothingToReceive, clip: 'success', say: m.nothingToReceive };
    return { tone: 'info', text: fill(m.foundLines, { n: open }), say: fill(m.foundLines, { n: open }) };
  };

  const receive = async () => {
    if (!parcel) return;
    const lines = parcel.lines.filter((l) => l.receivable && measures[l.id]?.ticked);
    if (!lines.length) return void message.warning(m.pickLines);
    for (const l of lines) {
      const x = measures[l.id];
      const problem =
        checkMeasure(m.weight, 'g', x.weightG) ??
        checkMeasure(m.length, 'mm', x.lengthMm, false) ??
        checkMeasure(m.width, 'mm', x.widthMm, false) ??
        checkMeasure(m.height, 'mm', x.heightMm, false);
      if (problem) return void message.warning(`${l.purchaseNo}：${problem}`);
    }
    focusScanBox();
    setBusy(true);
    try {
      const r = await inboundReceive({
        trackingNo: parcel.trackingNo,
        lines: lines.map((l) => {
          const x = measures[l.id];
          return { id: l.id, weightG: x.weightG!, lengthMm: x.lengthMm ?? 0, widthMm: x.widthMm ?? 0, heightMm: x.heightMm ?? 0 };
        }),
      });
      setReceived((prev) => [...r.lines.map((l) => l.item), ...prev].slice(0, 20));
      const fresh = r.lines.filter((l) => !l.repeated).length;
      cue(STATION, 'success', `${m.receivedVoice} ${r.lines.length}`);
      message.success(fresh ? `${m.received} ${fresh}` : m.repeated);
      const scanned = scans.current;
      const refreshed = await inboundLookup(parcel.trackingNo);
      if (scanned === scans.current) setParcel(refreshed);
      void invalidate();
    } catch (e) {
      cue(STATION, 'fail', (e as ApiError).message);
      message.error((e as ApiError).message, 5);
    } finally {
      setBusy(false);
    }
  };

  const set = (id: number, patch: Partial<Measure>) => setMeasures((s) => ({ ...s, [id]: { ...s[id], ...patch } }));
  const firstOpen = parcel?.lines.find((l) => l.receivable)?.id;
  const num = (id: number, key: Exclude<keyof Measure, 'ticked'>, placeholder: string) => (
    <MeasureInput
      unit={key === 'weightG' ? 'g' : 'mm'}
      placeholder={placeholder}
      autoFocus={key === 'weightG' && id === firstOpen}
      value={measures[id]?.[key] ?? null}
      onChange={(v) => set(id, { [key]: v })}
      onLast={() => void receive()}
      style={{ width: key === 'weightG' ? 110 : 90 }}
      data-testid={`${key}-${id}`}
    />
  );

  const scan = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <PrintDriverStatus />
      </Space>
      <ScanInput station={STATION} placeholder={m.inboundPlaceholder} onScan={onScan} paused={dialog} work="inbound">
        {parcel && (
          <Card
            size="small"
            title={`${m.parcel} ${parcel.trackingNo}`}
            extra={!parcel.lines.length && <Button onClick={() => setDialog(true)}>{m.registerUnclaimed}</Button>}
          >
            {parcel.lines.length ? (
              <div data-enter-chain>
                <Table<InboundLine>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={parcel.lines}
                  columns={[
                    {
                      key: 'tick',
                      width: 40,
                      render: (_, l) => (
                        <Checkbox
                          disabled={!l.receivable}
                          checked={!!measures[l.id]?.ticked}
                          onChange={(e) => set(l.id, { ticked: e.target.checked })}
                          data-testid={`tick-${l.id}`}
                        />
                      ),
                    },
                    {
                      key: 'no',
                      title: 'No.',
                      render: (_, l) => (
                        <>
                          {l.purchaseNo}
                          <br />
                          <Typography.Text type="secondary">{l.userCode}</Typography.Text>
                        </>
                      ),
                    },
                    {
                      key: 'title',
                      title: m.item,
                      render: (_, l) => (
                        <>
                          {l.title} × {l.quantity}
                          <br />
                          <Typography.Text type="secondary">{specString(l.propsList)}</Typography.Text>
                        </>
                      ),
                    },
                    { key: 'status', title: m.status, render: (_, l) => <StatusTag status={l.status} /> },
                    { key: 'w', title: m.weight, render: (_, l) => (l.receivable ? num(l.id, 'weightG', m.weight) : l.item ? `${l.item.weightG} g` : '') },
                    {
                      key: 'size',
                      title: `${m.length}×${m.width}×${m.height}`,
                      render: (_, l) =>
                        l.receivable ? (
                          <Space size={4}>
                            {num(l.id, 'lengthMm', m.length)}
                            {num(l.id, 'widthMm', m.width)}
                            {num(l.id, 'heightMm', m.height)}
                          </Space>
                        ) : l.item ? (
                          `${l.item.volumeCm3} cm³`
                        ) : (
                          ''
                        ),
                    },
                    { key: 'label', title: m.label, render: (_, l) => l.item && <PrintLabelButton station={STATION} url={l.item.labelUrl} /> },
                  ]}
                />
                <Button
                  type="primary"
                  style={{ marginTop: 12 }}
                  loading={busy}
                  onClick={() => void receive()}
                  disabled={!parcel.lines.some((l) => l.receivable)}
                  data-testid="receive"
                >
                  {m.receive}
                </Button>
              </div>
            ) : (
              <Typography.Text type="warning">{m.noMatch}</Typography.Text>
            )}
          </Card>
        )}
        {received.length > 0 && (
          <Card size="small" title={m.received}>
            <Space orientation="vertical">
              {received.map((i) => (
                <Space key={i.id} data-testid="received-item">
                  <Tag color="geekblue">{i.itemCode}</Tag>
                  <b>{i.quickCode.join(' ')}</b>
                  <span>{i.weightG} g</span>
                  <PrintLabelButton station={STATION} url={i.labelUrl} auto />
                </Space>
              ))}
            </Space>
          </Card>
        )}
      </ScanInput>
      {dialog && parcel && (
        <UnclaimedDialog
          trackingNo={parcel.trackingNo}
          onDone={(p) => {
            setDialog(false);
            if (p) {
              message.success(m.unclaimedSaved);
              cue(STATION, 'success', m.unclaimedSaved);
              void invalidate();
            }
          }}
        />
      )}
    </Space>
  );

  return (
    <Card>
      <Tabs
        items={[
          { key: 'scan', label: m.parcel, children: scan },
          { key: 'unclaimed', label: m.unclaimed, children: <UnclaimedList /> },
        ]}
      />
    </Card>
  );
}

function UnclaimedDialog({ trackingNo, onDone }: { trackingNo: string; onDone: (p: UnclaimedParcel | null) => void }) {
  const m = useStationMessages();
  const [form] = Form.useForm<{ weightG?: number; note?: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${m.registerUnclaimed} ${trackingNo}`}
      confirmLoading={busy}
      onCancel={() => onDone(null)}
      onOk={async () => {
        const v = await validValues(form);
        if (!v) return;
        setBusy(true);
        try {
          onDone(await createUnclaimed({ trackingNo, weightG: v.weightG ?? 0, note: v.note?.trim() ?? '' }));
        } catch (e) {
          showFieldErrors(form, e);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="weightG" label={m.weight} rules={[zodRule(UnclaimedCreateBody.shape.weightG)]}>
          <NumberInput unit="g" />
        </Form.Item>
        <Form.Item name="note" label={m.note}>
          <Input.TextArea maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function UnclaimedList() {
  const m = useStationMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useUnclaimed({ page, limit: 20 });
  const invalidate = useInvalidateGoods();
  const [assigning, setAssigning] = useState<UnclaimedParcel | null>(null);
  const [purchaseNo, setPurchaseNo] = useState('');
  const assign = async () => {
    if (!assigning) return;
    const found = await fetchPurchases('warehouse', { numberType: 'purchaseNo', numberValue: purchaseNo.trim(), page: 1, limit: 1 });
    const line = found.list[0];
    if (!line) return void message.error(`${m.assignTo} ${purchaseNo}：404`, 5);
    await assignUnclaimed({ id: assigning.id, purchaseId: line.id });
    message.success(t('common.success'));
    setAssigning(null);
    setPurchaseNo('');
    void invalidate();
  };
  return (
    <>
      <Table<UnclaimedParcel>
        size="small"
        rowKey="id"
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'trackingNo', title: m.trackingNo, dataIndex: 'trackingNo' },
          { key: 'weight', title: m.weight, dataIndex: 'weightG' },
          { key: 'note', title: m.note, dataIndex: 'note' },
          {
            key: 'status',
            title: m.status,
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'open' ? 'orange' : 'green'}>{UnclaimedStatus.label(s, lang)}</Tag>,
          },
          { key: 'creator', title: m.creator, dataIndex: 'creatorName' },
          { key: 'createTime', title: m.createTime, dataIndex: 'createTime', render: formatTime },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, p) =>
              unclaimedMachine.transitionOf(p.status, 'assign') && (
                <Button type="link" size="small" onClick={() => setAssigning(p)}>
                  {m.assign}
                </Button>
              ),
          },
        ]}
      />
      <Modal open={!!assigning} title={`${m.assign} ${assigning?.trackingNo ?? ''}`} onCancel={() => setAssigning(null)} onOk={() => void assign()}>
        <Input placeholder={m.assignTo} value={purchaseNo} onChange={(e) => setPurchaseNo(e.target.value)} />
      </Modal>
    </>
  );
}
