import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../components/charts/BarChart';
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
                    <BarChart labels={flow.data.days.map((d) => d.slice(5))} values={flow.data[c.key]} color={c.color} label={c.title} />
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
