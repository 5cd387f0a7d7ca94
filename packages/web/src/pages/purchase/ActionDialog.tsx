import { Form, Input, Modal, Select } from 'antd';
import { LogisticsBody, PurchasedBody, type PurchaseDetail } from '@waystation/shared/contract/purchase';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { amountText, positiveAmount } from '@waystation/shared/rules';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { LogisticsStatus } from '@waystation/shared/vocab/goods-in';
import { useLang } from '../../i18n';
import { zodRule } from '../../components/zodRule';
import { usePurchasers } from './api';
import { useBuyMessages, useEventLabels } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';

type Field = 'reason' | 'note' | 'amount' | 'purchaserId' | 'mallOrderNo' | 'realPrice' | 'domesticFee' | 'trackingNo' | 'logisticsStatus';

/** The form fields each desk action asks for (events without fields run after a confirmation). */
export const FIELDS: Partial<Record<PurchaseEvent, Field[]>> = {
  transfer: ['purchaserId', 'note'],
  hold: ['reason'],
  release: ['note'],
  qc_release: ['note'],
  purchase: ['mallOrderNo', 'realPrice', 'domesticFee', 'trackingNo'],
  patch_request: ['amount', 'note'],
  patch_refund: ['amount', 'note'],
  patch_paid: ['note'],
  patch_match: ['note'],
  fail: ['reason'],
  cancel: ['reason'],
  logistics: ['trackingNo', 'logisticsStatus'],
};

/** The call body of an action from the dialog's values (money typed in yuan as text, sent in fen exactly). */
export function bodyOf(event: PurchaseEvent, id: number, v: Record<string, unknown>): object {
  const body: Record<string, unknown> = { id };
  for (const f of FIELDS[event] ?? []) {
    const value = v[f];
    if (f === 'amount' || f === 'realPrice' || f === 'domesticFee') body[f] = decimalToMinor(String(value ?? '0').trim() || '0');
    else if (value !== undefined && value !== null && value !== '') body[f] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

export function ActionDialog({
  event,
  line,
  busy,
  onOk,
  onCancel,
}: {
  event: PurchaseEvent;
  line: PurchaseDetail;
  busy: boolean;
  onOk: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const m = useBuyMessages();
  const ev = useEventLabels();
  const lang = useLang((s) => s.lang);
  const [form] = Form.useForm();
  const fields = FIELDS[event] ?? [];
  const purchasers = usePurchasers(fields.includes('purchaserId'));
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Modal open title={ev[event as keyof typeof ev]} confirmLoading={busy} onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={onOk}
        initialValues={{
          trackingNo: line.trackingNo || undefined,
          logisticsStatus: line.logisticsStatus ?? undefined,
          realPrice: minorToDecimal(line.unitPrice * line.quantity),
          domesticFee: '0',
        }}
      >
        <p>
          {line.purchaseNo} · {line.title}
        </p>
        {fields.includes('purchaserId') && (
          <Form.Item name="purchaserId" label={m.targetPurchaser} rules={[{ required: true, message: m.targetPurchaser }]}>
            <Select options={purchasers.data?.filter((p) => p.id !== line.purchaserId).map((p) => ({ value: p.id, label: `${p.name} (${p.username})` }))} />
          </Form.Item>
        )}
        {fields.includes('mallOrderNo') && (
          <Form.Item name="mallOrderNo" label={m.mallOrderNo} rules={[zodRule(PurchasedBody.shape.mallOrderNo)]}>
            <Input maxLength={64} />
          </Form.Item>
        )}
        {fields.includes('realPrice') && (
          <Form.Item name="realPrice" label={m.realPrice} rules={[zodRule(amountText)]}>
            <Input inputMode="decimal" suffix="CNY" style={{ width: 200 }} />
          </Form.Item>
        )}
        {fields.includes('domesticFee') && (
          <Form.Item name="domesticFee" label={m.domesticFee} rules={[zodRule(amountText)]}>
            <Input inputMode="decimal" suffix="CNY" style={{ width: 200 }} />
          </Form.Item>
        )}
        {fields.includes('trackingNo') && (
          <Form.Item
            name="trackingNo"
            label={m.trackingNo}
            rules={[zodRule(event === 'logistics' ? LogisticsBody.shape.trackingNo : PurchasedBody.shape.trackingNo)]}
          >
            <Input maxLength={64} />
          </Form.Item>
        )}
        {fields.includes('logisticsStatus') && (
          <Form.Item name="logisticsStatus" label={m.logisticsStatus} rules={[{ required: true, message: m.logisticsStatus }]}>
            <Select options={vocabOptions(LogisticsStatus, lang)} />
          </Form.Item>
        )}
        {fields.includes('amount') && (
          <Form.Item name="amount" label={m.amount} rules={[zodRule(positiveAmount)]}>
            <Input inputMode="decimal" suffix="CNY" style={{ width: 200 }} />
          </Form.Item>
        )}
        {fields.includes('reason') && (
          <Form.Item name="reason" label={m.reason} rules={required(m.reason)}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        )}
        {fields.includes('note') && (
          <Form.Item name="note" label={m.note}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
