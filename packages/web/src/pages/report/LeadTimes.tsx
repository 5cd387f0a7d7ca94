import { useMemo } from 'react';
import { Button, Card, Empty, Segmented, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LEAD_STAGES, type LeadStage, type LeadTimeRow, reportLeadTimesCall, reportLeadTimesExportFile } from '@waystation/shared/contract/report';
import { Marketplace } from '@waystation/shared/vocab/account';
import { call } from '../../api/request';
import { downloadFile } from '../../api/download';
import { fill, useLang } from '../../i18n';
import { LineChart } from '../../components/charts/LineChart';
import { useListQuery } from '../../components/useListQuery';
import { RangeBar, rangeOf } from './RangeBar';
import { useReportMessages } from './messages';

const STAGE_COLORS: Record<LeadStage, string> = {
  purchase: '#1677ff',
  arrival: '#13c2c2',
  shelving: '#52c41a',
  pack_order: '#faad14',
  shipping: '#722ed1',
};
const GROUPINGS = ['all', 'marketplace', 'channel'] as const;
type Grouping = (typeof GROUPINGS)[number];

/** 数据报表 › 流转时效: per week, the median and p90 hours of each stage from payment to shipping (issue 15). */
export default function LeadTimes() {
  const m = useReportMessages();
  const lang = useLang((s) => s.lang);
  const { query, setFilters } = useListQuery();
  const range = rangeOf(query, 90);
  const by: Grouping = (GROUPINGS as readonly string[]).includes(query.by ?? '') ? (query.by as Grouping) : 'all';
  const params = { ...range, by };
  const report = useQuery({
    queryKey: ['report', 'leadTimes', params],
    queryFn: () => call(reportLeadTimesCall, params),
    placeholderData: (p) => p,
  });
  const d = report.data;
  const duration = (h: number) => (h >= 48 ? fill(m.days, { n: (h / 24).toFixed(1) }) : fill(m.hours, { n: h }));
  const weeks = useMemo(() => [...new Set(d?.list.map((r) => r.week) ?? [])], [d]);
  const series = useMemo(
    () =>
      LEAD_STAGES.map((s) => ({
        label: m[`ls_${s}`],
        color: STAGE_COLORS[s],
        values: weeks.map((w) => d?.list.find((r) => r.week === w && r.stage === s && r.group === 'all')?.p50Hours ?? null),
      })),
    [d, weeks, m],
  );
  const byLabel: Record<Grouping, string> = { all: m.byAll, marketplace: m.byMarketplace, channel: m.byChannel };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <RangeBar
          query={query}
          answered={d}
          defaultDays={90}
          onChange={(r) => setFilters({ ...r, by: by === 'all' ? undefined : by })}
          extra={
            <>
              <Segmented
                aria-label={m.by}
                value={by}
                options={GROUPINGS.map((g) => ({ value: g, label: byLabel[g] }))}
                onChange={(v) => setFilters({ ...range, by: v === 'all' ? undefined : v })}
              />
              <Button onClick={() => downloadFile(reportLeadTimesExportFile, params, m.fileLeadTimes, 'spreadsheetml')}>{m.export}</Button>
            </>
          }
        />
        {d && d.list.length === 0 && <Empty description={m.noLeadTimes} />}
        {d && by === 'all' && weeks.length > 0 && (
          <>
            <Typography.Title level={5}>{m.leadChartTitle}</Typography.Title>
            <LineChart labels={weeks.map((w) => w.slice(5))} series={series} label={m.leadChartTitle} xLabel={m.week} />
          </>
        )}
      </Card>
      <Card>
        <Table<LeadTimeRow>
          size="small"
          rowKey={(r) => `${r.week}-${r.stage}-${r.group}`}
          loading={report.isFetching}
          dataSource={d?.list ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={m.noLeadTimes} /> }}
          columns={[
            { key: 'week', title: m.week, dataIndex: 'week', width: 110 },
            { key: 'stage', title: m.stage, width: 150, render: (_, r) => m[`ls_${r.stage}`] },
            {
              key: 'group',
              title: m.group,
              dataIndex: 'group',
              width: 140,
              render: (v: string) => (v === 'all' ? m.byAll : by === 'marketplace' ? Marketplace.label(v, lang) : v),
            },
            { key: 'n', title: m.count, dataIndex: 'n', width: 90, align: 'right' },
            { key: 'p50', title: m.p50, width: 110, align: 'right', render: (_, r) => duration(r.p50Hours) },
            { key: 'p90', title: m.p90, width: 110, align: 'right', render: (_, r) => duration(r.p90Hours) },
          ]}
        />
      </Card>
    </Space>
  );
}
