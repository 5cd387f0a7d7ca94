import { describe, expect, it } from 'vitest';
import { formatTime, relativeTime } from './time';

describe('times (SPEC §4)', () => {
  it('formats y-m-d h:i:s', () => {
    expect(formatTime(new Date(2026, 10, 22, 8, 5, 9))).toBe('2026-11-22 08:05:09');
    expect(formatTime(null)).toBe('');
  });

  it('relative: just now under 30 s, minutes, hours, 1 day ago under 48 h, then the date', () => {
    const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
    const ago = (s: number) => now - s * 1000;
    expect(relativeTime(ago(29), now, 'en')).toBe('just now');
    expect(relativeTime(ago(31), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now, 'zh')).toBe('5分钟前');
    expect(relativeTime(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(30 * 3600), now, 'en')).toBe('1 day ago');
    expect(relativeTime(ago(49 * 3600), now, 'en')).toBe('2026-11-20 11:00:00');
  });
});
