import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { adminIdOf, enableVerify, lastCodeFor } from '../../testing/factories/money-people';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = await adminIdOf(t, admin);
});
afterAll(() => t.close());

type Pending = { type: string; pendingToken: string; subjectList: { id: number; totp: boolean }[] };
const login = (username: string, password: string, headers?: Record<string, string>) =>
  t.call<Pending & { token: string }>('POST', '/api/admin/login', { body: { username, password }, headers });

describe('admin_login: the second factor at login', () => {
  it('asks for verification after a correct password, and the ticket opens one login', async () => {
    const token = await t.login('cs1', DEMO_PASSWORD); // a session from before
    await enableVerify(t, 'admin_login', [adminId], admin);
    expect((await login('cs1', 'wrong-password')).code).toBe(40100);
    const first = await login('cs1', DEMO_PASSWORD);
    expect(first.status).toBe(428);
    expect(first.data).toMatchObject({ type: 'admin_login', subjectList: [{ id: adminId }] });
    t.clock.advance(61_000);
    const sent = await t.call('POST', '/api/admin/loginSendCode', { body: { pendingToken: first.data.pendingToken, subjectId: adminId } });
    expect(sent.code).toBe(20000);
    const code = await lastCodeFor(t, adminId);
    const bad = await t.call('POST', '/api/admin/loginDoVerify', {
      body: { pendingToken: first.data.pendingToken, subjectId: adminId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(bad.code).toBe(40001);
    const ok = await t.call<{ ticket: string }>('POST', '/api/admin/loginDoVerify', {
      body: { pendingToken: first.data.pendingToken, subjectId: adminId, code },
    });
    expect(ok.code).toBe(20000);
    // The pending token is spent.
    expect((await t.call('POST', '/api/admin/loginDoVerify', { body: { pendingToken: first.data.pendingToken, subjectId: adminId, code } })).code).toBe(42800);
    const headers = { 'x-verify-ticket': ok.data.ticket };
    const done = await login('cs1', DEMO_PASSWORD, headers);
    expect(done.code).toBe(20000);
    expect(done.data.token).toBeTruthy();
    // Single use; and a ticket of one account does not open another.
    expect((await login('cs1', DEMO_PASSWORD, headers)).code).toBe(42800);
    expect((await login('finance1', DEMO_PASSWORD, headers)).code).toBe(42800);
    // Sessions already open are not affected until they end.
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(50012);
    await t.call('POST', '/api/verify/saveConfig', { token: admin, body: { type: 'admin_login', enabled: false, subjectIds: [] } });
    expect((await login('cs1', DEMO_PASSWORD)).code).toBe(20000);
  });

  it('offers the admin’s own authenticator app', async () => {
    const token = await t.login('marketing1', DEMO_PASSWORD);
    const id = await adminIdOf(t, token);
    const setup = await t.call<{ secret: string }>('POST', '/api/verify/totp/setup', { token });
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    await t.call('POST', '/api/verify/totp/confirm', { token, body: { code: await generate({ secret: setup.data.secret, epoch: epoch() }) } });
    const adminNow = await t.login();
    await enableVerify(t, 'admin_login', [adminId], adminNow);
    const first = await login('marketing1', DEMO_PASSWORD);
    expect(first.data.subjectList.map((s) => [s.id, s.totp])).toEqual([
      [id, true],
      [adminId, false],
    ]);
    t.clock.advance(30_000);
    const ok = await t.call<{ ticket: string }>('POST', '/api/admin/loginDoVerify', {
      body: { pendingToken: first.data.pendingToken, subjectId: id, method: 'totp', code: await generate({ secret: setup.data.secret, epoch: epoch() }) },
    });
    expect(ok.code).toBe(20000);
    expect((await login('marketing1', DEMO_PASSWORD, { 'x-verify-ticket': ok.data.ticket })).code).toBe(20000);
    // Another admin's authenticator is not a subject for this login.
    const other = await login('finance1', DEMO_PASSWORD);
    expect(other.data.subjectList.map((s) => s.id)).toEqual([adminId]);
    // Super admins too.
    expect((await login('admin', 'admin12345', { 'x-verify-ticket': 'not-a-ticket' })).code).toBe(42800);
  });
});
