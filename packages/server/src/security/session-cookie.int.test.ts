import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/server';
import { SESSION_COOKIE, sessionMarkerOf, TOKEN_COOKIE } from '../core/sessionCookie';

/**
 * Issue #28 (round two), low finding: the staff token cookie was readable by scripts. The server now sets it HttpOnly at
 * login, and a call authenticated by the cookie must carry the pages' marker in X-Session (a link or form from elsewhere
 * carries none). API clients keep the X-Token header.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = () => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } });
const info = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/info', headers });
const cookieHeader = (token: string) => `${TOKEN_COOKIE}=${encodeURIComponent(token)}`;

describe('the staff session cookie', () => {
  it('is set HttpOnly and SameSite=Strict at login, beside a readable marker that does not reveal the token', async () => {
    const res = await login();
    expect(res.json().code).toBe(20000);
    const token = res.json().data.token as string;
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName[TOKEN_COOKIE]).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(byName[SESSION_COOKIE].httpOnly).toBeFalsy();
    expect(byName[SESSION_COOKIE].value).toBe(sessionMarkerOf(token));
    expect(byName[SESSION_COOKIE].value).not.toContain(token.slice(0, 8));
  });

  it('authenticates a call with the cookie and its marker, and refuses the cookie alone or with another marker', async () => {
    const token = (await login()).json().data.token as string;
    const withMarker = await info({ cookie: cookieHeader(token), 'x-session': sessionMarkerOf(token) });
    expect(withMarker.json()).toMatchObject({ code: 20000, data: { username: TEST_ADMIN.username } });
    expect((await info({ cookie: cookieHeader(token) })).json().code).toBe(50008);
    expect((await info({ cookie: cookieHeader(token), 'x-session': sessionMarkerOf('another') })).json().code).toBe(50008);
    // A write from elsewhere (no marker) changes nothing.
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: cookieHeader(token) } });
    expect(logout.json().code).toBe(50008);
    expect((await info({ 'x-token': token })).json().code).toBe(20000);
  });

  it('is cleared at logout, and the ended session no longer opens anything', async () => {
    const token = (await login()).json().data.token as string;
    const headers = { cookie: cookieHeader(token), 'x-session': sessionMarkerOf(token) };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers });
    expect(res.json().code).toBe(20000);
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cleared[TOKEN_COOKIE].value).toBe('');
    expect(cleared[SESSION_COOKIE].value).toBe('');
    const after = await info(headers);
    expect(after.json().code).toBe(50008);
    // The refusal tells the browser to drop the dead cookie too.
    expect(after.cookies.find((c) => c.name === TOKEN_COOKIE)?.value).toBe('');
  });
});
