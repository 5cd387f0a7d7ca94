import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TTL_MS } from '@waystation/shared/contract/export';
import { adminRoles, admins, exportJobs, roleRoutes, roles, verifyConfigs, verifySubjects } from '../db/schema';
import { expireExports } from '../modules/export/service';
import { storageOf } from '../platform/storage';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { verifiedCall } from '../testing/factories/money-people';
import { accountDelayMs } from '../modules/admin/auth.service';

/**
 * Issue #28 (round two), finding 5: a delegated administrator (a role holding only 管理员账号, or only 角色管理) never
 * widens themselves: nobody grants roles or pages beyond their own rights, changes their own roles or names themselves
 * a verifier; setting another person's password needs a ticket; 敏感操作验证 is the super admin's alone.
 */
let t: TestApp;
let admin: string;

const idOf = async (username: string) => (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username)))[0].id;
const rolesOf = async (username: string) =>
  (
    await t.db
      .select({ key: roles.key })
      .from(adminRoles)
      .innerJoin(roles, eq(roles.id, adminRoles.roleId))
      .innerJoin(admins, eq(admins.id, adminRoles.adminId))
      .where(eq(admins.username, username))
  )
    .map((r) => r.key)
    .sort();
const routesOf = async (key: string) =>
  (await t.db.select({ p: roleRoutes.routePath }).from(roleRoutes).innerJoin(roles, eq(roles.id, roleRoutes.roleId)).where(eq(roles.key, key)))
    .map((r) => r.p)
    .sort();
const passwordHashOf = async (username: string) => (await t.db.select({ h: admins.passwordHash }).from(admins).where(eq(admins.username, username)))[0].h;

async function delegate(key: string, routes: string[], username: string): Promise<string> {
  const role = await t.call('POST', '/api/role/save', { token: admin, body: { key, name: key, description: '', routes } });
  expect(role.code).toBe(20000);
  const acc = await t.call('POST', '/api/admin/saveData', { token: admin, body: { username, name: username, password: 'Secret123', roles: [key] } });
  expect(acc.code).toBe(20000);
  return t.login(username, 'Secret123');
}

let hr: string;
let rm: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  hr = await delegate('hr_only', ['/systemManage/adminUser'], 'hr1');
  rm = await delegate('roles_only', ['/systemManage/role'], 'rm1');
});
afterAll(() => t.close());

