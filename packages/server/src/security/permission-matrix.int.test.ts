import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@waystation/shared/menu';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { apiRoutesOf } from '../core/http';
import { authenticate } from '../core/auth';

/**
 * Issue 12: every API call × every seeded role × no token × a garbage token × a revoked token, checked against the
 * permission catalogue. A route without a permission from the catalogue fails here; a role reaching a call it has
 * no permission for fails here. (Calls a role may make are not made: they would change the data.)
 */
let t: TestApp;
const ACCOUNTS = ['warehouse1', 'purchaser1', 'finance1', 'cs1', 'marketing1', 'ops1'];
const tokens: Record<string, string> = {};
let revoked: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ACCOUNTS) tokens[a] = await t.login(a, DEMO_PASSWORD);
  tokens.admin = await t.login();
  // A session that ended: logged in, then logged out.
  const gone = await t.login('warehouse2', DEMO_PASSWORD);
  await t.call('POST', '/api/admin/logout', { token: gone });
  revoked = gone;
});
afterAll(() => t.close());

const LOGGED_OUT = [50008, 50012, 50014];

describe('permission matrix', () => {
  it('every call names permissions from the catalogue, and no role, missing, garbage or revoked token reaches a call it may not', async () => {
    const routes = apiRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const known = new Set([...ALL_PERMISSIONS, 'public', 'authenticated']);
    for (const r of routes) {
      const keys = typeof r.permission === 'string' ? [r.permission] : [...r.permission];
      expect(keys.length, r.url).toBeGreaterThan(0);
      for (const k of keys) expect(known.has(k), `${r.method} ${r.url}: ${k}`).toBe(true);
    }
    const callers = await Promise.all(
      Object.entries(tokens).map(async ([name, token]) => ({ name, token, caller: await authenticate(t.db, token, t.clock.now()) })),
    );
    let calls = 0;
    const wrong: string[] = [];
    for (const r of routes) {
      const keys = typeof r.permission === 'string' ? [r.permission] : [...r.permission];
      if (keys.includes('public')) continue;
      const call = (token?: string, headers?: Record<string, string>) =>
        t.app
          .inject({
            method: r.method,
            url: r.url,
            headers: { ...(token ? { 'x-token': token } : {}), ...headers },
            ...(r.method === 'POST' ? { payload: {} } : {}),
          })
          .then((res) => {
            calls++;
            return res.json() as { code: number };
          });
      for (const [label, token] of [
        ['no token', undefined],
        ['garbage token', 'not-a-token-0000'],
        ['revoked token', revoked],
      ] as const) {
        const res = await call(token);
        if (!LOGGED_OUT.includes(res.code)) wrong.push(`${label} → ${r.method} ${r.url}: ${res.code}`);
      }
      if (keys.includes('authenticated')) continue;
      for (const { name, token, caller } of callers) {
        if (keys.some((k) => caller.permissions.has(k))) continue;
        const res = await call(token);
        if (res.code !== 40300) wrong.push(`${name} → ${r.method} ${r.url}: ${res.code}`);
      }
    }
    console.log(`permission matrix: ${routes.length} calls × ${callers.length} roles + 3 token cases = ${calls} requests made`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
