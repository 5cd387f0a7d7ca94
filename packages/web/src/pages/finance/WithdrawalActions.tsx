import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { Withdrawal } from '@waystation/shared/contract/finance';
import { withdrawalMachine } from '@waystation/shared/machines/withdrawal';
import { fill, useT } from '../../i18n';
import { showFieldErrors, validValues } from '../../components/zodRule';
import { formatMoney } from '../../components/money';
import { payWithdrawal, reviewWithdrawal, useInvalidateFinance } from './api';
import { useFinanceMessages } from './messages';

/** The actions the withdrawal machine allows in the row's status: approve, reject (reason), pay (proof). */
export function WithdrawalActions({ w }: { w: Withdrawal }) {
  const m = useFinanceMessages();
  const t = useT();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidateFinance();
  const [dialog, setDialog] = useState<'reject' | 'pay' | null>(null);
  const [form] = Form.useForm<{ text: string }>();
  const actions = withdrawalMachine.allowed(w.status);
  const done = async () => {
    message.success(t('common.success'));
    await invalidate();
  };
  return (
    <Space>
      {actions.includes('approve') && (
        <Button
          type="primary"
          size="small"
          onClick={() =>
            modal.confirm({
              title: m.approve,
              content: fill(m.approveConfirm, { no: w.withdrawalNo, amount: formatMoney(w.amount, w.currency) }),
              okText: t('common.confirm'),
              cancelText: t('common.cancel'),
              onOk: async () => {
                await reviewWithdrawal({ id: w.id, result: 'approve' });
                await done();
              },
            })
          }
        >
          {m.approve}
        </Button>
      )}
      {actions.includes('pay') && (
        <Button size="small" type="primary" ghost onClick={() => setDialog('pay')}>
          {m.pay}
        </Button>
      )}
      {actions.includes('reject') && (
        <Button size="small" danger onClick={() => setDialog('reject')}>
          {m.reject}
        </Button>
      )}
      <Modal
        open={!!dialog}
        title={dialog === 'pay' ? m.pay : m.reject}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: dialog === 'reject' }}
        destroyOnHidden
        onCancel={() => setDialog(null)}
        onOk={async () => {
          const values = await validValues(form);
          if (!values) return;
          const { text } = values;
          try {
            if (dialog === 'pay') await payWithdrawal({ id: w.id, payProof: text.trim() });
            else await reviewWithdrawal({ id: w.id, result: 'reject', remark: text.trim() });
            setDialog(null);
            await done();
          } catch (e) {
            showFieldErrors(form, e);
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="text"
            label={dialog === 'pay' ? m.payProof : m.rejectReason}
            rules={[{ required: true, whitespace: true, message: dialog === 'pay' ? m.payProofRequired : m.rejectReasonRequired }]}
          >
            <Input.TextArea maxLength={dialog === 'pay' ? 500 : 300} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