describe('a role holding only 管理员账号', () => {
  it('cannot give its own account finance, operations and customer service', async () => {
    const before = await t.call<{ permissions: string[] }>('GET', '/api/admin/info', { token: hr });
    expect(before.data.permissions).toEqual(['system:adminUser']);
    const res = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { id: await idOf('hr1'), username: 'hr1', name: 'hr1', roles: ['hr_only', 'finance', 'operations', 'customer_service'] },
    });
    expect(res).toMatchObject({ code: 40300, message: '不能授予超出自己权限的角色' });
    expect(await rolesOf('hr1')).toEqual(['hr_only']);
    const after = await t.call<{ permissions: string[] }>('GET', '/api/admin/info', { token: hr });
    expect(after.data.permissions).toEqual(['system:adminUser']);
  });

  it('is offered only the roles it may grant in the account editor (the super admin, every role)', async () => {
    const offered = await t.call<{ key: string }[]>('GET', '/api/role/options', { token: hr });
    const keys = offered.data.map((r) => r.key);
    expect(keys).toContain('hr_only');
    for (const beyond of ['super_admin', 'finance', 'operations', 'customer_service']) expect(keys).not.toContain(beyond);
    const all = await t.call<{ key: string }[]>('GET', '/api/role/options', { token: admin });
    expect(all.data.map((r) => r.key)).toEqual(expect.arrayContaining(['super_admin', 'finance', 'hr_only']));
  });

  it('cannot create an account with rights beyond its own, nor change its own roles even within them', async () => {
    const create = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { username: 'clerk9', name: 'Clerk', password: 'Secret123', roles: ['finance'] },
    });
    expect(create).toMatchObject({ code: 40300, message: '不能授予超出自己权限的角色' });
    expect(await t.db.select().from(admins).where(eq(admins.username, 'clerk9'))).toEqual([]);
    // Within its rights: another account with the same role is fine.
    const peer = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { username: 'hr2', name: 'HR Two', password: 'Secret123', roles: ['hr_only'] },
    });
    expect(peer.code).toBe(20000);
    // Its own roles stay as the super admin set them (here: dropping one).
    await t.call('POST', '/api/role/save', { token: admin, body: { key: 'hr_spare', name: 'spare', description: '', routes: ['/systemManage/adminUser'] } });
    const mine = await t.call('POST', '/api/admin/saveData', { token: hr, body: { id: await idOf('hr1'), username: 'hr1', name: 'hr1', roles: ['hr_spare'] } });
    expect(mine).toMatchObject({ code: 40300, message: '不能修改自己的角色' });
    expect(await rolesOf('hr1')).toEqual(['hr_only']);
  });

  it("cannot set finance1's password: it asks for verification, and with a ticket still refuses an account holding more", async () => {
    const hash = await passwordHashOf('finance1');
    const body = { id: await idOf('finance1'), username: 'finance1', name: '财务小陈', password: 'Taken12345', roles: ['finance'] };
    const bare = await t.call<{ type: string }>('POST', '/api/admin/saveData', { token: hr, body });
    expect(bare).toMatchObject({ code: 42800, message: '该操作需要安全验证' });
    expect(bare.data.type).toBe('reset_admin_pwd');
    const verified = await verifiedCall(t, 'reset_admin_pwd', body.id, 'POST', '/api/admin/saveData', { token: hr, body });
    expect(verified).toMatchObject({ code: 40300, message: '不能授予超出自己权限的角色' });
    expect(await passwordHashOf('finance1')).toBe(hash);
    await t.login('finance1', DEMO_PASSWORD);
  });

  it("sets a peer's password only with a ticket; the peer's session ends", async () => {
    const peer = await t.login('hr2', 'Secret123');
    const body = { id: await idOf('hr2'), username: 'hr2', name: 'HR Two', password: 'Reset12345', roles: ['hr_only'] };
    expect((await t.call('POST', '/api/admin/saveData', { token: hr, body })).code).toBe(42800);
    expect((await verifiedCall(t, 'reset_admin_pwd', body.id, 'POST', '/api/admin/saveData', { token: hr, body })).code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { token: peer })).code).toBe(50008);
    await t.login('hr2', 'Reset12345');
  });

  it('cannot disable an account holding more than it does', async () => {
    const res = await t.call('GET', '/api/admin/modifyStatus', { token: hr, query: { id: String(await idOf('finance1')), status: 'disabled' } });
    expect(res).toMatchObject({ code: 40300, message: '不能修改权限超出自己的账号' });
    expect((await t.db.select({ s: admins.status }).from(admins).where(eq(admins.username, 'finance1')))[0].s).toBe('activity');
  });
});

