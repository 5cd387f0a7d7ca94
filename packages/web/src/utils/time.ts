import dayjs from 'dayjs';

/** SPEC §4: times are shown as y-m-d h:i:s. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(TIME_FORMAT) : String(value);
}

/**
 * SPEC §4 relative time: under 30 s "just now", then minutes, hours, "1 day ago" under 48 h; older
 * times as y-m-d h:i:s.
 */
export function relativeTime(value: string | number | Date, now: number = Date.now(), lang: 'zh' | 'en' = 'zh'): string {
  const diff = (now - dayjs(value).valueOf()) / 1000;
  const zh = lang === 'zh';
  if (diff < 30) return zh ? '刚刚' : 'just now';
  if (diff < 3600) {
    const m = Math.max(1, Math.floor(diff / 60));
    return zh ? `${m}分钟前` : `${m} minute${m === 1 ? '' : 's'} ago`;
  }
  if (diff < 3600 * 24) {
    const h = Math.floor(diff / 3600);
    return zh ? `${h}小时前` : `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  if (diff < 3600 * 48) return zh ? '1天前' : '1 day ago';
  return formatTime(value);
}
