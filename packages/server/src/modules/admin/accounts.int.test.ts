import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { verifiedCall } from '../../testing/factories/money-people';

interface Account {
  id: number;
  username: string;
  name: string;
  status: string;
  roles: string[];
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const auditRows = (action: string, targetId: number | string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, String(targetId))));

describe('staff accounts', () => {
  it('creates an account with roles, writes one audit row without the password, and the account can log in', async () => {
    const res = await t.call<{ id: number }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'packer7', name: '打包员七号', password: 'Secret123', roles: ['warehouse'] },
    });
    expect(res.code).toBe(20000);
    const rows = await auditRows('admin.create', res.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].actorName).toBe('超级管理员');
    expect(JSON.stringify(rows[0].after)).not.toContain('Secret123');
    expect(rows[0].after).toMatchObject({ username: 'packer7', roles: ['warehouse'], passwordChanged: true });
    const info = await t.call<{ roles: string[] }>('GET', '/api/admin/info', { token: await t.login('packer7', 'Secret123') });
    expect(info.data.roles).toEqual(['warehouse']);
  });

  it('refuses a duplicate username (any case), a weak password and an unknown role, naming the field', async () => {
    const dup = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'WAREHOUSE1', name: 'x', password: 'Secret123', roles: ['warehouse'] },
    });
    expect(dup.code).toBe(40001);
    expect(dup.data.fields.username).toBe('用户名已存在');
    const weak = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'weakling', name: 'x', password: 'short', roles: ['warehouse'] },
    });
    expect(weak.data.fields.password).toBe('密码需为8~64位，且同时包含字母和数字');
    const role = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'noroles', name: 'x', password: 'Secret123', roles: ['wizard'] },
    });
    expect(role.data.fields.roles).toContain('wizard');
    const noPassword = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'nopass', name: 'x', roles: ['warehouse'] },
    });
    expect(noPassword.data.fields.password).toBe('请设置初始密码');
  });

  it('lists with filters and paging, hiding deleted accounts unless asked', async () => {
    const byRole = await t.call<{ list: Account[]; total: number }>('GET', '/api/admin/fetchList', { token: admin, query: { role: 'warehouse', limit: '1' } });
    expect(byRole.data.list).toHaveLength(1);
    expect(byRole.data.total).toBeGreaterThanOrEqual(3);
    expect(byRole.data.list.every((a) => a.roles.includes('warehouse'))).toBe(true);
    const byName = await t.call<{ list: Account[] }>('GET', '/api/admin/fetchList', { token: admin, query: { name: '财务' } });
    expect(byName.data.list.map((a) => a.username)).toEqual(['finance1']);

    const created = await t.call<{ id: number }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'leaver', name: 'Leaver', password: 'Secret123', roles: ['finance'] },
    });
    await t.call('GET', '/api/admin/modifyStatus', { token: admin, query: { id: created.data.id, status: 'deleted' } });
    const visible = await t.call<{ list: Account[] }>('GET', '/api/admin/fetchList', { token: admin, query: { username: 'leaver' } });
    expect(visible.data.list).toHaveLength(0);
    const deleted = await t.call<{ list: Account[] }>('GET', '/api/admin/fetchList', { token: admin, query: { username: 'leaver', status: 'deleted' } });
    expect(deleted.data.list.map((a) => a.status)).toEqual(['deleted']);
    const audit = await auditRows('admin.modifyStatus', created.data.id);
    expect(audit[0]).toMatchObject({ before: { status: 'activity' }, after: { status: 'deleted' } });
  });

  it('edits roles and resets a password, which ends that account’s session', async () => {
    const created = await t.call<{ id: number }>('POST', '/api/admin/saveData', {
      token: admin,
      body: { username: 'mover', name: 'Mover', password: 'Secret123', roles: ['warehouse'] },
    });
    const session = await t.login('mover', 'Secret123');
    const body = { id: created.data.id, username: 'mover', name: 'Mover Two', password: 'Other4567', roles: ['purchaser', 'warehouse'] };
    // Setting another person's password is a sensitive operation (reset_admin_pwd).
    expect((await t.call('POST', '/api/admin/saveData', { token: admin, body })).code).toBe(42800);
    const edit = await verifiedCall(t, 'reset_admin_pwd', created.data.id, 'POST', '/api/admin/saveData', { token: admin, body });
    expect(edit.code).toBe(20000);
    expect((await t.call('GET', '/api/admin/info', { token: session })).code).toBe(50008);
    const info = await t.call<{ roles: string[]; name: string }>('GET', '/api/admin/info', { token: await t.login('mover', 'Other4567') });
    expect(info.data).toMatchObject({ roles: ['purchaser', 'warehouse'], name: 'Mover Two' });
  });

  it('refuses changing one’s own status and rejects an unknown status value', async () => {
    const me = await t.call<{ id: number }>('GET', '/api/admin/info', { token: admin });
    const own = await t.call('GET', '/api/admin/modifyStatus', { token: admin, query: { id: String(me.data.id), status: 'disabled' } });
    expect(own.code).toBe(40300);
    const bad = await t.call<{ fields: Record<string, string> }>('GET', '/api/admin/modifyStatus', { token: admin, query: { id: '2', status: 'asleep' } });
    expect(bad.code).toBe(40001);
    expect(Object.keys(bad.data.fields)).toEqual(['status']);
  });

  it('only a super admin may grant super_admin; a delegate grants only roles within its own rights', async () => {
    const roleRes = await t.call<{ id: number }>('POST', '/api/role/save', {
      token: admin,
      body: { key: 'hr', name: 'HR', routes: ['/systemManage/adminUser'] },
    });
    expect(roleRes.code).toBe(20000);
    await t.call('POST', '/api/admin/saveData', { token: admin, body: { username: 'hr1', name: 'HR', password: 'Secret123', roles: ['hr'] } });
    const hr = await t.login('hr1', 'Secret123');
    const escalate = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { username: 'evil', name: 'x', password: 'Secret123', roles: ['super_admin'] },
    });
    expect(escalate.code).toBe(40300);
    const beyond = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { username: 'clerk1', name: 'Clerk', password: 'Secret123', roles: ['finance'] },
    });
    expect(beyond).toMatchObject({ code: 40300, message: '不能授予超出自己权限的角色' });
    const fine = await t.call('POST', '/api/admin/saveData', {
      token: hr,
      body: { username: 'hr9', name: 'HR Nine', password: 'Secret123', roles: ['hr'] },
    });
    expect(fine.code).toBe(20000);
  });

  it('updates own profile; a password change needs the current password', async () => {
    const token = await t.login('purchaser1', DEMO_PASSWORD);
    const wrong = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/updateOwnData', {
      token,
      body: { oldPassword: 'nope', newPassword: 'Brand9new' },
    });
    expect(wrong.code).toBe(40001);
    expect(wrong.data.fields.oldPassword).toBe('当前密码不正确');
    const missing = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/updateOwnData', { token, body: { newPassword: 'Brand9new' } });
    expect(missing.data.fields.oldPassword).toBe('修改密码需要输入当前密码');
    const ok = await t.call('POST', '/api/admin/updateOwnData', {
      token,
      body: { name: '采购张三', introduction: 'hi', oldPassword: DEMO_PASSWORD, newPassword: 'Brand9new' },
    });
    expect(ok.code).toBe(20000);
    const info = await t.call<{ name: string; introduction: string }>('GET', '/api/admin/info', { token: await t.login('purchaser1', 'Brand9new') });
    expect(info.data).toMatchObject({ name: '采购张三', introduction: 'hi' });
  });

  it('lists active staff for selectors', async () => {
    const res = await t.call<{ id: number; name: string; username: string }[]>('GET', '/api/admin/initAdminUsers', { token: admin });
    expect(res.data.map((a) => a.username)).toContain('warehouse1');
    expect(res.data.map((a) => a.username)).not.toContain('leaver');
  });
});

