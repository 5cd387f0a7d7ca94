import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  MONEY_CATEGORIES,
  type MoneyCategory,
  type MoneyReportDay,
  reportMoneyCall,
  reportMoneyExportFile,
  reportMoneyReconcileCall,
} from '@waystation/shared/contract/report';
import { call } from '../../api/request';
import { downloadFile } from '../../api/download';
import { fill } from '../../i18n';
import { formatMoney } from '../../components/money';
import { LineChart } from '../../components/charts/LineChart';
import { useListQuery } from '../../components/useListQuery';
import { RangeBar, rangeOf } from './RangeBar';
import { useReportMessages } from './messages';

type Row = MoneyReportDay & { key: string; total?: boolean };

/**
 * 数据报表 › 资金报表: the ledger's movements per day and category, their net reconciled with the ledger read live, and
 * freight per channel (issue 15).
 */
export default function Money() {
  const m = useReportMessages();
  const { query, setFilters } = useListQuery();
  const range = rangeOf(query);
  const currency = query.currency?.toUpperCase() || undefined;
  const params = { ...range, currency };
  const report = useQuery({
    queryKey: ['report', 'money', params],
    queryFn: () => call(reportMoneyCall, params),
    placeholderData: (p) => p,
  });
  // The ledger's own sums, read live, beside the report's (a separate call: it reads every ledger row of the range).
  const reconcile = useQuery({
    queryKey: ['report', 'moneyReconcile', params],
    queryFn: () => call(reportMoneyReconcileCall, params),
  });
  const d = report.data;
  const rows = useMemo<Row[]>(() => {
    if (!d) return [];
    const out: Row[] = d.days.map((x) => ({ ...x, key: `${x.day}-${x.currency}` }));
    for (const c of new Set(d.days.map((x) => x.currency))) {
      const mine = d.days.filter((x) => x.currency === c);
      const amounts = Object.fromEntries(MONEY_CATEGORIES.map((k) => [k, mine.reduce((s, x) => s + x.amounts[k], 0)])) as Record<MoneyCategory, number>;
      out.push({
        key: `total-${c}`,
        total: true,
        day: m.sum,
        currency: c,
        amounts,
        net: mine.reduce((s, x) => s + x.net, 0),
        entries: mine.reduce((s, x) => s + x.entries, 0),
        serviceFees: mine.reduce((s, x) => s + x.serviceFees, 0),
      });
    }
    return out;
  }, [d, m]);
  const main = d?.days[0]?.currency;
  const days = useMemo(() => [...new Set(d?.days.map((x) => x.day) ?? [])], [d]);
  const series = useMemo(() => {
    // Signed as the table shows them (a payment below zero), in major units.
    const dayOf = (day: string) => d?.days.find((x) => x.day === day && x.currency === main);
    const of = (k: MoneyCategory) => days.map((day) => (dayOf(day)?.amounts[k] ?? 0) / 100);
    return [
      { label: m.mc_topup, color: '#52c41a', values: of('topup') },
      { label: m.mc_goods, color: '#1677ff', values: of('goods') },
      { label: m.mc_freight, color: '#fa8c16', values: of('freight') },
      { label: m.mc_refund, color: '#f5222d', values: of('refund') },
      { label: m.net, color: '#595959', values: days.map((day) => (dayOf(day)?.net ?? 0) / 100) },
    ];
  }, [d, days, main, m]);
  const checks = (reconcile.data?.list ?? []).map((c) => ({
    currency: c.currency,
    ok: c.matches,
    report: c.report.net,
    ledger: c.ledger.net,
    entries: c.ledger.entries,
  }));
  const money = (v: number, r: Row) => (v ? formatMoney(v, r.currency) : '—');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <RangeBar
          query={query}
          answered={d}
          onChange={(r) => setFilters({ ...r, currency })}
          extra={
            <>
              <Input.Search
                aria-label={m.currency}
                placeholder={m.currency}
                allowClear
                defaultValue={currency}
                style={{ width: 140 }}
                onSearch={(v) => setFilters({ ...range, currency: v.trim().toUpperCase() || undefined })}
              />
              <Button onClick={() => downloadFile(reportMoneyExportFile, params, m.fileMoney, 'spreadsheetml')}>{m.export}</Button>
            </>
          }
        />
        {checks.map((c) => (
          <Alert
            key={c.currency}
            style={{ marginBottom: 8 }}
            type={c.ok ? 'success' : 'warning'}
            showIcon
            data-testid={`reconcile-${c.currency}`}
            message={
              c.ok
                ? fill(m.reconciled, { currency: c.currency, net: formatMoney(c.report, c.currency), n: c.entries })
                : fill(m.notReconciled, { currency: c.currency, report: formatMoney(c.report, c.currency), ledger: formatMoney(c.ledger, c.currency) })
            }
          />
        ))}
        {d && d.days.length === 0 && <Empty description={m.noMoney} />}
        {d && days.length > 0 && (
          <>
            <Typography.Title level={5}>{m.moneyChartTitle}</Typography.Title>
            <LineChart labels={days.map((x) => x.slice(5))} series={series} label={m.moneyChartTitle} xLabel={m.day} />
          </>
        )}
      </Card>
      <Card extra={<Typography.Text type="secondary">{m.moneyNote}</Typography.Text>}>
        <Table<Row>
          size="small"
          rowKey="key"
          loading={report.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1500 }}
          rowClassName={(r) => (r.total ? 'report-total-row' : '')}
          locale={{ emptyText: <Empty description={m.noMoney} /> }}
          columns={[
            { key: 'day', title: m.day, dataIndex: 'day', width: 110, fixed: 'left', render: (v: string, r) => (r.total ? <b>{v}</b> : v) },
            { key: 'currency', title: m.currency, dataIndex: 'currency', width: 70 },
            ...MONEY_CATEGORIES.map((k) => ({
              key: k,
              title: m[`mc_${k}`],
              width: 120,
              align: 'right' as const,
              render: (_: unknown, r: Row) => money(r.amounts[k], r),
            })),
            { key: 'net', title: m.net, width: 130, align: 'right', render: (_, r) => <b>{formatMoney(r.net, r.currency)}</b> },
            { key: 'entries', title: m.entries, dataIndex: 'entries', width: 90, align: 'right' },
            { key: 'serviceFees', title: m.serviceFees, width: 120, align: 'right', render: (_, r) => money(r.serviceFees, r) },
          ]}
        />
      </Card>
      <Card title={m.byChannelTitle}>
        <Table
          size="small"
          rowKey={(r) => `${r.channelId}-${r.currency}`}
          dataSource={d?.byChannel ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={m.noMoney} /> }}
          columns={[
            { key: 'channel', title: m.channel, dataIndex: 'channelName', width: 200 },
            { key: 'freight', title: m.freight, width: 140, align: 'right', render: (_, r) => formatMoney(r.freight, r.currency) },
            { key: 'entries', title: m.entries, dataIndex: 'entries', width: 100, align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}