describe('a role holding only 角色管理', () => {
  it('cannot widen its own role, nor rename it', async () => {
    const roleId = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'roles_only')))[0].id;
    const widen = await t.call('POST', '/api/role/save', {
      token: rm,
      body: { id: roleId, key: 'roles_only', name: 'roles_only', description: '', routes: ['/systemManage/role', '/vipManage/list'] },
    });
    expect(widen.code).toBe(40300);
    expect(widen.message).toMatch(/^不能授予自己没有的页面：/);
    const rename = await t.call('POST', '/api/role/save', {
      token: rm,
      body: { id: roleId, key: 'roles_only', name: '改名', description: '', routes: ['/systemManage/role'] },
    });
    expect(rename).toMatchObject({ code: 40300, message: '不能修改自己所属的角色' });
    expect(await routesOf('roles_only')).toEqual(['/systemManage/role']);
    expect((await t.db.select({ n: roles.name }).from(roles).where(eq(roles.id, roleId)))[0].n).toBe('roles_only');
  });

  it('cannot edit or create a role with pages it does not hold', async () => {
    const financeId = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'finance')))[0].id;
    const before = await routesOf('finance');
    const edit = await t.call('POST', '/api/role/save', { token: rm, body: { id: financeId, key: 'finance', name: '财务', description: '', routes: [] } });
    expect(edit).toMatchObject({ code: 40300, message: '不能编辑权限超出自己的角色' });
    expect(await routesOf('finance')).toEqual(before);
    const create = await t.call('POST', '/api/role/save', {
      token: rm,
      body: { key: 'wide', name: 'wide', description: '', routes: ['/systemManage/adminUser'] },
    });
    expect(create.code).toBe(40300);
    expect(await t.db.select().from(roles).where(eq(roles.key, 'wide'))).toEqual([]);
    // The catalogue it may grant from is its own pages.
    const cat = await t.call<{ path: string; children?: { path: string }[] }[]>('GET', '/api/role/catalogue', { token: rm });
    expect(cat.data.map((top) => [top.path, (top.children ?? []).map((c) => c.path)])).toEqual([['/systemManage', ['role']]]);
  });

  it('cannot name itself verifier, so it cannot approve its own balance credit', async () => {
    const me = await idOf('rm1');
    const save = await t.call('POST', '/api/verify/saveConfig', { token: rm, body: { type: 'modify_user_amount', enabled: true, subjectIds: [me] } });
    expect(save.code).toBe(40300);
    expect(
      await t.db
        .select()
        .from(verifySubjects)
        .where(and(eq(verifySubjects.type, 'modify_user_amount'), eq(verifySubjects.adminId, me))),
    ).toEqual([]);
    const code = await t.call('POST', '/api/admin/sendVerifyCode', { token: rm, body: { type: 'modify_user_amount', subjectId: me } });
    expect(code).toMatchObject({ code: 40001, message: '该人员不是此操作的验证人' });
  });
});

describe('敏感操作验证 is the super admin’s alone', () => {
  it('no role can be granted the page, and a role that still holds it from before gets nothing from it', async () => {
    const grant = await t.call('POST', '/api/role/save', {
      token: admin,
      body: { key: 'verifiers', name: 'verifiers', description: '', routes: ['/systemManage/verifyConfig'] },
    });
    expect(grant.code).toBe(40001);
    expect(grant.message).toContain('/systemManage/verifyConfig');
    // A database from before this rule may still hold the route for a role (the migration removes such rows).
    const roleId = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'hr_only')))[0].id;
    await t.db.insert(roleRoutes).values({ roleId, routePath: '/systemManage/verifyConfig' });
    try {
      const list = await t.call('GET', '/api/verify/configList', { token: hr });
      expect(list.code).toBe(40300);
      const save = await t.call('POST', '/api/verify/saveConfig', {
        token: hr,
        body: { type: 'waive_storage_fee', enabled: true, subjectIds: [await idOf('hr1')] },
      });
      expect(save.code).toBe(40300);
      expect(
        await t.db
          .select()
          .from(verifySubjects)
          .where(eq(verifySubjects.adminId, await idOf('hr1'))),
      ).toEqual([]);
    } finally {
      await t.db.delete(roleRoutes).where(and(eq(roleRoutes.roleId, roleId), eq(roleRoutes.routePath, '/systemManage/verifyConfig')));
    }
    expect((await t.call('GET', '/api/verify/configList', { token: admin })).code).toBe(20000);
  });

  it('reset_admin_pwd is switched on at start with the super admin as verifier', async () => {
    expect(await t.db.select({ enabled: verifyConfigs.enabled }).from(verifyConfigs).where(eq(verifyConfigs.type, 'reset_admin_pwd'))).toEqual([
      { enabled: true },
    ]);
    expect(await t.db.select({ id: verifySubjects.adminId }).from(verifySubjects).where(eq(verifySubjects.type, 'reset_admin_pwd'))).toEqual([
      { id: await idOf('admin') },
    ]);
  });
});

