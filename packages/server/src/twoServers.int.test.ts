import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from './app';
import { type Database, openPostgres, queryRows } from './db';
import { jobs, packageTraces, packages } from './db/schema';
import { newPackage } from './modules/goodsOut/factory';
import { withDatabase } from './testing/db';
import { startTestServer, type TestApp, TEST_ADMIN } from './testing/server';

/**
 * Issue 16.7: two Waystation servers on one PostgreSQL database behave as one. A session opened on one is honoured by
 * the other, and every scheduled job (the hourly auto-receive among them) runs once although both runners tick.
 * PGlite is one process's database, so this runs where the suite runs on PostgreSQL (npm run test:pg, CI).
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('two servers on one PostgreSQL database', () => {
  let a: TestApp & { url: string };
  let b: BuiltApp;
  let bDatabase: Database;
  let bUrl: string;
  let work: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-two-servers-'));
    a = await startTestServer({ dataDir: work });
    const [{ name }] = await queryRows<{ name: string }>(a.db, sql`select current_database() as name`);
    bDatabase = await openPostgres(withDatabase(url!, name), { migrate: false, max: 4 });
    // The second server starts as a real one would: seeds are idempotent, the same SECRET_KEY and clock.
    b = await buildApp(a.config, bDatabase);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const address = b.app.server.address();
    bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    await b?.app.close();
    await bDatabase?.close();
    await a?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const http = async (base: string, method: 'GET' | 'POST', route: string, o: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { ...(o.token ? { 'x-token': o.token } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    return (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  };

  it('a login on one server is a session on the other, and a logout on the other ends it on both', async () => {
    const login = await http(a.url, 'POST', '/api/admin/login', { body: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } });
    expect(login.code).toBe(20000);
    const token = login.data.token as string;
    const onB = await http(bUrl, 'GET', '/api/admin/info', { token });
    expect(onB.code).toBe(20000);
    expect(onB.data.username).toBe(TEST_ADMIN.username);

    expect((await http(bUrl, 'POST', '/api/admin/logout', { token })).code).toBe(20000);
    // The session is gone for both: the token is refused as unknown (50008), as after any logout.
    expect((await http(a.url, 'GET', '/api/admin/info', { token })).code).toBe(50008);
  });

  it('both runners tick, each scheduled job runs once: the hourly auto-receive signs an old package once', { timeout: 90_000 }, async () => {
    const now = a.clock.now();
    const old = await newPackage(a.db, { status: 'shipped', now: new Date(now.getTime() - 40 * 86_400_000) });
    const hour = (d: Date) => d.toISOString().slice(0, 13);
    const settledJobs = async () => {
      const rows = await a.db.select().from(jobs);
      const due = rows.filter((j) => j.runAt <= a.clock.now());
      return { rows, open: due.filter((j) => j.status === 'pending' || j.status === 'running') };
    };

    a.jobs.start({ intervalMs: 100 });
    b.jobs.start({ intervalMs: 100 });
    await expect
      .poll(
        async () =>
          (
            await a.db
              .select()
              .from(jobs)
              .where(eq(jobs.key, `goodsOut.autoReceive:${hour(now)}`))
          )[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('done');
    await expect.poll(async () => (await settledJobs()).open.length, { timeout: 60_000 }).toBe(0);

    // The next hour: a new auto-receive job, which finds nothing more to sign.
    a.clock.advance(3_600_000);
    await expect
      .poll(
        async () =>
          (
            await a.db
              .select()
              .from(jobs)
              .where(eq(jobs.key, `goodsOut.autoReceive:${hour(a.clock.now())}`))
          )[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('done');
    await expect.poll(async () => (await settledJobs()).open.length, { timeout: 60_000 }).toBe(0);
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);

    const { rows } = await settledJobs();
    // Every job that came due was claimed once and finished: no second attempt by the other runner.
    expect(rows.filter((j) => j.runAt <= a.clock.now()).map((j) => [j.key, j.status, j.attempts])).toEqual(
      rows.filter((j) => j.runAt <= a.clock.now()).map((j) => [j.key, 'done', 1]),
    );
    const autoReceiveJobs = await a.db.select().from(jobs).where(like(jobs.key, 'goodsOut.autoReceive:%'));
    expect(autoReceiveJobs.map((j) => j.key).sort()).toEqual([`goodsOut.autoReceive:${hour(now)}`, `goodsOut.autoReceive:${hour(a.clock.now())}`]);
    const received = autoReceiveJobs.sort((x, y) => x.key.localeCompare(y.key)).map((j) => (j.result as { received: number }).received);
    expect(received[0]).toBeGreaterThanOrEqual(1);
    expect(received[1]).toBe(0);

    const [pkg] = await a.db.select({ status: packages.status }).from(packages).where(eq(packages.id, old.id));
    expect(pkg.status).toBe('received');
    const signs = await a.db
      .select()
      .from(packageTraces)
      .where(and(eq(packageTraces.packageId, old.id), eq(packageTraces.event, 'sign')));
    expect(signs).toHaveLength(1);
  });
});
