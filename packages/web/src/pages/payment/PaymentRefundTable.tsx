import { Table, Tag } from 'antd';
import type { PaymentRefund, PaymentRefundStatus } from '@waystation/shared/contract/paymentRefunds';
import { formatMoney } from '../../components/money';
import { usePaymentMessages } from './messages';

const STATUS_COLOR: Record<PaymentRefundStatus, string> = { sending: 'blue', pending: 'gold', succeeded: 'green', failed: 'red' };

/** A refund's state as a coloured tag, the provider's words on a failed one on hover. */
export function RefundStatusTag({ status, failure = '' }: { status: PaymentRefundStatus; failure?: string }) {
  const m = usePaymentMessages();
  const name: Record<PaymentRefundStatus, string> = { sending: m.rfSending, pending: m.rfPending, succeeded: m.rfSucceeded, failed: m.rfFailed };
  return (
    <span title={failure}>
      <Tag color={STATUS_COLOR[status]}>{name[status]}</Tag>
    </span>
  );
}

/** Refunds through a payment provider with their state (the provider's words on a failed one, on hover). */
export function PaymentRefundTable({ refunds, loading = false }: { refunds: PaymentRefund[]; loading?: boolean }) {
  const m = usePaymentMessages();
  return (
    <Table<PaymentRefund>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={refunds}
      pagination={false}
      locale={{ emptyText: m.rfNone }}
      columns={[
        { key: 'no', title: m.rfNo, dataIndex: 'refundNo', width: 130 },
        { key: 'amount', title: m.rfAmount, align: 'right', width: 120, render: (_, r) => formatMoney(r.amount, r.currency) },
        {
          key: 'status',
          title: m.rfStatus,
          width: 150,
          render: (_, r) => <RefundStatusTag status={r.status} failure={r.failure} />,
        },
        { key: 'ref', title: m.rfProviderRef, dataIndex: 'providerRef', ellipsis: true },
        { key: 'remark', title: m.rfRemark, dataIndex: 'remark', ellipsis: true },
        { key: 'by', title: m.rfOperator, dataIndex: 'operatorName', width: 100 },
      ]}
    />
  );
}