describe('demo role switch', () => {
  it('continues as a demo account of the chosen role', async () => {
    const res = await t.call<{ token: string }>('POST', '/api/admin/demoSwitch', { token: admin, body: { role: 'finance' } });
    expect(res.code).toBe(20000);
    const info = await t.call<{ roles: string[] }>('GET', '/api/admin/info', { token: res.data.token });
    expect(info.data.roles).toEqual(['finance']);
  });

  it('never raises anyone: a warehouse login cannot become the super admin or a finance clerk', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    for (const role of ['super_admin', 'finance', 'purchaser']) {
      const res = await t.call<{ token: string }>('POST', '/api/admin/demoSwitch', { token: wh, body: { role } });
      expect([role, res.code, res.message]).toEqual([role, 40300, '只能切换到权限不超过当前账号的演示角色']);
    }
    // The caller's own session is untouched, and no session of the admin was made.
    expect((await t.call<{ roles: string[] }>('GET', '/api/admin/info', { token: wh })).data.roles).toEqual(['warehouse']);
  });

  it('is refused when demo mode is off', async () => {
    const prod = await createTestApp({ demo: false });
    try {
      const res = await prod.call('POST', '/api/admin/demoSwitch', { token: await prod.login(), body: { role: 'finance' } });
      expect(res.code).toBe(40300);
      expect((await prod.call<{ demo: boolean }>('GET', '/api/admin/info', { token: await prod.login() })).data.demo).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
