import { Table, Tag, Typography } from 'antd';
import type { ReconcileRefundRow } from '@waystation/shared/contract/paymentReconcile';
import { formatMoney } from '../../components/money';
import { usePaymentMessages } from './messages';
import { RefundStatusTag } from './PaymentRefundTable';

/**
 * 支付对账's second list: the day's refunds through each channel's provider against what the ledger took from the
 * member's balance for them (the amount while live, nothing once failed and credited back).
 */
export function ReconcileRefunds({ refunds }: { refunds: ReconcileRefundRow[] }) {
  const m = usePaymentMessages();
  if (!refunds.length) return null;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {m.rcRefunds}
      </Typography.Title>
      <Table<ReconcileRefundRow>
        data-testid="reconcile-refunds"
        rowKey="refundNo"
        dataSource={refunds}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        columns={[
          { key: 'channel', title: m.rcChannel, dataIndex: 'channelName', width: 160 },
          { key: 'refundNo', title: m.rfNo, dataIndex: 'refundNo', width: 140 },
          { key: 'intentNo', title: m.rcIntentNo, dataIndex: 'intentNo', width: 140 },
          { key: 'amount', title: m.rfAmount, align: 'right', width: 130, render: (_, r) => formatMoney(r.amount, r.currency) },
          { key: 'status', title: m.rfStatus, width: 150, render: (_, r) => <RefundStatusTag status={r.status} /> },
          { key: 'ledger', title: m.rcLedgerTaken, align: 'right', width: 130, render: (_, r) => formatMoney(r.ledgerAmount, r.currency) },
          {
            key: 'result',
            title: m.rcResult,
            width: 110,
            render: (_, r) => <Tag color={r.result === 'matched' ? 'green' : 'red'}>{r.result === 'matched' ? m.rcMatched : m.rcAmountDiffers}</Tag>,
          },
        ]}
      />
    </>
  );
}
