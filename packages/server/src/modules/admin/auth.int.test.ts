import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from '../../db';
import type { LoginResult } from '@waystation/shared/contract/admin';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginIpLimit: 1000 });
});
afterAll(() => t.close());

async function newStaff(username: string, roles = ['warehouse']) {
  const admin = await t.login();
  const res = await t.call('POST', '/api/admin/saveData', { token: admin, body: { username, name: username, password: 'Passw0rd!', roles } });
  expect(res.code).toBe(20000);
  return username;
}

describe('login', () => {
  it('gives a token that /api/admin/info turns into the roles, and refuses a wrong password', async () => {
    const token = await t.login();
    const info = await t.call<{ roles: string[]; name: string; username: string }>('GET', '/api/admin/info', { token });
    expect(info.code).toBe(20000);
    expect(info.data.roles).toEqual(['super_admin']);
    expect(info.data.username).toBe('admin');

    const wrong = await t.call('POST', '/api/admin/login', { body: { username: 'admin', password: 'nope' } });
    expect(wrong).toMatchObject({ status: 401, code: 40100, message: '用户名或密码错误' });
  });

  it('answers with the session’s start: the info, routes and counters the calls of that session give', async () => {
    const res = await t.call<LoginResult>('POST', '/api/admin/login', { body: { username: 'warehouse1', password: DEMO_PASSWORD } });
    expect(res.code).toBe(20000);
    const token = res.data.token;
    const [info, routes, taskNum] = await Promise.all(
      ['/api/admin/info', '/api/role/getEnableRoutes', '/api/back/getTaskNum'].map((url) => t.call('GET', url, { token })),
    );
    expect(res.data.session).toEqual({ info: info.data, routes: routes.data, taskNum: taskNum.data });
    expect(res.data.session?.info.roles).toEqual(['warehouse']);
    expect(res.data.session?.routes.map((r) => (r as { path: string }).path)).not.toContain('/systemManage');
  });

  it('trims the username; a token in the query string does not sign in (the X-Token header does)', async () => {
    const res = await t.call<{ token: string }>('POST', '/api/admin/login', { body: { username: '  warehouse1 ', password: DEMO_PASSWORD } });
    expect(res.code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { query: { token: res.data.token } })).code).toBe(50008);
    const info = await t.call<{ roles: string[] }>('GET', '/api/admin/info', { token: res.data.token });
    expect(info.data.roles).toEqual(['warehouse']);
  });

  it('names the missing field and rejects unknown fields', async () => {
    const missing = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/login', { body: { username: 'admin' } });
    expect(missing.code).toBe(40001);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.fields)).toEqual(['password']);
    const extra = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/login', {
      body: { username: 'admin', password: 'x', role: 'super_admin' },
    });
    expect(extra.code).toBe(40001);
    expect(extra.data.fields.role).toContain('role');
  });

  it('answers a wrong name and a wrong password alike, then makes the name wait longer and longer from that address only', async () => {
    const username = await newStaff('slowy');
    for (const name of [username, 'nobody-here']) {
      for (let i = 0; i < 5; i++) {
        const r = await t.call('POST', '/api/admin/login', { body: { username: name, password: 'bad' }, ip: '10.0.0.9' });
        expect([r.code, r.message]).toEqual([40100, '用户名或密码错误']);
      }
      // The sixth try waits 5 s: the same answer for an account and for a name that does not exist.
      const sixth = await t.call('POST', '/api/admin/login', { body: { username: name, password: 'bad' }, ip: '10.0.0.9' });
      expect([sixth.code, sixth.message]).toEqual([42900, '登录尝试过于频繁，请 5 秒后再试']);
    }
    // The account's owner, elsewhere, is not locked out by the stranger.
    expect((await t.call('POST', '/api/admin/login', { body: { username, password: 'Passw0rd!' }, ip: '10.0.0.1' })).code).toBe(20000);
    // From the stranger's address: after the wait, one more failure doubles it.
    t.clock.advance(5_000);
    expect((await t.call('POST', '/api/admin/login', { body: { username: 'nobody-here', password: 'bad' }, ip: '10.0.0.9' })).code).toBe(40100);
    expect((await t.call('POST', '/api/admin/login', { body: { username: 'nobody-here', password: 'bad' }, ip: '10.0.0.9' })).message).toBe(
      '登录尝试过于频繁，请 10 秒后再试',
    );
  });

  it('a super admin clears the waits of a name', async () => {
    const username = await newStaff('unlocky');
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/admin/login', { body: { username, password: 'bad' }, ip: '10.0.0.7' });
    expect((await t.call('POST', '/api/admin/login', { body: { username, password: 'Passw0rd!' }, ip: '10.0.0.7' })).code).toBe(42900);
    const admin = await t.login();
    expect((await t.call('POST', '/api/admin/unlockLogin', { token: admin, body: { username } })).code).toBe(20000);
    expect((await t.call('POST', '/api/admin/login', { body: { username, password: 'Passw0rd!' }, ip: '10.0.0.7' })).code).toBe(20000);
    const clerk = await t.login('finance1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/admin/unlockLogin', { token: clerk, body: { username } })).code).toBe(40300);
  });

  it('does not slow down for failures spread beyond 15 minutes', async () => {
    const username = await newStaff('spread');
    for (let i = 0; i < 6; i++) {
      expect((await t.call('POST', '/api/admin/login', { body: { username, password: 'bad' } })).code).toBe(40100);
      t.clock.advanceMinutes(4);
    }
  });

  it('refuses a disabled account', async () => {
    const username = await newStaff('gone');
    const admin = await t.login();
    const list = await t.call<{ list: { id: number }[] }>('GET', '/api/admin/fetchList', { token: admin, query: { username } });
    await t.call('GET', '/api/admin/modifyStatus', { token: admin, query: { id: list.data.list[0].id, status: 'disabled' } });
    const res = await t.call('POST', '/api/admin/login', { body: { username, password: 'Passw0rd!' } });
    expect(res.code).toBe(40300);
  });
});

