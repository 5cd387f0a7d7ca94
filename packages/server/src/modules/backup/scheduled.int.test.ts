import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../../db';
import { auditLogs, backupRuns, jobs } from '../../db/schema';
import { runDueJobs } from '../../core/jobs';
import { jobSetsOf } from '..';
import { createTestApp, type TestApp } from '../../testing/server';
import { withDatabase } from '../../testing/db';
import { DEFAULT_SETTINGS } from './schedule';

/** Issue 17: the daily backup on the job runner, its retention, and one backup per slot however many runners. */
let t: TestApp;
let work: string;
const DAY = 86_400_000;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-scheduled-'));
  t = await createTestApp({ dataDir: work });
  // Sunday 2026-11-22 10:00 in Shanghai; the daily backup is due at 03:00 Shanghai (19:00 UTC).
  t.clock.advance(Date.parse('2026-11-22T02:00:00Z') - t.clock.now().getTime());
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const sets = () => jobSetsOf({ config: t.config, dbKind: t.database.kind });
const archives = () =>
  fs
    .readdirSync(path.join(work, 'backups'))
    .filter((n) => n.endsWith('.tar.gz'))
    .sort();
const keptSlots = async () =>
  (
    await t.db
      .select({ slot: backupRuns.slot })
      .from(backupRuns)
      .where(and(eq(backupRuns.reason, 'scheduled'), isNull(backupRuns.deletedAt)))
  )
    .map((r) => r.slot)
    .sort();
// Sessions end after 8 idle hours of the test clock (and a new login ends the older one): a login for each call.
const saveSettings = async (body: object) => t.call('POST', '/api/backup/saveSettings', { token: await t.login(), body: { ...DEFAULT_SETTINGS, ...body } });

describe('scheduled backups', () => {
  it('keeps exactly 7 daily and 4 weekly (Sunday) backups over 20 days; manual and pre-migration archives stay', async () => {
    expect((await saveSettings({ dailyAt: '03:00', keepDaily: 7, keepWeekly: 4 })).code).toBe(20000);
    const manual = await t.call<{ runId: number }>('POST', '/api/backup/run', { token: await t.login(), body: {} });
    expect(manual.code).toBe(20000);
    await t.jobs.settled();
    fs.writeFileSync(path.join(work, 'backups', 'waystation-20261001-010000-pre-migration.tar.gz'), 'an older archive');

    for (let day = 0; day < 20; day++) {
      await runDueJobs(t.db, t.clock.now, 'runner-a', sets());
      t.clock.advance(DAY);
    }
    // Slots 2026-11-22 (Sunday, due at start: its 03:00 had passed) … 2026-12-11; Sundays 11-22, 11-29, 12-06.
    expect(await keptSlots()).toEqual([
      '2026-11-22',
      '2026-11-29',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
    const scheduled = archives().filter((n) => n.includes('-scheduled-'));
    expect(scheduled).toHaveLength(9);
    expect(archives().filter((n) => n.includes('-manual-'))).toHaveLength(1);
    expect(archives()).toContain('waystation-20261001-010000-pre-migration.tar.gz');
    // Each deletion is in the audit trail.
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.action, 'backup.retention'));
    expect(n).toBe(20 - 9);

    // Fewer weekly backups: the oldest Sunday goes at the next run.
    expect((await saveSettings({ keepDaily: 7, keepWeekly: 2 })).code).toBe(20000);
    await runDueJobs(t.db, t.clock.now, 'runner-a', sets());
    expect(await keptSlots()).toEqual(['2026-11-29', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']);
    expect(archives().filter((n) => n.includes('-scheduled-'))).toHaveLength(8);
  }, 240_000);

  it('takes no backup while the schedule is off', async () => {
    expect((await saveSettings({ enabled: false })).code).toBe(20000);
    t.clock.advance(DAY);
    await runDueJobs(t.db, t.clock.now, 'runner-a', sets());
    expect(await keptSlots()).not.toContain('2026-12-13');
    expect((await saveSettings({ enabled: true, keepWeekly: 2 })).code).toBe(20000);
  });

  it('two runners on one database take one backup per slot', async () => {
    t.clock.advance(DAY);
    // A second server: on PostgreSQL its own connection pool to the same database; on PGlite the same process.
    let other: Database | null = null;
    const url = process.env.DATABASE_URL;
    if (url && t.database.kind === 'postgres') {
      const [{ name }] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      other = await openPostgres(withDatabase(url, name), { migrate: false, max: 4 });
    }
    try {
      const before = archives().length;
      await Promise.all([
        runDueJobs(t.db, t.clock.now, 'server-1', sets()),
        runDueJobs((other ?? t.database).db, t.clock.now, 'server-2', sets()),
        runDueJobs(t.db, t.clock.now, 'server-3', sets()),
      ]);
      const slot = '2026-12-14';
      const runs = await t.db.select().from(backupRuns).where(eq(backupRuns.slot, slot));
      expect(runs).toHaveLength(1);
      expect(runs[0].status).toBe('ok');
      const slotJobs = await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `backup.scheduled:${slot}`));
      expect(slotJobs).toHaveLength(1);
      expect(slotJobs[0]).toMatchObject({ status: 'done', attempts: 1 });
      // One new archive; the day without a backup (schedule off) left 12-07 among the newest seven, so nothing dropped.
      expect(archives().length).toBe(before + 1);
      expect(await keptSlots()).toEqual(['2026-11-29', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', slot]);
    } finally {
      await other?.close();
    }
  }, 60_000);

  it('records a failed scheduled run with its message, retries the slot later and then succeeds', async () => {
    t.clock.advance(DAY);
    // The backups folder's staging place is taken by a file: the dump cannot be written.
    fs.rmSync(path.join(work, 'backups', '.staging'), { recursive: true, force: true });
    fs.writeFileSync(path.join(work, 'backups', '.staging'), 'not a folder');
    await runDueJobs(t.db, t.clock.now, 'runner-a', sets());
    const slot = '2026-12-15';
    const [failed] = await t.db.select().from(backupRuns).where(eq(backupRuns.slot, slot));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/);
    const list = await t.call<{ list: { status: string; error: string; reason: string }[] }>('GET', '/api/backup/list', {
      token: await t.login(),
      query: { limit: '50' },
    });
    expect(list.data.list.find((i) => i.status === 'failed')).toMatchObject({ reason: 'scheduled', error: failed.error });

    fs.rmSync(path.join(work, 'backups', '.staging'));
    t.clock.advance(2 * 60_000); // past the retry's back-off
    await runDueJobs(t.db, t.clock.now, 'runner-a', sets());
    const [retried] = await t.db.select().from(backupRuns).where(eq(backupRuns.slot, slot));
    expect(retried).toMatchObject({ id: failed.id, status: 'ok', error: '' });
    expect(archives()).toContain(retried.fileName);
  }, 60_000);
});
