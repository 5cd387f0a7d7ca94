import { Timeline, Typography } from 'antd';
import { useLang, type Lang } from '../i18n';
import { formatTime, relativeTime } from '../utils/time';

interface TraceEntry {
  id: number;
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorName: string;
  note: string;
  createTime: string;
}

interface Vocabulary {
  label(value: string, lang: Lang): string;
}

/** A record's timeline (purchase line, package): what happened, the status change, who, when, and the note. */
export function TraceTimeline({ entries, types, statuses }: { entries: TraceEntry[]; types: Vocabulary; statuses: Vocabulary }) {
  const lang = useLang((s) => s.lang);
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.id,
        content: (
          <div data-testid="trace-item">
            <b>{types.label(e.type, lang)}</b>
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