describe('staff login throttling holds the account, whatever address is used (finding 1, staff part)', () => {
  const tryLogin = (username: string, password: string, ip: string) => t.call('POST', '/api/admin/login', { body: { username, password }, ip });

  it('failures of one name from rotating addresses make the next try wait; the owner at an address of theirs is not held; 解除登录限制 clears it', async () => {
    // cs1 signed in from its own desk before.
    expect((await tryLogin('cs1', DEMO_PASSWORD, '10.9.0.1')).code).toBe(20000);
    t.clock.advance(1000);
    for (let i = 0; i < 10; i++) {
      const res = await tryLogin('cs1', 'wrong-password', `203.0.113.${i + 1}`);
      expect([i, res.code, res.message]).toEqual([i, 40100, '用户名或密码错误']);
    }
    // An eleventh address: waits (before this rule: 40100 again, so guessing went on without end).
    const held = await tryLogin('cs1', 'wrong-password', '203.0.113.50');
    expect(held.code).toBe(42900);
    expect(held.message).toMatch(/^登录尝试过于频繁，请 \d+ 秒后再试$/);
    // The right password from a stranger's address waits too (the guesser cannot tell it was right)…
    expect((await tryLogin('cs1', DEMO_PASSWORD, '203.0.113.51')).code).toBe(42900);
    // …but the owner at their own desk signs in.
    expect((await tryLogin('cs1', DEMO_PASSWORD, '10.9.0.1')).code).toBe(20000);
    t.clock.advance(1000);
    // The owner's sign-in starts the count afresh; ten more failures hold it again, each wait longer, at most 5 minutes.
    expect([10, 11, 12, 13, 14, 40].map(accountDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
    for (let i = 0; i < 10; i++) await tryLogin('cs1', 'wrong-password', `198.51.100.${i + 1}`);
    const capped = await tryLogin('cs1', DEMO_PASSWORD, '198.51.100.99');
    expect(capped.code).toBe(42900);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await tryLogin('cs1', 'wrong-password', '198.51.100.98')).code).toBe(40100);
    expect((await tryLogin('cs1', DEMO_PASSWORD, '198.51.100.97')).code).toBe(42900);
    // The super admin clears the waits.
    expect((await t.call('POST', '/api/admin/unlockLogin', { token: admin, body: { username: 'cs1' } })).code).toBe(20000);
    t.clock.advance(1000);
    expect((await tryLogin('cs1', DEMO_PASSWORD, '198.51.100.97')).code).toBe(20000);
  });
});

describe('demo role switch', () => {
  it("warehouse2 switching to 仓库 gets a demo account's session, never warehouse1's, and warehouse1 stays signed in", async () => {
    const wh1 = await t.login('warehouse1', DEMO_PASSWORD);
    const wh2 = await t.login('warehouse2', DEMO_PASSWORD);
    const res = await t.call<{ token: string }>('POST', '/api/admin/demoSwitch', { token: wh2, body: { role: 'warehouse' } });
    expect(res.code).toBe(20000);
    const info = await t.call<{ username: string; roles: string[] }>('GET', '/api/admin/info', { token: res.data.token });
    // Before: { username: 'warehouse1' } — and warehouse1's own session ended with 50012.
    expect(info.data).toMatchObject({ username: 'demo.warehouse', roles: ['warehouse'] });
    expect((await t.call('GET', '/api/admin/info', { token: wh1 })).code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { token: wh2 })).code).toBe(20000);
    const [demo] = await t.db.select().from(admins).where(eq(admins.username, 'demo.warehouse'));
    expect(demo.demoRole).toBe('warehouse');
    // A second preview of the same role does not end the first one.
    const again = await t.call<{ token: string }>('POST', '/api/admin/demoSwitch', { token: wh1, body: { role: 'warehouse' } });
    expect((await t.call('GET', '/api/admin/info', { token: again.data.token })).code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { token: res.data.token })).code).toBe(20000);
    // The demo account cannot be signed into with a password.
    expect((await t.call('POST', '/api/admin/login', { body: { username: 'demo.warehouse', password: DEMO_PASSWORD } })).code).toBe(40100);
  });

  it('never beyond the caller: warehouse cannot preview finance', async () => {
    const wh = await t.login('warehouse2', DEMO_PASSWORD);
    const res = await t.call('POST', '/api/admin/demoSwitch', { token: wh, body: { role: 'finance' } });
    expect(res).toMatchObject({ code: 40300, message: '只能切换到权限不超过当前账号的演示角色' });
    expect(await t.db.select().from(admins).where(eq(admins.username, 'demo.finance'))).toEqual([]);
  });
});

