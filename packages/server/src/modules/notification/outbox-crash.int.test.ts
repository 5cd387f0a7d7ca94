import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryRows } from '../../db';
import { withDatabase } from '../../testing/db';
import { BUILT_SERVER, freePort } from '../../testing/ports';

/**
 * Issue 13: the outbox across a kill -9. A real server (its own process, on the embedded database, or with DATABASE_URL
 * on a PostgreSQL database of its own) fans events out to a slow webhook receiver; it is killed mid-delivery and started
 * again on the same data. Every event is then fanned out exactly once (one delivery row per event and endpoint) and
 * every one reaches the receiver.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waystation-outbox-crash-'));
const PASSWORD = 'Crash-test-1234';
const received: number[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  // A slow member site: deliveries are in flight when the server dies.
  req.on('end', () =>
    setTimeout(() => {
      received.push(Number(JSON.parse(body).id));
      res.writeHead(200).end();
    }, 150),
  );
});
let child: ChildProcess | undefined;
const pgServer = process.env.DATABASE_URL;
const serverDatabaseUrl = pgServer ? withDatabase(pgServer, `ws_crash_${crypto.randomBytes(5).toString('hex')}`) : '';
const pgAdmin = async <T>(run: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: pgServer });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  if (pgServer) await pgAdmin((c) => c.query(`CREATE DATABASE ${new URL(serverDatabaseUrl).pathname.slice(1)}`));
});

afterAll(async () => {
  child?.kill('SIGKILL');
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgServer) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${new URL(serverDatabaseUrl).pathname.slice(1)} WITH (FORCE)`));
});

async function startServer(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [BUILT_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: serverDatabaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Waystation is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (d) => (out += d));
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return proc;
}

describe('events out across a kill -9', () => {
  it('fans every event out exactly once and delivers each, after the server is killed mid-delivery and restarted', async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const call = async <T>(url: string, o: { token?: string; member?: string; body?: unknown; key?: string } = {}) => {
      const res = await fetch(base + url, {
        method: o.body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.token ? { 'x-token': o.token } : {}),
          ...(o.member ? { authorization: `Bearer ${o.member}`, 'idempotency-key': o.key ?? `crash-${Math.random().toString(36).slice(2)}` } : {}),
          ...(url.startsWith('/api/open/') && o.body !== undefined ? { 'idempotency-key': o.key ?? `crash-${Math.random().toString(36).slice(2)}` } : {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const env = (await res.json()) as { code: number; message: string; data: T };
      if (env.code !== 20000) throw new Error(`${url}: ${env.code} ${env.message}`);
      return env.data;
    };

    child = await startServer(port);
    const admin = (await call<{ token: string }>('/api/admin/login', { body: { username: 'admin', password: PASSWORD } })).token;
    await call('/api/notification/webhook/save', {
      token: admin,
      body: { name: 'slow site', url: `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/h`, events: ['*'] },
    });
    const crashEmail = `crash${Date.now()}@example.com`;
    await call('/api/open/v1/auth/register', { body: { email: crashEmail, password: 'secret123', name: 'Crash Test' } });
    // The sign-up code, read as a super admin reads the code sender's outbox.
    const mails = await call<{ list: { recipient: string; body: string }[] }>('/api/verify/outbox?page=1&limit=20', { token: admin });
    const code = /\d{6}/.exec(mails.list.find((m) => m.recipient === crashEmail)!.body)![0];
    const session = await call<{ token: string; member: { id: number } }>('/api/open/v1/auth/registerConfirm', { body: { email: crashEmail, code } });
    const member = session.token;
    const intent = await call<{ intentNo: string }>('/api/open/v1/topups', { member, body: { amount: 900_000, currency: 'CNY', provider: 'sandbox' } });
    await call('/api/open/v1/sandbox/pay', { member, body: { intentNo: intent.intentNo } });
    for (let i = 0; i < 8; i++) {
      const order = await call<{ orderNo: string }>('/api/open/v1/orders', {
        member,
        body: {
          lines: [1, 2, 3].map((j) => ({
            mallType: 'TB',
            productUrl: `https://item.example.com/${i}/${j}`,
            title: `崩溃测试 ${i}-${j}`,
            quantity: 1,
            unitPrice: 1_000,
          })),
        },
      });
      await call('/api/open/v1/orders/pay', { member, body: { orderNo: order.orderNo } });
    }
    // Kill the server while the receiver is still being fed.
    const deadline = Date.now() + 30_000;
    while (received.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received.length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const beforeRestart = received.length;

    child = await startServer(port);
    const admin2 = (await call<{ token: string }>('/api/admin/login', { body: { username: 'admin', password: PASSWORD } })).token;
    // Deliveries the dead server had claimed come due again when their lease ends.
    const until = Date.now() + 90_000;
    let left = { total: 1, backlog: { pending: 1 } };
    while (Date.now() < until) {
      left = await call<{ total: number; backlog: { pending: number } }>('/api/notification/webhook/deliveries?status=pending', { token: admin2 });
      if (left.total === 0 && left.backlog.pending === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(left).toMatchObject({ total: 0, backlog: { pending: 0 } });
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;

    const database = pgServer ? await openPostgres(serverDatabaseUrl, { migrate: false }) : await openPglite(dataDir);
    try {
      const events = await queryRows<{ id: string }>(database.db, sql`select id from domain_events where member_id = ${session.member.id} order by id`);
      const rows = await queryRows<{ event_id: string; n: number; status: string }>(
        database.db,
        sql`select event_id, count(*)::int as n, min(status) as status from event_deliveries where target = 'webhook' group by event_id`,
      );
      const byEvent = new Map(rows.map((r) => [Number(r.event_id), r]));
      // 1 top-up + 8 orders paid (the shop order's own step, issue 29) + 8 orders × 3 lines × 3 steps (pay, pay_done, queue).
      expect(events.length).toBe(81);
      for (const e of events) {
        expect(byEvent.get(Number(e.id)), `event ${e.id} fanned out`).toMatchObject({ n: 1, status: 'delivered' });
        expect(received, `event ${e.id} reached the site`).toContain(Number(e.id));
      }
      console.log(`outbox crash test: ${events.length} events, ${beforeRestart} received before kill -9, ${received.length} deliveries in all`);
    } finally {
      await database.close();
    }
  }, 240_000);
});
