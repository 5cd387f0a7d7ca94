import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Empty, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import {
  paymentCreditMissingCall,
  paymentReconcileCall,
  paymentReconcileExportFile,
  type ReconcileResultKind,
  type ReconcileRow,
} from '@waystation/shared/contract/paymentReconcile';
import { call } from '../../api/request';
import { downloadFile } from '../../api/download';
import { fill, useT } from '../../i18n';
import { formatMoney } from '../../components/money';
import { useListQuery } from '../../components/useListQuery';
import { usePaymentMessages } from './messages';
import { useVerify } from '../../components/verify/useVerify';
import { RefundDialog } from './RefundDialog';
import { ReconcileRefunds } from './ReconcileRefunds';

const RESULT_COLOR: Record<ReconcileResultKind, string> = {
  matched: 'green',
  missing_in_ledger: 'red',
  missing_at_provider: 'orange',
  amount_differs: 'red',
};

/** Yesterday's business day (Asia/Shanghai): the last whole day a provider has settled. */
const yesterday = () =>
  dayjs()
    .add(8 - dayjs().utcOffset() / 60, 'hour')
    .subtract(1, 'day')
    .format('YYYY-MM-DD');

/**
 * 支付管理 › 支付对账: a business day's payments as each gateway lists them, against the ledger's credits, per channel;
 * the differences first. The day is in the URL; the export is the rows the table shows.
 */
export default function Reconcile() {
  const m = usePaymentMessages();
  const t = useT();
  const { modal, message } = App.useApp();
  const { query, setFilters } = useListQuery();
  const [run, verifyHolder] = useVerify();
  const [refunding, setRefunding] = useState('');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(query.date ?? '') ? query.date! : yesterday();
  const result = useQuery({ queryKey: ['payment', 'reconcile', date], queryFn: () => call(paymentReconcileCall, { date }) });
  const rows = [...(result.data?.rows ?? [])].sort((a, b) => Number(a.result === 'matched') - Number(b.result === 'matched'));
  const resultName: Record<ReconcileResultKind, string> = {
    matched: m.rcMatched,
    missing_in_ledger: m.rcMissingInLedger,
    missing_at_provider: m.rcMissingAtProvider,
    amount_differs: m.rcAmountDiffers,
  };
  const amount = (v: number | null, r: ReconcileRow) => (v === null ? '—' : formatMoney(v, r.currency));
  const creditByHand = (r: ReconcileRow) =>
    modal.confirm({
      title: m.rcCredit,
      content: fill(m.rcCreditConfirm, { intentNo: r.intentNo, amount: amount(r.providerAmount, r) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      // Not awaited: the confirmation closes and the verify dialog takes over.
      onOk: () =>
        void (async () => {
          const done = await run('modify_user_amount', r.intentNo, (headers) => call(paymentCreditMissingCall, { intentNo: r.intentNo }, { headers }));
          if (!done) return;
          message.success(t('common.success'));
          await result.refetch();
        })(),
    });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          aria-label={m.rcDate}
          allowClear={false}
          value={dayjs(date)}
          disabledDate={(d) => d.isAfter(dayjs())}
          onChange={(d) => d && setFilters({ date: d.format('YYYY-MM-DD') })}
        />
        <Button
          onClick={() => downloadFile(paymentReconcileExportFile, { date }, fill(m.rcFile, { date }), 'spreadsheetml')}
          disabled={!rows.length && !result.data?.refunds.length}
        >
          {m.rcExport}
        </Button>
      </Space>
      {result.data && !result.data.channels.length && <Empty description={m.rcNoGateway} />}
      {result.data?.channels.map((c) => (
        <Alert
          key={`${c.channelId}-${c.currency}`}
          data-testid={`reconcile-channel-${c.channelId}`}
          style={{ marginBottom: 8 }}
          type={c.error ? 'error' : c.differences ? 'warning' : 'success'}
          message={`${c.channelName} · ${c.currency}`}
          description={
            c.error
              ? fill(m.rcProviderError, { error: c.error })
              : fill(m.rcSummary, {
                  payments: c.payments,
                  provider: formatMoney(c.providerTotal, c.currency),
                  ledger: formatMoney(c.ledgerTotal, c.currency),
                  differences: c.differences,
                })
          }
        />
      ))}
      <Table<ReconcileRow>
        rowKey={(r) => `${r.channelId}-${r.paymentId}-${r.intentNo}`}
        loading={result.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={m.rcNoPayments} /> }}
        scroll={{ x: 900 }}
        columns={[
          { key: 'channel', title: m.rcChannel, dataIndex: 'channelName', width: 160 },
          { key: 'paymentId', title: m.rcPaymentId, dataIndex: 'paymentId', width: 220 },
          { key: 'intentNo', title: m.rcIntentNo, dataIndex: 'intentNo', width: 140 },
          { key: 'provider', title: m.rcProviderAmount, align: 'right', width: 140, render: (_, r) => amount(r.providerAmount, r) },
          { key: 'ledger', title: m.rcLedgerAmount, align: 'right', width: 140, render: (_, r) => amount(r.ledgerAmount, r) },
          { key: 'result', title: m.rcResult, width: 120, render: (_, r) => <Tag color={RESULT_COLOR[r.result]}>{resultName[r.result]}</Tag> },
          {
            key: 'actions',
            title: m.rcActions,
            width: 90,
            fixed: 'right',
            // A payment the provider took and the ledger credited: its money can go back the way it came.
            render: (_, r) =>
              r.providerAmount !== null && r.ledgerAmount !== null && r.intentNo ? (
                <Button size="small" type="link" onClick={() => setRefunding(r.intentNo)}>
                  {m.rfAction}
                </Button>
              ) : r.result === 'missing_in_ledger' && r.intentNo ? (
                // The provider took the money and the ledger never credited it: asked again, credited once.
                <Button size="small" type="link" onClick={() => creditByHand(r)}>
                  {m.rcCredit}
                </Button>
              ) : null,
          },
        ]}
      />
      <ReconcileRefunds refunds={result.data?.refunds ?? []} />
      {refunding && (
        <RefundDialog
          intentNo={refunding}
          run={run}
          onClose={() => {
            setRefunding('');
            // The day's refunds list below gains what was just refunded.
            void result.refetch();
          }}
        />
      )}
      {verifyHolder}
    </Card>
  );
}