describe('a token in the query string', () => {
  it('does not open /api/admin/info (the X-Token header does)', async () => {
    const token = await t.login('marketing1', DEMO_PASSWORD);
    const res = await t.call('GET', '/api/admin/info', { query: { token } });
    // Before: 20000 with marketing1's info.
    expect(res).toMatchObject({ code: 50008, message: '未登录或登录凭证无效，请重新登录' });
    expect((await t.call('GET', '/api/admin/info', { token })).code).toBe(20000);
  });
});

describe('export workbooks', () => {
  it('are served only to the person who asked, never by the public file route, and expire after 24 hours', async () => {
    const started = await t.call<{ id: number }>('POST', '/api/export/create', {
      token: admin,
      body: { url: '/api/warehouse/package/pageList', query: {}, columns: [{ title: '包裹号', field: 'packageNo' }], name: '包裹列表' },
    });
    expect(started.code).toBe(20000);
    await t.jobs.settled();
    const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, started.data.id));
    expect(job.status).toBe('done');
    const uri = job.fileUri!;
    // Before: 200 and the workbook, to anyone with the URL, for ever.
    const open = await t.app.inject({ method: 'GET', url: `/api/upload/file/${uri}` });
    expect(open.statusCode).toBe(404);
    expect(open.json()).toMatchObject({ code: 40400, message: '文件不存在' });
    const escaped = await t.app.inject({ method: 'GET', url: `/api/upload/file/${uri.replace('exports/', 'exp%6Frts/')}` });
    expect(escaped.statusCode).toBe(404);
    const other = await t.call('GET', '/api/export/download', { token: await t.login('ops1', DEMO_PASSWORD), query: { id: started.data.id } });
    expect(other).toMatchObject({ code: 40400, message: '导出任务不存在' });
    const mine = await t.app.inject({ method: 'GET', url: `/api/export/download?id=${started.data.id}`, headers: { 'x-token': admin } });
    expect(mine.headers['content-type']).toContain('spreadsheetml');

    t.clock.advance(EXPORT_TTL_MS + 1000);
    admin = await t.login(); // the session itself went idle meanwhile
    const late = await t.call('GET', '/api/export/download', { token: admin, query: { id: started.data.id } });
    expect(late).toMatchObject({ code: 40400, message: '导出文件已过期，请重新导出' });
    const storage = storageOf(t.config);
    expect(await storage.get(uri)).not.toBeNull();
    expect(await expireExports(t.db, storage, t.clock.now())).toEqual({ expired: 1 });
    expect(await storage.get(uri)).toBeNull();
    const [after] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, started.data.id));
    expect(after).toMatchObject({ status: 'expired', fileUri: null });
    const list = await t.call<{ list: { id: number; status: string }[] }>('GET', '/api/export/list', { token: admin });
    expect(list.data.list.find((j) => j.id === started.data.id)?.status).toBe('expired');
  });
});
