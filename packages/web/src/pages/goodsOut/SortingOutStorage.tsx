import { useRef, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { SackSealBody, type OutBatch, type Sack, type SortingScanResult } from '@waystation/shared/contract/goodsOut/sorting';
import { BatchStatus, PACKAGE_CODE, SackStatus } from '@waystation/shared/vocab/goods-out';
import { sackMachine } from '@waystation/shared/machines/sack';
import { outBatchMachine } from '@waystation/shared/machines/out-batch';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { addSack, createBatch, sealSack, shipBatch, sortingPut, sortingScan, useBatch, useBatches, useInvalidateGoodsOut, useSacks } from './api';
import { useGoodsOutMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { vocabOptions } from '../../components/list/vocabOptions';

function SortingStation() {
  const m = useGoodsOutMessages();
  const invalidate = useInvalidateGoodsOut();
  const [cur, setCur] = useState<SortingScanResult | null>(null);
  // The package the next sack card goes with, as scans are made (not as answers come back): a sack scan kept while the
  // network is down is delivered with the package it was scanned after.
  const pairing = useRef<string | null>(null);
  const contextOf = (raw: string) => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) pairing.current = code;
    else return pairing.current ?? undefined;
  };
  const onScan = async (raw: string, packageNo?: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) {
      const r = await sortingScan(code);
      setCur(r);
      if (!r.sack) return { tone: 'error', text: m.noSack, clip: 'fail', say: m.noSack };
      const text = fill(m.goesTo, { code: r.sack.code });
      return { tone: r.package.repeated ? 'warning' : 'info', text: r.package.repeated ? `${text}（${m.repeated}）` : text, clip: 'sorting', say: text };
    }
    if (!packageNo) return { tone: 'error', text: m.scanPackageFirst, clip: 'fail', say: m.scanPackageFirst };
    const r = await sortingPut(packageNo, code);
    // Put away: the next sack card needs a package again (unless another one was scanned meanwhile).
    if (pairing.current === r.packageNo) pairing.current = null;
    setCur((c) => (c?.package.packageNo === r.packageNo ? null : c));
    void invalidate();
    const text = fill(m.sorted, { code: r.sack.code });
    return { tone: r.repeated ? 'warning' : 'success', text: `${r.packageNo} ${text}（${r.sack.packageCount}）`, clip: 'sorting', say: text };
  };
  return (
    <ScanInput station="sorting" placeholder={m.sortingPlaceholder} onScan={onScan} contextOf={contextOf} work="sorting">
      {cur && (
        <Card size="small" data-testid="sorting-package">
          <Space size="large">
            <span className="scan-big">{cur.package.packageNo}</span>
            <Tag>{cur.package.channelName}</Tag>
            <Tag>{cur.package.countryCode}</Tag>
            <span>
              → {m.sack}：
              <Typography.Text strong className="scan-big" data-testid="target-sack">
                {cur.sack?.code ?? '-'}
              </Typography.Text>
            </span>
          </Space>
        </Card>
      )}
    </ScanInput>
  );
}

