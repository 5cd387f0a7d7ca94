import { useEffect, useRef } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyFlow } from '@waystation/shared/contract/badge';
import { getDailyFlow } from '../../api/badge';
import { fill } from '../../i18n';
import { useDashboardMessages } from './messages';

type Series = 'received' | 'shelved' | 'shipped';

/**
 * The dashboard's last 30 days (issue 15): parcels received, items shelved, packages shipped per day, as bar charts
 * (uPlot, loaded with this chunk only). Each title opens the list it counts.
 */
export default function FlowCharts({ links }: { links: Partial<Record<Series, string>> }) {
  const m = useDashboardMessages();
  const flow = useQuery({ queryKey: ['dashboard', 'dailyFlow'], queryFn: getDailyFlow, refetchInterval: 300_000 });
  const charts: { key: Series; title: string; color: string }[] = [
    { key: 'received', title: m.flowReceived, color: '#1677ff' },
    { key: 'shelved', title: m.flowShelved, color: '#52c41a' },
    { key: 'shipped', title: m.flowShipped, color: '#fa8c16' },
  ];
  return (
    <>
      <Typography.Title level={5} type="secondary">
        {m.flowTitle}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {charts.map((c) => {
          const total = flow.data?.[c.key].reduce((s, n) => s + n, 0);
          const title = links[c.key] ? <Link to={links[c.key]!}>{c.title}</Link> : c.title;
          return (
            <Col key={c.key} xs={24} lg={8}>
              <Card size="small" title={title} loading={flow.isLoading} data-testid={`flow-${c.key}`}>
                {flow.data && (
                  <>
                    <Typography.Text type="secondary" data-testid={`flow-${c.key}-total`}>
                      {fill(m.flowTotal, { n: total ?? 0 })}
                    </Typography.Text>
                    <BarChart flow={flow.data} series={c.key} color={c.color} label={c.title} />
                  </>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}

const DAY_S = 86_400;

/** One series of the flow as daily bars; redrawn when the data changes, resized with its card. */
function BarChart({ flow, series, color, label }: { flow: DailyFlow; series: Series; color: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = flow.days.map((d) => Date.parse(`${d}T00:00:00+08:00`) / 1000 + DAY_S / 2);
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: 160,
        legend: { show: false },
        cursor: { y: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ space: 60, values: (_u, ticks) => ticks.map((t) => new Date((t + 8 * 3600) * 1000).toISOString().slice(5, 10)) }, { size: 40 }],
        series: [{}, { label, stroke: color, fill: `${color}99`, paths: uPlot.paths.bars!({ size: [0.7, 24] }), points: { show: false } }],
      },
      [xs, flow[series]],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: 160 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [flow, series, color, label]);
  return <div ref={box} className="flow-chart" role="img" aria-label={label} />;
}
