import { useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import { AdjustBody } from '@waystation/shared/contract/vip';
import { DEFAULT_CURRENCY, toMinor } from '@waystation/shared/contract/ledger';
import { fill, useT } from '../../i18n';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import type { RunVerified } from '../../components/verify/useVerify';
import { formatMoney } from '../../components/money';
import { modifyAmount, modifyCommission, useInvalidateMember } from './api';
import { useVipMessages } from './messages';

interface Values {
  direction: 'add' | 'deduct';
  amount: string;
  remark: string;
}

/**
 * Balance or commission adjustment: confirmation, then the verify dialog (modify_user_amount /
 * modify_user_commission), then one ledger row. The requestId is fixed while the dialog is open, so a retry
 * after a lost answer applies once.
 */
export function AdjustModal({ memberId, kind, run, onClose }: { memberId: number; kind: 'balance' | 'commission'; run: RunVerified; onClose(): void }) {
  const m = useVipMessages();
  const t = useT();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateMember();

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const text = fill(m.adjustConfirm, { direction: v.direction === 'add' ? m.add : m.deduct, amount: formatMoney(toMinor(v.amount), DEFAULT_CURRENCY) });
    modal.confirm({
      title: kind === 'balance' ? m.adjustBalance : m.adjustCommission,
      content: text,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: v.direction === 'deduct' },
      // Not awaited: the confirmation closes and the verify dialog takes over.
      onOk: () => void apply(v),
    });
  };

  const apply = async (v: Values) => {
    setBusy(true);
    try {
      const body = { memberId, direction: v.direction, amount: v.amount, remark: v.remark.trim(), requestId };
      const type = kind === 'balance' ? 'modify_user_amount' : 'modify_user_commission';
      const res = await run(type, memberId, (headers) => (kind === 'balance' ? modifyAmount(body, headers) : modifyCommission(body, headers)));
      if (!res) return;
      message.success(t('common.success'));
      await invalidate();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={kind === 'balance' ? m.adjustBalance : m.adjustCommission}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ direction: 'add', amount: '', remark: '' }}>
        <Form.Item name="direction" label={m.direction}>
          <Radio.Group>
            <Radio value="add">{m.add}</Radio>
            <Radio value="deduct">{m.deduct}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="amount" label={m.amount} rules={[zodRule(AdjustBody.shape.amount)]}>
          <Input inputMode="decimal" suffix={DEFAULT_CURRENCY} />
        </Form.Item>
        <Form.Item name="remark" label={m.remark} rules={[zodRule(AdjustBody.shape.remark)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
