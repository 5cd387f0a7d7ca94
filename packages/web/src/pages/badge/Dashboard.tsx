import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Row, Statistic, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type WorkStation, warehouseWorkSummaryCall } from '@waystation/shared/contract/warehouse';
import { call } from '../../api/request';
import { BADGE_FIELDS, BADGE_KEYS, type BadgeKey } from '@waystation/shared/menu/types';
import type { QueueAge, TaskNumResult } from '@waystation/shared/contract/badge';
import { getQueueAges, getTaskNumByType } from '../../api/badge';
import { fill, useLang, useRouteTitle } from '../../i18n';
import { useSession } from '../../shell/session';
import { TASK_NUM_KEY, useTaskNum } from '../../shell/layout/badges';
import { whenIdle } from '../../shell/preload';
import { isRegistered } from '../registry';
import './dashboard.css';
import { QUEUE_EN, QUEUE_ZH, useDashboardMessages } from './messages';

/** The dashboard: the seven work queues (SPEC §3) the user's routes cover, with live counts. */
export default function Dashboard() {
  const m = useDashboardMessages();
  const titleOf = useRouteTitle();
  const info = useSession((s) => s.info);
  const flat = useSession((s) => s.flat);
  const { data, isLoading } = useTaskNum();
  const qc = useQueryClient();
  const labels = useLang((s) => s.lang) === 'en' ? QUEUE_EN : QUEUE_ZH;
  const ages = useQuery({ queryKey: ['dashboard', 'queueAges'], queryFn: getQueueAges, refetchInterval: 60_000 });

  const queues = BADGE_KEYS.flatMap((key) => {
    const route = flat.find((r) => r.badge === key);
    return route ? [{ key, route }] : [];
  });

  const refreshOne = async (key: BadgeKey) => {
    const n = await getTaskNumByType(key).catch(() => undefined);
    if (typeof n === 'number') qc.setQueryData<TaskNumResult>(TASK_NUM_KEY, (old) => ({ ...old, [BADGE_FIELDS[key]]: n }));
  };

  return (
    <div className="dashboard">
      <Typography.Title level={4}>{fill(m.welcome, { name: info?.name ?? '' })}</Typography.Title>
      <Typography.Title level={5} type="secondary">
        {m.queues}
      </Typography.Title>
      {queues.length === 0 ? (
        <Card>
          <Empty description={m.noQueues} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {queues.map(({ key, route }) => {
            const raw = data ? (data as Record<string, number | undefined>)[BADGE_FIELDS[key]] : undefined;
            const counted = typeof raw === 'number';
            const open = isRegistered(route.component);
            const body = (
              <Card
                hoverable={open}
                className="queue-card"
                data-testid={`queue-${key}`}
                title={labels[key]}
                extra={
                  counted && (
                    <Tooltip title={m.refresh}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ReloadOutlined />}
                        aria-label={m.refresh}
                        onClick={(e) => {
                          e.preventDefault();
                          void refreshOne(key);
                        }}
                      />
                    </Tooltip>
                  )
                }
              >
                {counted ? (
                  <>
                    <Statistic value={raw} />
                    <QueueTimer age={ages.data?.list.find((a) => a.key === key)} />
                  </>
                ) : (
                  <Tooltip title={m.notCountedTip}>
                    <Statistic value="—" loading={isLoading} />
                    <Typography.Text type="secondary">{m.notCounted}</Typography.Text>
                  </Tooltip>
                )}
                <div className="queue-route">
                  {titleOf(route)}
                  {!open && <Tag className="queue-tag">{m.pageNotOpen}</Tag>}
                </div>
              </Card>
            );
            return (
              <Col key={key} xs={24} sm={12} lg={8} xl={6}>
                {open ? <Link to={route.path}>{body}</Link> : body}
              </Col>
            );
          })}
        </Row>
      )}
      <StationCounts />
      <Flow />
    </div>
  );
}

