import { useMemo } from 'react';
import { Button, Card, Col, Empty, Row, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  REPORT_STATIONS,
  type ReportStation,
  STATION_IDLE_GAP_S,
  STATION_STEP_MIN_S,
  type ThroughputWorker,
  reportThroughputCall,
  reportThroughputExportFile,
} from '@waystation/shared/contract/report';
import { call } from '../../api/request';
import { downloadFile } from '../../api/download';
import { fill } from '../../i18n';
import { LineChart } from '../../components/charts/LineChart';
import { useListQuery } from '../../components/useListQuery';
import { RangeBar, rangeOf } from './RangeBar';
import { useReportMessages } from './messages';

export const STATION_COLORS: Record<ReportStation, string> = {
  inbound: '#1677ff',
  qc: '#13c2c2',
  shelving: '#52c41a',
  removal: '#faad14',
  packing: '#fa541c',
  sorting: '#722ed1',
};

const hoursText = (seconds: number) => (seconds / 3600).toFixed(1);

/** 数据报表 › 工位效率: steps per hour and per day at each station, and per worker with busy and idle time (issue 15). */
export default function Throughput() {
  const m = useReportMessages();
  const { query, setFilters } = useListQuery();
  const range = rangeOf(query);
  const station = (REPORT_STATIONS as readonly string[]).includes(query.station ?? '') ? (query.station as ReportStation) : undefined;
  const params = { ...range, station };
  const report = useQuery({
    queryKey: ['report', 'throughput', params],
    queryFn: () => call(reportThroughputCall, params),
    placeholderData: (p) => p,
  });
  const d = report.data;
  const stationName = (s: ReportStation) => m[`st_${s}`];
  const shown = d ? (Object.keys(d.byDay) as ReportStation[]) : [];
  const hourSeries = useMemo(() => shown.map((s) => ({ label: stationName(s), color: STATION_COLORS[s], values: d!.byHour[s]! })), [d, m]);
  const daySeries = useMemo(() => shown.map((s) => ({ label: stationName(s), color: STATION_COLORS[s], values: d!.byDay[s]! })), [d, m]);
  const hourLabels = useMemo(() => Array.from({ length: 24 }, (_, h) => `${h}:00`), []);
  const dayLabels = useMemo(() => d?.days.map((x) => x.slice(5)) ?? [], [d]);
  const total = d
    ? Object.values(d.byDay)
        .flat()
        .reduce((a, b) => a + b, 0)
    : 0;
  const apply = (next: Record<string, string | number | undefined>) => setFilters({ ...rangeOf(query), station, ...next });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <RangeBar
          query={query}
          answered={d}
          onChange={(r) => setFilters({ ...r, station })}
          extra={
            <>
              <Select
                aria-label={m.station}
                style={{ width: 140 }}
                value={station ?? ''}
                onChange={(v) => apply({ station: v || undefined })}
                options={[{ value: '', label: m.allStations }, ...REPORT_STATIONS.map((s) => ({ value: s, label: stationName(s) }))]}
              />
              <Button onClick={() => downloadFile(reportThroughputExportFile, params, m.fileThroughput, 'spreadsheetml')}>{m.export}</Button>
            </>
          }
        />
        {d && (
          <Typography.Text type="secondary" data-testid="throughput-total">
            {fill(m.totalSteps, { n: total })}
          </Typography.Text>
        )}
        {d && total === 0 && <Empty description={m.noSteps} />}
        {d && total > 0 && (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Typography.Title level={5}>{m.byHourTitle}</Typography.Title>
              <LineChart labels={hourLabels} series={hourSeries} label={m.byHourTitle} xLabel={m.hourOfDay} />
            </Col>
            <Col xs={24} xl={12}>
              <Typography.Title level={5}>{m.byDayTitle}</Typography.Title>
              <LineChart labels={dayLabels} series={daySeries} label={m.byDayTitle} xLabel={m.day} />
            </Col>
          </Row>
        )}
      </Card>
      <Card title={m.workersTitle}>
        <Typography.Paragraph type="secondary" data-testid="busy-note">
          {fill(m.busyNote, { idle: STATION_IDLE_GAP_S / 60, min: STATION_STEP_MIN_S, max: 3600 / STATION_STEP_MIN_S })}
        </Typography.Paragraph>
        <Table<ThroughputWorker>
          size="small"
          rowKey={(r) => `${r.station}-${r.actorId}`}
          loading={report.isFetching}
          dataSource={d?.workers ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={m.noSteps} /> }}
          columns={[
            { key: 'station', title: m.station, width: 100, render: (_, r) => stationName(r.station) },
            { key: 'worker', title: m.worker, dataIndex: 'actorName', width: 120 },
            { key: 'scans', title: m.scans, dataIndex: 'scans', width: 90, align: 'right' },
            { key: 'activeHours', title: m.activeHours, dataIndex: 'activeHours', width: 90, align: 'right' },
            { key: 'perBusyHour', title: m.perBusyHour, dataIndex: 'perBusyHour', width: 120, align: 'right', render: (v: number | null) => v ?? '—' },
            { key: 'busy', title: m.busyHours, width: 100, align: 'right', render: (_, r) => fill(m.hours, { n: hoursText(r.busySeconds) }) },
            { key: 'idle', title: m.idleHours, width: 100, align: 'right', render: (_, r) => fill(m.hours, { n: hoursText(r.idleSeconds) }) },
            {
              key: 'gap',
              title: m.meanGap,
              width: 100,
              align: 'right',
              render: (_, r) => (r.meanGapSeconds === null ? '—' : fill(m.seconds, { n: r.meanGapSeconds })),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
