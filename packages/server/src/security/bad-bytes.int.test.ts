import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestServer, type TestApp } from '../testing/server';
import { loggable } from '../app';
import { isDatabaseUnavailable } from '../core/errors';
import { MAX_ARRAY_ITEMS } from '../core/inputGuards';
import { admins } from '../db/schema';

/** Issue 12.6: bytes and requests that used to break calls. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

/** A raw HTTP exchange (no client normalises the path or fixes the body). */
function raw(port: number, request: string, waitMs = 5000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: -1 });
    }, waitMs);
  });
}

describe('bad bytes and requests', () => {
  it('refuses a NUL byte in any text field with 40001, the unauthenticated login included, and writes nothing', async () => {
    const login = await t.call('POST', '/api/admin/login', { body: { username: 'admin\u0000', password: 'x\u0000y' } });
    expect([login.status, login.code]).toEqual([400, 40001]);
    const before = await t.db.select().from(admins);
    const save = await t.call('POST', '/api/admin/saveData', { token, body: { username: 'nul\u0000user', name: 'N', password: 'secret-123456', roleIds: [] } });
    expect(save.code).toBe(40001);
    expect(await t.db.select().from(admins)).toHaveLength(before.length);
    const inQuery = await t.call('GET', '/api/admin/pageList', { token, query: { username: 'a\u0000' } });
    expect(inQuery.code).toBe(40001);
  });

  it('never logs the parameters of a failed query', () => {
    const err = Object.assign(new Error('Failed query: select * from admins where password_hash = $1\nparams: hunter2-secret'), {
      cause: { code: '22021', message: 'invalid byte sequence\nparams: hunter2-secret' },
    });
    const logged = JSON.stringify(loggable(err));
    expect(logged).toContain('select * from admins');
    expect(logged).not.toContain('hunter2');
  });

  it('answers 50300 with Retry-After when the database refuses connections (55000, 53300)', () => {
    for (const code of ['55000', '53300']) expect(isDatabaseUnavailable({ message: 'x', cause: { code } })).toBe(true);
  });

  it('treats an empty JSON body as none (a body-less logout), refuses too long lists and deep nesting', async () => {
    const me = await t.login('finance1', 'demo12345');
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { 'x-token': me, 'content-type': 'application/json' }, payload: '' });
    expect(out.json().code).toBe(20000);
    const long = await t.call('POST', '/api/admin/saveData', {
      token,
      body: { username: 'longlist', name: 'L', password: 'secret-123456', roleIds: Array.from({ length: MAX_ARRAY_ITEMS + 1 }, (_, i) => i) },
    });
    expect(long.code).toBe(40001);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const nested = await t.call('POST', '/api/admin/saveData', { token, body: { username: 'deep', name: 'D', password: 'secret-123456', roleIds: [], deep } });
    expect(nested.code).toBe(40001);
  });

  it('answers a path that climbs out of the web folder with 404, and closes a body trickled too slowly', async () => {
    const s = await startTestServer({ requestTimeoutMs: 800 });
    try {
      const port = (s.app.server.address() as AddressInfo).port;
      for (const path of ['/assets/../../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/api/../package.json']) {
        const r = await raw(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(r.text.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
      }
      const slow = await raw(port, 'POST /api/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', 10_000);
      expect(slow.closedAfterMs).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});

describe('headers', () => {
  it('sends a CSP allowing only what the app loads, no framing, nosniff, a same-origin referrer policy and HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/info', headers: { 'x-token': token } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('ws://127.0.0.1:17521');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=');
  });
});

describe('lone surrogates', () => {
  it('are refused with 40001 (they used to give 500 on the profile form)', async () => {
    const me = await t.login('cs1', 'demo12345');
    const r = await t.call('POST', '/api/admin/updateOwnData', { token: me, body: { name: 'a\ud800b' } });
    expect([r.status, r.code]).toEqual([400, 40001]);
  });
});
