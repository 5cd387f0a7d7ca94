import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, List, Space, Tag, Typography } from 'antd';
import type { PackingScanResult, PackingWeighResult } from '@waystation/shared/contract/goodsOut';
import { PACKAGE_CODE } from '@waystation/shared/vocab/goods-out';
import { specString } from '@waystation/shared/vocab/label';
import { fill } from '../../i18n';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { MeasureInput, useMeasureRules } from '../../warehouse/MeasureInput';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { cue } from '../../warehouse/voice';
import { formatMoney } from '../../components/money';
import { confirmLabel, packingItem, packingScan, packingWeigh, useInvalidateGoodsOut } from './api';
import { PackageStatusTag, RaiseExceptionButton } from './components';
import { useGoodsOutMessages } from './messages';

const STATION = 'packing';
type Measures = { weightG: number; lengthMm: number; widthMm: number; heightMm: number };

/**
 * warehouse/Packing: scan a package → item checklist and member remarks → scan each item → weight and size → real
 * freight on the channel (packed, or patch_wait with the top-up) → print the label → scan the label to confirm.
 */
export default function Packing() {
  const m = useGoodsOutMessages();
  const invalidate = useInvalidateGoodsOut();
  const [pkg, setPkg] = useState<PackingScanResult | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [weighed, setWeighed] = useState<PackingWeighResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Measures>();
  const measureRules = useMeasureRules();

  const open = async (code: string): Promise<ScanOutcome> => {
    const r = await packingScan(code);
    setPkg(r);
    setChecked(new Set(r.items.filter((i) => i.checked).map((i) => i.itemCode)));
    setWeighed(null);
    form.resetFields();
    void invalidate();
    const text = fill(m.opened, { no: r.packageNo, n: r.items.length });
    return { tone: r.repeated ? 'warning' : 'info', text: r.repeated ? `${text}（${m.repeated}）` : text, say: m.scanItems };
  };

  const onScan = async (raw: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    const stage = weighed?.status ?? pkg?.status;
    const awaitingLabel = !!pkg && (stage === 'packed' || stage === 'pending_launch');
    if (awaitingLabel && PACKAGE_CODE.test(code)) {
      const r = await confirmLabel(pkg!.packageNo, code);
      setPkg(null);
      setWeighed(null);
      void invalidate();
      return { tone: r.repeated ? 'warning' : 'success', text: `${r.packageNo} ${m.labelOk}`, clip: 'success', say: m.labelOk };
    }
    if (!pkg || PACKAGE_CODE.test(code)) return open(code);
    const r = await packingItem(pkg.packageNo, code);
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
    setBusy(true);
    try {
      const r = await packingWeigh({ packageNo: pkg!.packageNo, ...v });
      setWeighed(r);
      void invalidate();
      if (r.status === 'patch_wait') cue(STATION, 'fail', fill(m.patchWait, { amount: formatMoney(r.patchAmount, r.currency) }));
      else cue(STATION, 'success', m.packedOk);
    } catch (e) {
      cue(STATION, 'fail', (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const allChecked = !!pkg && pkg.items.every((i) => checked.has(i.itemCode));
  return (
    <Card extra={<PrintDriverStatus />}>
      <ScanInput station={STATION} placeholder={m.packingPlaceholder} onScan={onScan} work="packing">
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
                <RaiseExceptionButton packageNo={pkg.packageNo} onDone={() => setPkg(null)} />
                <Button onClick={() => setPkg(null)}>{m.clearPackage}</Button>
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
            {allChecked && !weighed && pkg.status === 'packing' && (
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
            {!weighed && pkg.labelUrl && (pkg.status === 'packed' || pkg.status === 'pending_launch') && (
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
                {weighed.status === 'patch_wait' ? (
                  <Alert
                    type="error"
                    showIcon
                    data-testid="patch-alert"
                    title={fill(m.patchWait, { amount: formatMoney(weighed.patchAmount, weighed.currency) })}
                  />
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
    </Card>
  );
}
