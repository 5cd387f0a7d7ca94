import type { ReactNode } from 'react';
import { Button, DatePicker, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportRefreshCall } from '@waystation/shared/contract/report';
import { call } from '../../api/request';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useReportMessages } from './messages';

const PRESETS = [7, 30, 90] as const;

/** The URL's range of a report: `days` (the last N business days up to the server's today) or `from`/`to`. */
export function rangeOf(query: Record<string, string>, defaultDays = 7): { from?: string; to?: string; days?: number } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  return { days: Number(query.days) || defaultDays };
}

/**
 * A report's range: the last 7, 30 or 90 days, or dates picked on the calendar; the range read and when the roll-ups
 * were last built, with 立即更新 to rebuild today's now. Changing the range puts it in the URL (the report's other
 * filters kept).
 */
export function RangeBar({
  query,
  onChange,
  answered,
  defaultDays = 7,
  extra,
}: {
  query: Record<string, string>;
  onChange(range: { from?: string; to?: string; days?: number }): void;
  answered?: { from: string; to: string; rolledUpAt: string | null };
  defaultDays?: number;
  extra?: ReactNode;
}) {
  const m = useReportMessages();
  const r = rangeOf(query, defaultDays);
  const preset = r.days && (PRESETS as readonly number[]).includes(r.days) ? String(r.days) : 'custom';
  return (
    <Space wrap size={12} style={{ marginBottom: 12 }}>
      <Segmented
        value={preset}
        options={[...PRESETS.map((d) => ({ value: String(d), label: fill(m.lastDays, { n: d }) })), { value: 'custom', label: m.customRange, disabled: true }]}
        onChange={(v) => v !== 'custom' && onChange({ days: Number(v) })}
      />
      <DatePicker.RangePicker
        aria-label={m.customRange}
        value={answered ? [dayjs(answered.from), dayjs(answered.to)] : null}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && onChange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
      />
      {extra}
      {answered && <RolledUpNote rolledUpAt={answered.rolledUpAt} range={fill(m.rangeRead, { from: answered.from, to: answered.to })} />}
    </Space>
  );
}

/** When the roll-ups a report read were built, and 立即更新 to rebuild the shelf's and today's now. */
export function RolledUpNote({ rolledUpAt, range }: { rolledUpAt: string | null; range?: string }) {
  const m = useReportMessages();
  const qc = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => call(reportRefreshCall),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['report'] }),
  });
  return (
    <Space size={8}>
      <Typography.Text type="secondary" data-testid="report-range">
        {range && `${range} · `}
        {rolledUpAt ? fill(m.rolledUpAt, { at: formatTime(rolledUpAt) }) : m.notRolledUp}
      </Typography.Text>
      <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate()}>
        {m.refresh}
      </Button>
    </Space>
  );
}
