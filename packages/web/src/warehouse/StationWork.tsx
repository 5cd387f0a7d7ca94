import { Card, List, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type WorkStation, warehouseWorkCalls } from '@waystation/shared/contract/warehouse';
import { call } from '../api/request';
import { fill, useLang } from '../i18n';
import { relativeTime } from '../utils/time';
import { useScanMessages } from './messages';

export const stationWorkKey = (station: WorkStation) => ['warehouse', 'work', station] as const;

/** What waits at a station, oldest first, and what this worker did there today; refreshed after each scan. */
export function StationWorkPanel({ station }: { station: WorkStation }) {
  const m = useScanMessages();
  const lang = useLang((s) => s.lang);
  const work = useQuery({
    queryKey: stationWorkKey(station),
    queryFn: () => call(warehouseWorkCalls[station], { limit: 15 }),
    refetchInterval: 30_000,
  });
  return (
    <Card
      size="small"
      className="station-work"
      data-testid="station-work"
      title={
        <Space size="large">
          <Statistic title={m[`work_${station}`]} value={work.data?.waiting ?? '-'} />
          <Statistic title={m.doneToday} value={work.data?.doneToday ?? '-'} />
        </Space>
      }
    >
      <List
        size="small"
        loading={work.isLoading}
        dataSource={work.data?.list ?? []}
        locale={{ emptyText: m.noWork }}
        renderItem={(r) => (
          <List.Item data-testid="work-row">
            <Space orientation="vertical" size={0}>
              <Space size={4}>
                <Tag>{r.code}</Tag>
                <Typography.Text type="secondary">{relativeTime(r.since, Date.now(), lang)}</Typography.Text>
              </Space>
              <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                {r.title}
              </Typography.Text>
              <Typography.Text type="secondary">{r.detail}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {work.data && work.data.waiting > work.data.list.length && (
        <Typography.Text type="secondary">{fill(m.moreWork, { n: work.data.waiting - work.data.list.length })}</Typography.Text>
      )}
    </Card>
  );
}
