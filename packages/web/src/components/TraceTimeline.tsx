import { Timeline, Typography } from 'antd';
import { useLang, type Lang } from '../i18n';
import { formatTime, relativeTime } from '../utils/time';

interface TraceEntry {
  id: number;
  type: string;
  event: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string;
  note: string;
  createTime: string;
}

interface Vocabulary {
  values: readonly string[];
  label(value: string, lang: Lang): string;
}

/**
 * A record's timeline (purchase line, package): what happened, the status change, who, when, and the note. A type the
 * vocabulary lacks (a row written before it) is shown as it is stored, with the event that wrote it.
 */
export function TraceTimeline({ entries, types, statuses }: { entries: TraceEntry[]; types: Vocabulary; statuses: Vocabulary }) {
  const lang = useLang((s) => s.lang);
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.id,
        content: (
          <div data-testid="trace-item">
            <b>{types.label(e.type, lang)}</b>
            {!types.values.includes(e.type) && e.event && (
              <>
                {' '}
                <Typography.Text code>{e.event}</Typography.Text>
              </>
            )}
            {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus && (
              <Typography.Text type="secondary">
                {' '}
                {statuses.label(e.fromStatus, lang)} → {statuses.label(e.toStatus, lang)}
              </Typography.Text>
            )}
            <div>
              {e.actorName} · {formatTime(e.createTime)} ({relativeTime(e.createTime, Date.now(), lang)})
            </div>
            {e.note && <Typography.Text type="secondary">{e.note}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