function SackList() {
  const m = useGoodsOutMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invalidate = useInvalidateGoodsOut();
  const [status, setStatus] = useState<string | undefined>('open');
  const sacks = useSacks({ status, limit: 100 });
  const [sealing, setSealing] = useState<Sack | null>(null);
  const [sealForm] = Form.useForm<{ weightG?: number }>();
  const seal = async () => {
    const v = await validValues(sealForm);
    if (!v) return;
    try {
      await sealSack({ code: sealing!.code, weightG: v.weightG });
    } catch (e) {
      showFieldErrors(sealForm, e);
      return;
    }
    message.success(m.sealed);
    setSealing(null);
    await invalidate();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Select allowClear value={status} onChange={setStatus} style={{ width: 140 }} placeholder={t('common.all')} options={vocabOptions(SackStatus, lang)} />
        <Button type="primary" onClick={() => navigate('/WarehouseManage/sortingOutStorage/bindSack')} data-testid="bind-sack-link">
          {m.bindSack}
        </Button>
      </Space>
      <Table<Sack>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={sacks.data?.list}
        loading={sacks.isFetching}
        columns={[
          { key: 'code', title: m.sackCode, dataIndex: 'code' },
          { key: 'channel', title: m.channel, dataIndex: 'channelName' },
          { key: 'country', title: m.country, render: (_, r) => r.countryCode ?? m.anyCountry },
          { key: 'status', title: m.status, render: (_, r) => <Tag>{SackStatus.label(r.status, lang)}</Tag> },
          { key: 'n', title: m.packages, dataIndex: 'packageCount' },
          { key: 'w', title: m.weight, render: (_, r) => `${r.weightG} g` },
          { key: 'created', title: m.createTime, dataIndex: 'createTime', render: formatTime },
          {
            key: 'a',
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                {!!sackMachine.next(r.status, 'seal') && (
                  <Button size="small" onClick={() => setSealing(r)} data-testid={`seal-${r.code}`}>
                    {m.seal}
                  </Button>
                )}
                <PrintLabelButton station="sorting" url={r.labelUrl} />
              </Space>
            ),
          },
        ]}
      />
      {sealing && (
        <Modal open title={`${m.seal} ${sealing.code}`} onOk={seal} onCancel={() => setSealing(null)} destroyOnHidden>
          <Form form={sealForm} layout="vertical" preserve={false} initialValues={{ weightG: sealing.weightG || undefined }}>
            <Form.Item name="weightG" label={m.sealWeight} rules={[zodRule(SackSealBody.shape.weightG)]}>
              <NumberInput data-testid="seal-weight" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Space>
  );
}

function HandoverDialog({ batchId, onClose }: { batchId: number; onClose: () => void }) {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const invalidate = useInvalidateGoodsOut();
  const batch = useBatch(batchId);
  const [carrier, setCarrier] = useState('');
  const [nos, setNos] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const trackingNos = Object.entries(nos)
        .filter(([, v]) => v.trim())
        .map(([packageNo, trackingNo]) => ({ packageNo, trackingNo: trackingNo.trim() }));
      await shipBatch({ batchId, carrier: carrier || undefined, trackingNos });
      message.success(m.shipped);
      await invalidate();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={`${m.handoverTitle} ${batch.data?.batchNo ?? ''}`}
      onOk={submit}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'handover-ok' } as Record<string, string>) }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input placeholder={m.carrier} value={carrier || batch.data?.carrier} onChange={(e) => setCarrier(e.target.value)} />
        <Table
          size="small"
          rowKey="packageNo"
          pagination={false}
          dataSource={batch.data?.lines}
          columns={[
            { key: 'sack', title: m.sack, dataIndex: 'sackCode' },
            { key: 'no', title: m.packageNo, dataIndex: 'packageNo' },
            { key: 'c', title: m.country, dataIndex: 'countryCode' },
            { key: 'w', title: m.weight, render: (_, r) => `${r.weightG ?? '-'} g` },
            {
              key: 't',
              title: m.trackingNo,
              render: (_, r) => (
                <Input
                  size="small"
                  defaultValue={r.trackingNo}
                  onChange={(e) => setNos((x) => ({ ...x, [r.packageNo]: e.target.value }))}
                  data-testid={`tracking-${r.packageNo}`}
                />
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}

function OutStorage() {
  const m = useGoodsOutMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const invalidate = useInvalidateGoodsOut();
  const batches = useBatches({ limit: 50 });
  const [selected, setSelected] = useState<number | null>(null);
  const [handover, setHandover] = useState<number | null>(null);
  const openBatch = batches.data?.list.find((b) => b.id === selected && !!outBatchMachine.next(b.status, 'add_sack'));
  const newBatch = async () => {
    const b = await createBatch('');
    setSelected(b.id);
    await invalidate();
  };
  const onScan = async (raw: string): Promise<ScanOutcome> => {
    if (!openBatch) return { tone: 'error', text: m.newBatch, clip: 'fail' };
    const r = await addSack(openBatch.id, raw.toUpperCase());
    void invalidate();
    const text = fill(m.sackAdded, { code: raw.toUpperCase() });
    return { tone: 'success', text: `${text}（${r.packageCount}）`, clip: 'outStorageSuccess', say: text };
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => void newBatch()} data-testid="new-batch">
        {m.newBatch}
      </Button>
      {openBatch && (
        <ScanInput station="outStorage" placeholder={`${openBatch.batchNo}：${m.addSack}`} onScan={onScan}>
          <Typography.Text>
            {openBatch.batchNo} · {m.sacks} {openBatch.sackCount} · {m.packages} {openBatch.packageCount}
          </Typography.Text>
        </ScanInput>
      )}
      <Table<OutBatch>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={batches.data?.list}
        loading={batches.isFetching}
        rowClassName={(r) => (r.id === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'no', title: m.batchNo, dataIndex: 'batchNo', render: (v: string, r) => <a onClick={() => setSelected(r.id)}>{v}</a> },
          { key: 's', title: m.status, render: (_, r) => <Tag color={r.status === 'open' ? 'blue' : 'green'}>{BatchStatus.label(r.status, lang)}</Tag> },
          { key: 'c', title: m.carrier, dataIndex: 'carrier' },
          { key: 'sacks', title: m.sacks, dataIndex: 'sackCount' },
          { key: 'n', title: m.packages, dataIndex: 'packageCount' },
          { key: 'w', title: m.weight, render: (_, r) => `${r.weightG} g` },
          { key: 't', title: m.createTime, dataIndex: 'createTime', render: formatTime },
          {
            key: 'a',
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                {!!outBatchMachine.next(r.status, 'ship') && r.sackCount > 0 && (
                  <Button size="small" type="primary" onClick={() => setHandover(r.id)} data-testid={`handover-${r.batchNo}`}>
                    {m.handover}
                  </Button>
                )}
                <a href={r.manifestPdfUrl} target="_blank" rel="noreferrer" data-testid={`manifest-pdf-${r.batchNo}`}>
                  {m.manifest} PDF
                </a>
                <a href={r.manifestXlsxUrl} data-testid={`manifest-xlsx-${r.batchNo}`}>
                  Excel
                </a>
              </Space>
            ),
          },
        ]}
      />
      {handover && <HandoverDialog batchId={handover} onClose={() => setHandover(null)} />}
    </Space>
  );
}

/** warehouse/SortingOutStorage: sorting packages into sacks, the sacks (seal, label), and out-of-storage batches with hand-over and manifest. */
export default function SortingOutStorage() {
  const m = useGoodsOutMessages();
  const { query, setFilters } = useListQuery();
  const tab = query.tab ?? 'sorting';
  return (
    <Card extra={<PrintDriverStatus />}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setFilters({ tab: k })}
        items={[
          { key: 'sorting', label: m.sortingTab },
          { key: 'sacks', label: m.sacksTab },
          { key: 'out', label: m.outTab },
        ]}
      />
      {/* Only the shown tab is mounted: one scan input on screen at a time. */}
      {tab === 'sorting' && <SortingStation />}
      {tab === 'sacks' && <SackList />}
      {tab === 'out' && <OutStorage />}
    </Card>
  );
}
