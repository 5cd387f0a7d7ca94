import { Card, Empty, Tag, Timeline, Typography } from 'antd';
import type { PackageTracking } from '@waystation/shared/contract/goodsOut/tracking';
import { TrackingStatus } from '@waystation/shared/vocab/tracking';
import { useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useGoodsOutMessages } from './messages';

/** 包裹详情's 物流轨迹: the carrier's events as the tracking service (17TRACK) reported them, newest first. */
export function PackTracking({ tracking }: { tracking: PackageTracking }) {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  return (
    <Card
      size="small"
      title={m.tracking}
      data-testid="pack-tracking"
      extra={
        tracking.status && (
          <span>
            <Tag data-testid="tracking-status">{TrackingStatus.label(tracking.status, lang)}</Tag>
            <Typography.Text type="secondary">
              {m.trackingChecked} {formatTime(tracking.checkedAt)}
            </Typography.Text>
          </span>
        )
      }
    >
      {tracking.events.length ? (
        <Timeline
          items={tracking.events.map((e) => ({
            key: `${e.time}|${e.description}`,
            content: (
              <div data-testid="tracking-event">
                <b>{e.description || (e.status ? TrackingStatus.label(e.status, lang) : '-')}</b>
                <div>
                  <Typography.Text type="secondary">
                    {formatTime(e.time)}
                    {e.location ? ` · ${e.location}` : ''}
                  </Typography.Text>
                </div>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.noTracking} />
      )}
    </Card>
  );
}