/** A queue's SLA timer: how long its oldest item has waited, and how many are past the queue's promise. */
function QueueTimer({ age }: { age: QueueAge | undefined }) {
  const m = useDashboardMessages();
  if (!age) return null;
  const minutes = Math.max(1, age.waitedMinutes);
  const text =
    minutes < 60
      ? fill(m.minutes, { n: minutes })
      : minutes < 48 * 60
        ? fill(m.hours, { n: Math.floor(minutes / 60) })
        : fill(m.days, { n: Math.floor(minutes / 1440) });
  return (
    <Tooltip title={fill(m.slaTip, { hours: age.slaHours, key: age.key })}>
      <div className="queue-timer" data-testid={`sla-${age.key}`}>
        {age.oldestTime && <Typography.Text type="secondary">{fill(m.oldest, { age: text })}</Typography.Text>}
        {age.overSla > 0 ? <Tag color="red">{fill(m.overSla, { n: age.overSla })}</Tag> : age.oldestTime && <Tag color="green">{m.withinSla}</Tag>}
      </div>
    </Tooltip>
  );
}

const FlowCharts = lazy(() => import('./FlowCharts'));

/**
 * True once `when` holds and the browser then had an idle moment: the charts (a chart library, its drawing and a
 * 30-day query) wait until the work queues' counts are on screen, so they do not compete with them after login.
 */
function useIdleAfter(when: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (when && !idle ? whenIdle(() => setIdle(true)) : undefined), [when, idle]);
  return idle;
}

/** The 30-day charts, for users of the warehouse pages (the chart library loads with them only). */
function Flow() {
  const flat = useSession((s) => s.flat);
  const counted = !useTaskNum().isLoading;
  const ready = useIdleAfter(counted);
  if (!flat.some((r) => r.component.startsWith('warehouse/'))) return null;
  if (!ready) return <Card loading />;
  const pathOf = (component: string) => flat.find((r) => r.component === component)?.path;
  const orders = pathOf('warehouse/OrderQuery');
  const packs = pathOf('warehouse/PackQuery');
  return (
    <Suspense fallback={<Card loading />}>
      <FlowCharts links={{ received: orders, shelved: orders, shipped: packs && `${packs}?status=shipped` }} />
    </Suspense>
  );
}

/** The station each work-listing page is (by its component). */
const STATION_OF: Record<string, WorkStation> = {
  'warehouse/InboundScan': 'inbound',
  'warehouse/QcPhoto': 'qc',
  'warehouse/Shelving': 'shelving',
  'warehouse/Packing': 'packing',
  'warehouse/SortingOutStorage': 'sorting',
};

/** Inbound, QC, shelving, packing and sorting: what waits, and what the user did today, for the stations they open. */
function StationCounts() {
  const m = useDashboardMessages();
  const titleOf = useRouteTitle();
  const flat = useSession((s) => s.flat);
  const stations = flat.filter((r) => STATION_OF[r.component]);
  const summary = useQuery({
    queryKey: ['warehouse', 'work', 'summary'],
    queryFn: () => call(warehouseWorkSummaryCall),
    enabled: stations.length > 0,
    refetchInterval: 60_000,
  });
  if (!stations.length) return null;
  return (
    <>
      <Typography.Title level={5} type="secondary" style={{ marginTop: 24 }}>
        {m.stations}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {stations.map((route) => {
          const counts = summary.data?.[STATION_OF[route.component]];
          return (
            <Col key={route.path} xs={24} sm={12} lg={8} xl={6}>
              <Link to={route.path}>
                <Card hoverable className="queue-card" title={titleOf(route)} data-testid={`station-${STATION_OF[route.component]}`}>
                  <Row>
                    <Col span={12}>
                      <Statistic title={m.waiting} value={counts?.waiting ?? '—'} loading={summary.isLoading} />
                    </Col>
                    <Col span={12}>
                      <Statistic title={m.doneToday} value={counts?.doneToday ?? '—'} loading={summary.isLoading} />
                    </Col>
                  </Row>
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