describe('sessions', () => {
  it('refuses a token after logout (50008) and a made-up token (50008)', async () => {
    const token = await t.login('finance1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/admin/logout', { token })).code).toBe(20000);
    const after = await t.call('GET', '/api/admin/info', { token });
    expect(after).toMatchObject({ code: 50008, status: 401 });
    expect((await t.call('GET', '/api/admin/info', { token: 'made-up' })).code).toBe(50008);
    expect((await t.call('GET', '/api/admin/info')).code).toBe(50008);
  });

  it('ends the older session when the same account logs in again (50012)', async () => {
    const first = await t.login('cs1', DEMO_PASSWORD);
    const second = await t.login('cs1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/admin/info', { token: first })).code).toBe(50012);
    expect((await t.call('GET', '/api/admin/info', { token: second })).code).toBe(20000);
  });

  it('expires after 8 idle hours (50014)', async () => {
    const token = await t.login('marketing1', DEMO_PASSWORD);
    t.clock.advanceMinutes(7 * 60 + 59);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(20000);
    t.clock.advanceMinutes(7 * 60 + 59);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(20000);
    t.clock.advanceMinutes(8 * 60);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(50014);
  });

  it('expires 7 days after login even when used all the time (50014)', async () => {
    const token = await t.login('ops1', DEMO_PASSWORD);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      t.clock.advanceMinutes(6 * 60);
      expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(20000);
    }
    t.clock.advanceMinutes(6 * 60);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(50014);
  });

  it('ends the sessions of an account whose status leaves activity', async () => {
    const username = await newStaff('paused');
    const token = await t.login(username, 'Passw0rd!');
    const admin = await t.login();
    const list = await t.call<{ list: { id: number }[] }>('GET', '/api/admin/fetchList', { token: admin, query: { username } });
    expect((await t.call('GET', '/api/admin/modifyStatus', { token: admin, query: { id: list.data.list[0].id, status: 'stop' } })).code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(50008);
  });
});

describe('per-IP limit', () => {
  it('refuses further attempts from an IP with too many failures (42900), across usernames', async () => {
    const limited = await createTestApp({ loginIpLimit: 3 });
    try {
      for (const username of ['a1', 'a2', 'a3']) {
        expect((await limited.call('POST', '/api/admin/login', { body: { username, password: 'x' }, ip: '10.0.0.9' })).code).toBe(40100);
      }
      const res = await limited.call('POST', '/api/admin/login', { body: { username: 'admin', password: 'admin12345' }, ip: '10.0.0.9' });
      expect(res).toMatchObject({ code: 42900, status: 429 });
      expect((await limited.call('POST', '/api/admin/login', { body: { username: 'admin', password: 'admin12345' }, ip: '10.0.0.10' })).code).toBe(20000);
    } finally {
      await limited.close();
    }
  });
});

describe('data directory lock', () => {
  it('refuses a second server on the same PGlite directory with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-lock-'));
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another Waystation server/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
