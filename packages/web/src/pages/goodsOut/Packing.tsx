import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, List, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { PackingScanResult, PackingWeighResult } from '@waystation/shared/contract/goodsOut/stations';
import { PACKAGE_CODE } from '@waystation/shared/vocab/goods-out';
import { packageMachine } from '@waystation/shared/machines/package';
import { specString } from '@waystation/shared/vocab/label';
import { fill, useLang } from '../../i18n';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { MeasureInput, useMeasureRules } from '../../warehouse/MeasureInput';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { PackCustoms } from './PackCustoms';
import { CarrierOutcome } from './PackCarrier';
import { StationWorkPanel, stationWorkKey } from '../../warehouse/StationWork';
import { isUndelivered } from '../../warehouse/pendingScans';
import { cue } from '../../warehouse/voice';
import { focusScanBox } from '../../warehouse/keyBuffer';
import { formatMoney } from '../../components/money';
import { relativeTime } from '../../utils/time';
import { confirmLabel, packingItem, packingScan, packingWeigh, useInvalidateGoodsOut, useParked } from './api';
import { PackageStatusTag, RaiseExceptionButton } from './components';
import { useGoodsOutMessages } from './messages';

const STATION = 'packing';
/**
 * The station switches on what the server says may be done next (its `actions`, as 包裹详情), not on status strings;
 * what the member's side does next (the freight top-up paid) the web asks the same machine.
 */
const awaitsTopUp = (status: string) => !!packageMachine.transitionOf(status, 'patch_paid');
const toppedUp = (status: string) => (packageMachine.toStatuses('patch_paid') as string[]).includes(status);
const labelNext = (r: { actions: readonly string[] }) => r.actions.includes('label_confirm');
type Measures = { weightG: number; lengthMm: number; widthMm: number; heightMm: number };

