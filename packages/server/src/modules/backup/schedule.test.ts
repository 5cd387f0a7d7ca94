import { describe, expect, it } from 'vitest';
import { BackupSettings } from '@waystation/shared/contract/backup';
import { archiveName, parseArchiveName } from './runs';
import { DEFAULT_SETTINGS, isSunday, latestSlot, nextSlotAt, retentionPlan } from './schedule';

describe('daily slots (Asia/Shanghai)', () => {
  it('is the business date whose time has come, else the day before', () => {
    // 03:00 in Shanghai is 19:00 UTC the day before.
    expect(latestSlot(new Date('2026-11-22T19:00:00Z'), '03:00')).toEqual({ slot: '2026-11-23', at: new Date('2026-11-22T19:00:00Z') });
    expect(latestSlot(new Date('2026-11-22T18:59:59Z'), '03:00')).toEqual({ slot: '2026-11-22', at: new Date('2026-11-21T19:00:00Z') });
    expect(latestSlot(new Date('2026-11-22T15:59:00Z'), '23:59')).toEqual({ slot: '2026-11-22', at: new Date('2026-11-22T15:59:00Z') });
    expect(nextSlotAt(new Date('2026-11-22T08:00:00Z'), '03:00')).toEqual(new Date('2026-11-22T19:00:00Z'));
    expect(isSunday('2026-11-22')).toBe(true);
    expect(isSunday('2026-11-23')).toBe(false);
  });
});

describe('retention', () => {
  const days = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ slot: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10) }));

  it('keeps the newest 7 days and the newest 4 Sundays, nothing else', () => {
    const runs = days('2026-10-01', 45); // 2026-10-01 … 2026-11-14
    const plan = retentionPlan(runs, { keepDaily: 7, keepWeekly: 4 });
    expect(plan.keep.map((r) => r.slot)).toEqual([
      '2026-11-14',
      '2026-11-13',
      '2026-11-12',
      '2026-11-11',
      '2026-11-10',
      '2026-11-09',
      '2026-11-08', // the week (11-08 is a Sunday)
      '2026-11-01',
      '2026-10-25',
      '2026-10-18', // with 11-08 the four newest Sundays
    ]);
    expect(plan.drop).toHaveLength(45 - 10);
    expect(plan.drop.map((r) => r.slot)).toContain('2026-10-11'); // the fifth Sunday
  });

  it('keeps everything while there is less than the counts, and no weekly ones when told 0', () => {
    expect(retentionPlan(days('2026-11-01', 5), { keepDaily: 7, keepWeekly: 4 }).drop).toEqual([]);
    expect(retentionPlan(days('2026-11-01', 10), { keepDaily: 3, keepWeekly: 0 }).keep.map((r) => r.slot)).toEqual(['2026-11-10', '2026-11-09', '2026-11-08']);
  });
});

describe('archive names and settings rules', () => {
  it('names archives by time, reason and run, and reads such names back', () => {
    const name = archiveName(new Date('2026-11-24T03:15:00.123Z'), 'scheduled', 12);
    expect(name).toBe('waystation-20261124-031500-scheduled-r12.tar.gz');
    expect(parseArchiveName(name)).toEqual({ at: new Date('2026-11-24T03:15:00Z'), reason: 'scheduled' });
    expect(parseArchiveName('waystation-20261124-031500-pre-migration.tar.gz')?.reason).toBe('pre-migration');
    expect(parseArchiveName('../etc/passwd')).toBeNull();
  });

  it('accepts the defaults and refuses out-of-range values with the field named', () => {
    expect(BackupSettings.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    const bad = BackupSettings.safeParse({ ...DEFAULT_SETTINGS, dailyAt: '24:00', keepDaily: 0, archiveLogsAfterDays: 7 });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      dailyAt: '每日备份时间格式为 HH:mm（00:00~23:59）',
      keepDaily: '保留每日备份份数须为 1~90 的整数',
      archiveLogsAfterDays: '日志归档天数须为 30~3650 的整数',
    });
  });
});
