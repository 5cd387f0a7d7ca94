import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../db';
import { openTestDatabase } from '../testing/db';
import { createTestApp, type TestApp } from '../testing/server';
import { LOGIN_EARLY_SUBMIT_SCRIPT, LOGIN_PAGE_FILE } from '@waystation/shared/contract/loginPage';
import { SESSION_COOKIE } from './sessionCookie';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('HTTP core', () => {
  it('answers unknown API paths with the 40400 envelope', async () => {
    const res = await t.call('GET', '/api/nowhere');
    expect(res).toMatchObject({ status: 404, code: 40400 });
  });

  it('compresses JSON answers over 1 KB for a browser that accepts it, never a small one', async () => {
    const headers = { 'x-token': admin, 'accept-encoding': 'br, gzip' };
    const routes = await t.app.inject({ method: 'GET', url: '/api/role/getEnableRoutes', headers });
    expect(routes.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(routes.rawPayload).toString());
    expect(body.code).toBe(20000);
    expect(routes.rawPayload.length).toBeLessThan(JSON.stringify(body).length);
    const small = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(40400);
    const raw = await t.app.inject({ method: 'GET', url: '/api/role/getEnableRoutes', headers: { 'x-token': admin } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.json().code).toBe(20000);
  });

  it('refuses a body over the limit with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 40001, message: '请求内容过大' });
  });

  it('refuses malformed JSON with 40001', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40001);
  });

  it('does not coerce types: a number where text is expected is refused, naming the field', async () => {
    const res = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/login', { body: { username: 12345, password: 'x' } });
    expect(res.code).toBe(40001);
    expect(Object.keys(res.data.fields)).toEqual(['username']);
  });

  it('serves OpenAPI generated from the same schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.paths['/api/admin/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/info', '/api/role/getEnableRoutes', '/api/audit/pageList']));
  });

  it('serves the web app with history fallback when it is built', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Waystation</title>');
    fs.writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dir });
    try {
      const deep = await web.app.inject({ method: 'GET', url: '/WarehouseManage/packQuery?status=paid' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>Waystation</title>');
      expect((await web.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      // A file added after start is served; a missing asset is a 404, not the app's page.
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'late-abc123.js'), 'late()');
      const late = await web.app.inject({ method: 'GET', url: '/assets/late-abc123.js' });
      expect(late.body).toBe('late()');
      expect(late.headers['cache-control']).toContain('immutable');
      const missing = await web.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<title>');
      expect((await web.app.inject({ method: 'GET', url: '/favicon.png' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Waystation</title>');
      expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).json().code).toBe(40400);

      // A built asset goes out as the precompressed file the browser accepts; the raw file to one that accepts none.
      const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
      fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js'), big);
      fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
      fs.writeFileSync(path.join(dir, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
      const br = await web.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(big);
      expect(br.headers['cache-control']).toContain('immutable');
      const gz = await web.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(big);
      const plain = await web.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(big);
    } finally {
      await web.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('sends /login with its form prerendered to someone not signed in, allowing its one inline script by hash', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Waystation</title><div id="app"></div>');
    fs.writeFileSync(path.join(dir, LOGIN_PAGE_FILE), `<script>${LOGIN_EARLY_SUBMIT_SCRIPT}</script><div id="app"><form>login</form></div>`);
    const web = await createTestApp({ webDist: dir });
    try {
      const login = await web.app.inject({ method: 'GET', url: '/login?redirect=/dashboard' });
      expect(login.statusCode).toBe(200);
      expect(login.headers['content-type']).toContain('text/html');
      expect(login.body).toContain('<form>login</form>');
      const hash = createHash('sha256').update(LOGIN_EARLY_SUBMIT_SCRIPT).digest('base64');
      expect(String(login.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`);
      // Someone signed in gets the app's page, which sends them on; so does everyone where no login page was built.
      const signedIn = await web.app.inject({ method: 'GET', url: '/login', cookies: { [SESSION_COOKIE]: 'marker' } });
      expect(signedIn.body).toContain('<div id="app"></div>');
      fs.rmSync(path.join(dir, LOGIN_PAGE_FILE));
      expect((await web.app.inject({ method: 'GET', url: '/login' })).body).toContain('<div id="app"></div>');
    } finally {
      await web.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('badges and member code conversion', () => {
  it('counts only built queues (none yet in the foundation) and answers 0 for an unbuilt one', async () => {
    const all = await t.call<Record<string, number>>('GET', '/api/back/getTaskNum', { token: admin });
    expect(all.code).toBe(20000);
    const one = await t.call<number>('POST', '/api/back/getTaskNumByType', { token: admin, body: { taskNumType: 'sort_wait' } });
    expect(one.data).toBeTypeOf('number');
    const bad = await t.call('POST', '/api/back/getTaskNumByType', { token: admin, body: { taskNumType: 'nope' } });
    expect(bad.code).toBe(40001);
    expect((await t.call('GET', '/api/back/getTaskNum')).code).toBe(50008);
  });

  it('converts a member id to its user code and back; unknown gives null', async () => {
    const code = await t.call<string | null>('GET', '/api/user/userIdToUserCode', { token: admin, query: { userId: ' 1 ' } });
    expect(code.data).toBe('U100001');
    const id = await t.call<number | null>('GET', '/api/user/userCodeToUserId', { token: admin, query: { userCode: 'u100001' } });
    expect(id.data).toBe(1);
    expect((await t.call('GET', '/api/user/userIdToUserCode', { token: admin, query: { userId: '999999' } })).data).toBeNull();
    expect((await t.call('GET', '/api/user/userIdToUserCode', { token: admin, query: { userId: 'abc' } })).data).toBeNull();
    expect((await t.call('GET', '/api/user/userCodeToUserId', { token: admin, query: { userCode: '   ' } })).code).toBe(40001);
  });
});

/** A TCP relay between the app and PostgreSQL that the test can cut and restore. */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { start, stop, port: () => port };
}

describe.runIf(!!inject('pgTemplate'))('database outage (PostgreSQL)', () => {
  it('answers 50300 with Retry-After while PostgreSQL is unreachable and recovers on its own', async () => {
    const url = new URL(inject('databaseUrl')!);
    const proxy = relay({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port());
    // A private copy of the template, reached through the relay.
    const copy = await openTestDatabase();
    const [{ d: copyName }] = await queryRows<{ d: string }>(copy.db, sql`select current_database() as d`);
    viaProxy.pathname = `/${copyName}`;
    const database = await openPostgres(viaProxy.toString(), { migrate: false });
    const { app } = await buildApp({ ...configFromEnv({}), logLevel: 'silent', adminPassword: 'admin12345', demo: false, webDist: undefined }, database);
    try {
      const login = () => app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'admin12345' } });
      expect((await login()).json().code).toBe(20000);
      await proxy.stop();
      const down = await login();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json().code).toBe(50300);
      await proxy.start();
      expect((await login()).json().code).toBe(20000);
    } finally {
      await app.close();
      await database.close();
      await copy.close();
    }
  });
});