/** Beside the scan box: the packages set aside for a freight top-up, the oldest first; a paid one is scanned back. */
function ParkedPanel() {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const parked = useParked();
  return (
    <Card size="small" data-testid="parked-panel" title={`${m.parkedList} ${parked.data?.total ?? ''}`}>
      <List
        size="small"
        loading={parked.isLoading}
        dataSource={parked.data?.list ?? []}
        locale={{ emptyText: m.noParked }}
        renderItem={(r) => (
          <List.Item data-testid="parked-row" data-status={r.status}>
            <Space orientation="vertical" size={0}>
              <Space size={4}>
                <Tag>{r.packageNo}</Tag>
                {awaitsTopUp(r.status) ? <Tag color="magenta">{m.parkedWaiting}</Tag> : <Tag color="green">{m.parkedPaid}</Tag>}
              </Space>
              <span>
                {r.userCode} {r.userName}
                {awaitsTopUp(r.status) && <b> {formatMoney(r.patchAmount, r.currency)}</b>}
              </span>
              <Typography.Text type="secondary">{relativeTime(r.packedAt ?? r.since, Date.now(), lang)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * warehouse/Packing: scan a package → item checklist and member remarks → scan each item → weight and size → real
 * freight on the channel (packed, or patch_wait with the top-up) → print the label → scan the label to confirm.
 */
export default function Packing() {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const invalidateGoodsOut = useInvalidateGoodsOut();
  const invalidate = () => Promise.all([invalidateGoodsOut(), qc.invalidateQueries({ queryKey: stationWorkKey('packing') })]);
  const [pkg, setPkg] = useState<PackingScanResult | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [weighed, setWeighed] = useState<PackingWeighResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Measures>();
  const measureRules = useMeasureRules();
  // The package open as scans are made (not as answers come back): an item scan goes with the package scanned before
  // it, also when it was kept while the network was down.
  const opened = useRef<string | null>(null);
  const contextOf = (raw: string) => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) opened.current = code;
    else return opened.current ?? undefined;
  };
  const clear = () => {
    opened.current = null;
    setPkg(null);
    setWeighed(null);
  };

  const open = async (code: string): Promise<ScanOutcome> => {
    let r: PackingScanResult;
    try {
      r = await packingScan(code);
    } catch (e) {
      if (!isUndelivered(e) && opened.current === code) opened.current = null;
      throw e;
    }
    opened.current = r.packageNo;
    setPkg(r);
    setChecked(new Set(r.items.filter((i) => i.checked).map((i) => i.itemCode)));
    setWeighed(null);
    form.resetFields();
    void invalidate();
    // Each status the package may be found in says what comes next; only a package still being packed is a repeat.
    if (awaitsTopUp(r.status)) {
      const text = fill(m.stillWaiting, { no: r.packageNo, amount: formatMoney(r.patchAmount, r.currency) });
      return { tone: 'warning', text, clip: 'fail', say: text };
    }
    if (labelNext(r) && toppedUp(r.status)) {
      const text = fill(m.resumed, { no: r.packageNo });
      return { tone: 'success', text, clip: 'success', say: text };
    }
    if (labelNext(r)) {
      const text = fill(m.awaitLabel, { no: r.packageNo });
      return { tone: 'info', text, say: text };
    }
    const text = fill(m.opened, { no: r.packageNo, n: r.items.length });
    return { tone: r.repeated ? 'warning' : 'info', text: r.repeated ? `${text}（${m.repeated}）` : text, say: m.scanItems };
  };

  /** Sets a package waiting for its freight top-up aside (it stays in patch_wait, listed as parked) and frees the station. */
  const park = () => {
    if (!pkg) return;
    const text = fill(m.parkedOne, { no: pkg.packageNo });
    clear();
    message.info(text);
    cue(STATION, 'success', text);
    void invalidate();
  };

  const onScan = async (raw: string, openedNo?: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    const stage = weighed ?? pkg;
    const awaitingLabel = !!stage && labelNext(stage);
    if (awaitingLabel && PACKAGE_CODE.test(code)) {
      const r = await confirmLabel(pkg!.packageNo, code);
      clear();
      void invalidate();
      return { tone: r.repeated ? 'warning' : 'success', text: `${r.packageNo} ${m.labelOk}`, clip: 'success', say: m.labelOk };
    }
    if (PACKAGE_CODE.test(code) || !(openedNo ?? pkg)) return open(code);
    const r = await packingItem(openedNo ?? pkg!.packageNo, code);
    setChecked((s) => new Set([...s, r.itemCode]));
    if (r.checkedCount === r.itemCount)
      return { tone: 'success', text: `${r.checkedCount}/${r.itemCount} ${m.allChecked}`, clip: 'success', say: m.allChecked };
    return {
      tone: r.repeated ? 'warning' : 'success',
      text: `${r.itemCode} ${r.checkedCount}/${r.itemCount}`,
      clip: 'success',
      say: `${r.checkedCount}/${r.itemCount}`,
    };
  };

  const weigh = async (v: Measures) => {
    focusScanBox();
    setBusy(true);
    try {
      const r = await packingWeigh({ packageNo: pkg!.packageNo, ...v });
      setWeighed(r);
      void invalidate();
      if (!labelNext(r)) cue(STATION, 'fail', fill(m.patchWait, { amount: formatMoney(r.patchAmount, r.currency) }));
      else cue(STATION, 'success', m.packedOk);
    } catch (e) {
      cue(STATION, 'fail', (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const allChecked = !!pkg && pkg.items.every((i) => checked.has(i.itemCode));
  /** What the package waits for, from whom, and the way on: park it and scan the next one. */
  const patchAlert = (amount: number, currency: string) => (
    <Alert
      type="warning"
      showIcon
      data-testid="patch-alert"
      title={fill(m.patchTitle, { amount: formatMoney(amount, currency), member: `${pkg?.userCode ?? ''} ${pkg?.userName ?? ''}`.trim() })}
      description={m.patchHow}
      action={
        <Button type="primary" onClick={park} data-testid="park-package">
          {m.park}
        </Button>
      }
    />
  );
  return (
    <Card extra={<PrintDriverStatus />}>
      <div className="scan-kit-with-work">
        <ScanInput station={STATION} placeholder={m.packingPlaceholder} onScan={onScan} contextOf={contextOf}>
          {pkg && (
            <Card
              size="small"
              data-testid="packing-package"
              title={
                <Space>
                  <span className="scan-big">{pkg.packageNo}</span>
                  <PackageStatusTag status={weighed?.status ?? pkg.status} />
                  <Tag>{pkg.channelName}</Tag>
                  <Tag>{pkg.countryCode}</Tag>
                </Space>
              }
              extra={
                <Space>
                  <RaiseExceptionButton packageNo={pkg.packageNo} onDone={clear} />
                  <Button onClick={clear}>{m.clearPackage}</Button>
                </Space>
              }
            >
              {pkg.memberRemark && <Alert type="warning" showIcon title={`${m.remark}：${pkg.memberRemark}`} style={{ marginBottom: 8 }} />}
              <List
                size="small"
                header={
                  <b>
                    {m.checklist} {checked.size}/{pkg.items.length}
                  </b>
                }
                dataSource={pkg.items}
                renderItem={(i) => (
                  <List.Item data-testid="checklist-item" className={checked.has(i.itemCode) ? 'scan-log-success' : undefined}>
                    <Space>
                      {checked.has(i.itemCode) ? '✅' : '⬜'}
                      <span>{i.itemCode}</span>
                      <b>{i.quickCode.join(' ')}</b>
                      <span>{i.title}</span>
                      <Typography.Text type="secondary">{specString(i.propsList)}</Typography.Text>
                      <span>{i.weightG} g</span>
                    </Space>
                  </List.Item>
                )}
              />
              <div style={{ marginTop: 12 }}>
                <PackCustoms id={pkg.id} packageNo={pkg.packageNo} editable />
              </div>
              {allChecked && !weighed && pkg.actions.includes('pack_done') && (
                <Form form={form} layout="inline" style={{ marginTop: 12 }} onFinish={weigh} data-enter-chain>
                  {(['weightG', 'lengthMm', 'widthMm', 'heightMm'] as const).map((f, i) => (
                    <Form.Item key={f} name={f} label={m[f]} rules={measureRules(m[f], f === 'weightG' ? 'g' : 'mm')}>
                      <MeasureInput unit={f === 'weightG' ? 'g' : 'mm'} autoFocus={i === 0} data-testid={`pack-${f}`} />
                    </Form.Item>
                  ))}
                  <Button type="primary" htmlType="submit" loading={busy} data-testid="submit-weigh">
                    {m.submitWeigh}
                  </Button>
                </Form>
              )}
              {!weighed && awaitsTopUp(pkg.status) && <div style={{ marginTop: 12 }}>{patchAlert(pkg.patchAmount, pkg.currency)}</div>}
              {!weighed && pkg.labelUrl && labelNext(pkg) && (
                <Space style={{ marginTop: 12 }}>
                  <Alert type="info" showIcon title={m.scanLabel} />
                  <PrintLabelButton station={STATION} url={pkg.labelUrl} hotkey />
                </Space>
              )}
              {weighed && (
                <Space orientation="vertical" style={{ marginTop: 12, width: '100%' }}>
                  <Descriptions size="small" column={3} bordered>
                    <Descriptions.Item label={m.realWeight}>{weighed.realWeightG} g</Descriptions.Item>
                    <Descriptions.Item label={m.volume}>{weighed.volumeCm3} cm³</Descriptions.Item>
                    <Descriptions.Item label={m.chargeable}>
                      {weighed.chargeableWeightG} g（{m.volumetric} {weighed.volumetricWeightG} g）
                    </Descriptions.Item>
                    <Descriptions.Item label={m.freightCharged}>{formatMoney(weighed.freightCharged, weighed.currency)}</Descriptions.Item>
                    <Descriptions.Item label={m.freightReal}>
                      <span data-testid="freight-real">{formatMoney(weighed.freightReal, weighed.currency)}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label={m.patch}>{weighed.patchAmount ? formatMoney(weighed.patchAmount, weighed.currency) : '-'}</Descriptions.Item>
                  </Descriptions>
                  {weighed.carrier && <CarrierOutcome id={weighed.id} shipment={weighed.carrier} onBooked={(carrier) => setWeighed({ ...weighed, carrier })} />}
                  {!labelNext(weighed) ? (
                    patchAlert(weighed.patchAmount, weighed.currency)
                  ) : (
                    <Space>
                      <Alert type="success" showIcon title={m.packedOk} />
                      <PrintLabelButton station={STATION} url={weighed.labelUrl} auto hotkey />
                    </Space>
                  )}
                </Space>
              )}
            </Card>
          )}
        </ScanInput>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <ParkedPanel />
          <StationWorkPanel station="packing" />
        </Space>
      </div>
    </Card>
  );
}
