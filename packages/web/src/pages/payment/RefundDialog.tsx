import { useState } from 'react';
import { App, Alert, Form, Input, Modal } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRefundListCall, paymentRefundPaymentCall, RefundPaymentBody } from '@waystation/shared/contract/paymentRefunds';
import { toMinor } from '@waystation/shared/contract/ledger';
import { call } from '../../api/request';
import { fill, useT } from '../../i18n';
import { formatMoney } from '../../components/money';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import type { RunVerified } from '../../components/verify/useVerify';
import { usePaymentMessages } from './messages';
import { PaymentRefundTable } from './PaymentRefundTable';

const refundsKey = (intentNo: string) => ['payment', 'refunds', intentNo] as const;

/**
 * 退款 of a paid gateway top-up back to where its money came from: the top-up's refunds with their state, and a refund
 * of at most what is left (the verify dialog, refund_review, takes over on submit). The balance is debited at once; a
 * refund the provider fails goes back to it.
 */
export function RefundDialog({ intentNo, run, onClose }: { intentNo: string; run: RunVerified; onClose(): void }) {
  const m = usePaymentMessages();
  const t = useT();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ amount: string; remark: string }>();
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: refundsKey(intentNo), queryFn: () => call(paymentRefundListCall, { intentNo }) });
  const currency = list.data?.currency ?? '';

  const apply = async (v: { amount: string; remark: string }) => {
    setBusy(true);
    try {
      const body = { intentNo, amount: v.amount, remark: v.remark.trim() };
      const res = await run('refund_review', intentNo, (headers) => call(paymentRefundPaymentCall, body, { headers }));
      if (!res) return;
      if (res.status === 'failed') message.error(fill(m.rfRefused, { failure: res.failure }), 6);
      else message.success(t('common.success'));
      form.resetFields();
      await qc.invalidateQueries({ queryKey: refundsKey(intentNo) });
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    modal.confirm({
      title: m.rfTitle,
      content: fill(m.rfConfirm, { amount: formatMoney(toMinor(v.amount), currency), intentNo }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      // Not awaited: the confirmation closes and the verify dialog takes over.
      onOk: () => void apply(v),
    });
  };

  return (
    <Modal
      open
      width={760}
      title={`${m.rfTitle} · ${intentNo}`}
      onOk={submit}
      onCancel={onClose}
      okText={m.rfSubmit}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, disabled: !list.data?.refundable, danger: true }}
      destroyOnHidden
    >
      {list.data && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          message={fill(m.rfSummary, { paid: formatMoney(list.data.paid, currency), refundable: formatMoney(list.data.refundable, currency) })}
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ amount: '', remark: '' }}>
        <Form.Item name="amount" label={m.rfAmount} rules={[zodRule(RefundPaymentBody.shape.amount)]}>
          <Input inputMode="decimal" suffix={currency} data-testid="refund-amount" />
        </Form.Item>
        <Form.Item name="remark" label={m.rfRemark} rules={[zodRule(RefundPaymentBody.shape.remark)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      <PaymentRefundTable refunds={list.data?.refunds ?? []} loading={list.isFetching} />
    </Modal>
  );
}
