import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@waystation/shared/contract/audit';
import { queryRows } from '../../db';
import { jobs, notifyLogs, outboxMessages, traceEvents } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { runDueJobs } from '../../core/jobs';
import { jobSetsOf } from '..';
import { createTestApp, type TestApp } from '../../testing/server';
import { newPackage, systemOp } from '../goodsOut/factory';
import { payPackage } from '../goodsOut/orders';
import { ARCHIVED } from './archiving';

/**
 * Issue 17: audit rows, delivery logs, outbox messages and traces older than their setting move to the archive
 * tables once a month; counts are equal before and after, newer rows stay, and a package's and a purchase line's
 * whole timeline and an old range of the audit list still show.
 */
let t: TestApp;
let work: string;
const DAY = 86_400_000;
let now: Date;
let packageId: number;
let purchaseId: number;

const names = ARCHIVED.map((a) => ({ source: getTableConfig(a.source).name, archive: getTableConfig(a.archive).name, after: a.after }));
const countOf = async (table: string, where = sql``) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`))[0].n;
async function detail<T>(url: string, token: string, id: number): Promise<T> {
  const res = await t.call<T>('GET', url, { token, query: { id: String(id) } });
  if (res.code !== 20000) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}
const packageTimeline = async (token: string) =>
  (await detail<{ trace: { id: number; type: string; createTime: string }[] }>('/api/warehouse/package/detail', token, packageId)).trace;
const lineTimeline = async (token: string) => (await detail<{ trace: { id: number; event: string }[] }>('/api/buy/detail', token, purchaseId)).trace;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-archiving-'));
  t = await createTestApp({ dataDir: work });
  now = t.clock.now();
  const old = new Date(now.getTime() - 400 * DAY);
  // A package made 400 days ago, paid today: its timeline spans both sides of the cutoff.
  const p = await newPackage(t.db, { status: 'pack_pretrial_pass', now: old });
  packageId = p.id;
  await payPackage(t.db, p.id, await systemOp(t.db, now));
  const [line] = await queryRows<{ id: number }>(
    t.db,
    sql`select wi.purchase_id::int as id from package_items pi join warehouse_items wi on wi.id = pi.item_id where pi.package_id = ${p.id} limit 1`,
  );
  purchaseId = line.id;
  for (const [days, type, event] of [
    [390, 'purchase_claim', 'claim'],
    [380, 'purchase_complete', 'complete'],
    [5, 'purchase_hold', 'hold'],
  ] as const) {
    await t.db.insert(traceEvents).values({ purchaseId, type, event, actorName: 'buyer', createdAt: new Date(now.getTime() - days * DAY) });
  }
  for (const days of [200, 190, 100, 1]) {
    const at = new Date(now.getTime() - days * DAY);
    await writeAudit(t.db, { id: null, name: 'archiver-test', ip: '' }, { action: 'test.old', targetType: 'test', targetId: `d${days}` }, at);
    await t.db.insert(notifyLogs).values({ channelId: 1, channelType: 'webhook', event: 'test', recipient: 'r', body: 'b', status: 'sent', createdAt: at });
    await t.db.insert(outboxMessages).values({ channel: 'mail', recipient: 'r', subject: 's', body: 'b', createdAt: at });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('monthly archiving of what grows without end', () => {
  it('moves rows older than their setting, keeps newer ones, loses none, and every timeline still shows whole', async () => {
    const token = await t.login();
    const timelineBefore = await packageTimeline(token);
    const lineBefore = await lineTimeline(token);
    expect(timelineBefore.length).toBeGreaterThan(3);
    expect(lineBefore.map((e) => e.event)).toEqual(expect.arrayContaining(['claim', 'complete', 'hold']));
    const before: Record<string, number> = {};
    for (const n of names) before[n.source] = await countOf(n.source);

    await runDueJobs(t.db, t.clock.now, 'runner-a', jobSetsOf({ config: t.config, dbKind: t.database.kind }));
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, 'history.archive:2026-11'));
    expect(job).toMatchObject({ status: 'done', kind: 'history.archive' });
    const moved = (job.result as { moved: Record<string, number> }).moved;

    for (const n of names) {
      const cutoff = new Date(now.getTime() - (n.after === 'archiveLogsAfterDays' ? 180 : 365) * DAY).toISOString();
      const older = sql`where created_at < ${cutoff}::timestamptz`;
      const newer = sql`where created_at >= ${cutoff}::timestamptz`;
      expect(await countOf(n.source, older), n.source).toBe(0);
      expect(await countOf(n.archive, newer), n.archive).toBe(0);
      expect((await countOf(n.source)) + (await countOf(n.archive)), n.source).toBe(before[n.source]);
      expect(await countOf(n.archive), n.archive).toBe(moved[n.source]);
    }
    expect(moved.notify_logs).toBe(2); // 200 and 190 days old; 100 and 1 stay
    expect(moved.outbox_messages).toBe(2);
    expect(moved.trace_events).toBeGreaterThanOrEqual(2);
    expect(moved.package_traces).toBe(timelineBefore.filter((e) => Date.parse(e.createTime) < now.getTime() - 365 * DAY).length);
    expect(moved.package_traces).toBeGreaterThan(0);
    expect(await countOf('package_traces', sql`where package_id = ${packageId}`)).toBeGreaterThan(0);

    // The package's and the line's timelines: the same entries, in the same order, from both tables.
    expect(await packageTimeline(token)).toEqual(timelineBefore);
    expect(await lineTimeline(token)).toEqual(lineBefore);

    // The audit list filtered to an old range finds the archived rows; unfiltered, every row is still counted.
    const from = new Date(now.getTime() - 210 * DAY).toISOString();
    const to = new Date(now.getTime() - 185 * DAY).toISOString();
    const old = await t.call<{ list: AuditEntry[]; total: number }>('GET', '/api/audit/pageList', { token, query: { from, to, action: 'test.' } });
    expect(old.data.list.map((e) => e.targetId)).toEqual(['d190', 'd200']);
    expect(old.data.total).toBe(2);
    const all = await t.call<{ list: AuditEntry[]; total: number; nextCursor: string | null }>('GET', '/api/audit/pageList', {
      token,
      query: { action: 'test.', limit: '3' },
    });
    expect(all.data.total).toBe(4);
    expect(all.data.list.map((e) => e.targetId)).toEqual(['d1', 'd100', 'd190']);
    const next = await t.call<{ list: AuditEntry[] }>('GET', '/api/audit/pageList', {
      token,
      query: { action: 'test.', limit: '3', cursor: all.data.nextCursor! },
    });
    expect(next.data.list.map((e) => e.targetId)).toEqual(['d200']);
  }, 60_000);

  it('runs once a month: the same month is not archived twice, the next month moves what has aged since', async () => {
    await runDueJobs(t.db, t.clock.now, 'runner-b', jobSetsOf({ config: t.config, dbKind: t.database.kind }));
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'history.archive'))).toHaveLength(1);
    t.clock.advance(Date.parse('2026-12-01T19:00:00Z') - t.clock.now().getTime()); // 2026-12-02 03:00 in Shanghai
    await runDueJobs(t.db, t.clock.now, 'runner-b', jobSetsOf({ config: t.config, dbKind: t.database.kind }));
    const [dec] = await t.db.select().from(jobs).where(eq(jobs.key, 'history.archive:2026-12'));
    expect(dec.status).toBe('done');
    // The audit row of 100 days ago is not yet 180 days old; nothing else aged past its cutoff.
    expect((dec.result as { moved: Record<string, number> }).moved.notify_logs).toBe(0);
  }, 60_000);
});
