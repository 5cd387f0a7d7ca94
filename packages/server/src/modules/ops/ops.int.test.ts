import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../core/jobs';
import { backupRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/server';

/** One figure of a Prometheus text: the value of the line `name{labels} value`, or undefined when absent. */
function figure(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health, readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers while the process lives; every answer carries its request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A proxy's id is kept end to end; a header that could forge log lines is replaced.
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-7f3a9c01' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a9c01');
    const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x\n{"level":60}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /readyz is 200 when the database answers with every migration applied, 503 otherwise', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ok.statusCode, ok.json()]).toEqual([200, { status: 'ready', database: 'ok', migrations: 'ok', shuttingDown: false }]);

    t.lifecycle.shuttingDown = true;
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([draining.statusCode, (draining.json() as { shuttingDown: boolean }).shuttingDown]).toEqual([503, true]);
    t.lifecycle.shuttingDown = false;

    // A migration the database has not applied (a new build started on an old database, before it migrated).
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([pending.statusCode, pending.json()]).toEqual([503, { status: 'not ready', database: 'ok', migrations: 'pending', shuttingDown: false }]);
  });

  it('GET /metrics shows the traffic by route and status, query times, jobs, the outbox and backups', async () => {
    await t.login();
    await t.call('GET', '/api/purchase/orders/999999999');
    await enqueueJob(t.db, { kind: 'test.late', key: 'late-1', runAt: new Date(t.clock.now().getTime() - 90_000) }, t.clock.now());
    const before = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = before.body;
    expect(figure(text, 'http_request_duration_seconds_count{method="POST",route="/api/admin/login",status_code="200"}')).toBe(1);
    // A path nobody registered is one series, whatever its text.
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('999999999');
    expect(figure(text, 'db_query_duration_seconds_count')).toBeGreaterThan(5);
    expect(figure(text, 'jobs_lag_seconds')).toBeGreaterThanOrEqual(90);
    expect(figure(text, 'jobs_due')).toBeGreaterThanOrEqual(1);
    expect(figure(text, 'outbox_backlog_events')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE outbox_lag_seconds gauge');
    expect(figure(text, 'backup_last_success_timestamp_seconds')).toBe(0);
    expect(figure(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') expect(figure(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);

    const finishedAt = new Date(t.clock.now().getTime() - 3_600_000);
    await t.db.insert(backupRuns).values({ reason: 'scheduled', status: 'ok', target: 'folder', startedAt: finishedAt, finishedAt });
    const after = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(figure(after.body, 'backup_last_success_timestamp_seconds')).toBe(finishedAt.getTime() / 1000);
  });

  it('GET /metrics is refused to an address not in METRICS_ALLOW unless it brings METRICS_TOKEN', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect([far.statusCode, (far.json() as { code: number }).code]).toEqual([403, 40300]);

    const token = 'scrape-7d1e0c4b9a2f58e3';
    const other = await createTestApp({ metrics: { allow: ['10.1.0.0/16'], token } });
    try {
      const inRange = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.200.3' });
      expect(inRange.statusCode).toBe(200);
      const loopback = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(loopback.statusCode).toBe(403);
      const withToken = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain('http_request_duration_seconds_bucket');
      const wrong = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});
