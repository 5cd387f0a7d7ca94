import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, GRANTABLE_PATHS, ROUTE_PATHS, type MenuRoute } from '@waystation/shared/menu';
import { auditLogs } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const leafPaths = (tree: MenuRoute[]) => tree.flatMap((top) => (top.children ?? []).map((c) => `${top.path}/${c.path}`));

describe('menus from roles', () => {
  it('gives super_admin the full catalogue and warehouse only the warehouse routes and its reports', async () => {
    const full = await t.call<MenuRoute[]>('GET', '/api/role/getEnableRoutes', { token: admin });
    expect(full.data).toHaveLength(CATALOGUE.length);
    expect(leafPaths(full.data).sort()).toEqual([...ROUTE_PATHS].sort());
    const packDetail = full.data.find((r) => r.path === '/WarehouseManage')!.children!.find((c) => c.path === 'packDetail')!;
    expect(packDetail).toMatchObject({
      hidden: true,
      component: 'warehouse/PackDetail',
      meta: { activeMenu: '/WarehouseManage/packQuery', title: '包裹详情' },
    });

    const warehouse = await t.call<MenuRoute[]>('GET', '/api/role/getEnableRoutes', { token: await t.login('warehouse1', DEMO_PASSWORD) });
    expect(warehouse.data.map((r) => r.path)).toEqual(['/WarehouseManage', '/report']);
    expect(warehouse.data[1].children!.map((c) => c.path)).toEqual(['throughput', 'storage']);
    expect(leafPaths(warehouse.data).length).toBeLessThan(leafPaths(full.data).length);
  });

  it('refuses a call whose permission the role lacks (40300) and records the refused write', async () => {
    const token = await t.login('warehouse2', DEMO_PASSWORD);
    const list = await t.call('GET', '/api/admin/fetchList', { token });
    expect(list).toMatchObject({ code: 40300, status: 403 });
    const save = await t.call('POST', '/api/admin/saveData', { token, body: { username: 'sneaky', name: 'x', password: 'Secret123', roles: ['super_admin'] } });
    expect(save.code).toBe(40300);
    const refused = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'permission.refused'));
    expect(refused.map((r) => r.targetId)).toContain('/api/admin/saveData');
    expect(refused.every((r) => r.result === 'refused')).toBe(true);
    expect((await t.call('GET', '/api/audit/pageList', { token })).code).toBe(40300);
  });
});

describe('role editor', () => {
  it('creates a role with granted routes; its holders see exactly those routes and may call their APIs', async () => {
    const res = await t.call<{ id: number }>('POST', '/api/role/save', {
      token: admin,
      body: { key: 'auditor', name: '审计员', description: 'reads the trail', routes: ['/systemManage/audit'] },
    });
    expect(res.code).toBe(20000);
    await t.call('POST', '/api/admin/saveData', { token: admin, body: { username: 'auditor1', name: 'Auditor', password: 'Secret123', roles: ['auditor'] } });
    const token = await t.login('auditor1', 'Secret123');
    const menu = await t.call<MenuRoute[]>('GET', '/api/role/getEnableRoutes', { token });
    expect(leafPaths(menu.data)).toEqual(['/systemManage/audit']);
    expect((await t.call('GET', '/api/audit/pageList', { token })).code).toBe(20000);
    expect((await t.call('GET', '/api/admin/fetchList', { token })).code).toBe(40300);
  });

  it('refuses unknown routes and duplicate keys, naming the field', async () => {
    const unknown = await t.call<{ fields: Record<string, string> }>('POST', '/api/role/save', {
      token: admin,
      body: { key: 'x_role', name: 'x', routes: ['/nowhere'] },
    });
    expect(unknown.code).toBe(40001);
    expect(unknown.data.fields.routes).toContain('/nowhere');
    const dup = await t.call<{ fields: Record<string, string> }>('POST', '/api/role/save', { token: admin, body: { key: 'warehouse', name: 'x', routes: [] } });
    expect(dup.data.fields.key).toBe('角色标识已存在');
  });

  it('deletes an unused role but not one in use nor a built-in one', async () => {
    const roles = await t.call<{ list: { id: number; key: string; adminCount: number }[] }>('GET', '/api/role/pageList', {
      token: admin,
      query: { limit: '50' },
    });
    const warehouse = roles.data.list.find((r) => r.key === 'warehouse')!;
    expect(warehouse.adminCount).toBeGreaterThanOrEqual(2);
    expect((await t.call('GET', '/api/role/delete', { token: admin, query: { id: String(warehouse.id) } })).code).toBe(40900);

    const temp = await t.call<{ id: number }>('POST', '/api/role/save', { token: admin, body: { key: 'temp_role', name: 'Temp', routes: [] } });
    await t.call('POST', '/api/admin/saveData', { token: admin, body: { username: 'temp1', name: 'Temp', password: 'Secret123', roles: ['temp_role'] } });
    const inUse = await t.call('GET', '/api/role/delete', { token: admin, query: { id: String(temp.data.id) } });
    expect(inUse.code).toBe(40900);
    expect(inUse.message).toContain('1 个账号');

    const spare = await t.call<{ id: number }>('POST', '/api/role/save', { token: admin, body: { key: 'spare', name: 'Spare', routes: [] } });
    expect((await t.call('GET', '/api/role/delete', { token: admin, query: { id: String(spare.data.id) } })).code).toBe(20000);
    const after = await t.call<{ list: { key: string }[] }>('GET', '/api/role/pageList', { token: admin, query: { keyword: 'spare' } });
    expect(after.data.list).toHaveLength(0);
  });

  it('serves the catalogue a role may be granted (not the super-admin-only backups and 敏感操作验证) and role options', async () => {
    const cat = await t.call<MenuRoute[]>('GET', '/api/role/catalogue', { token: admin });
    expect(leafPaths(cat.data)).toHaveLength(GRANTABLE_PATHS.length);
    expect(GRANTABLE_PATHS).toHaveLength(ROUTE_PATHS.length - 2);
    expect(leafPaths(cat.data)).not.toContain('/systemManage/backup');
    expect(leafPaths(cat.data)).not.toContain('/systemManage/verifyConfig');
    const refused = await t.call('POST', '/api/role/save', { token: admin, body: { key: 'backups', name: 'Backups', routes: ['/systemManage/backup'] } });
    expect(refused).toMatchObject({ code: 40001, message: '仅超级管理员可用，不能授予其他角色：/systemManage/backup' });
    const options = await t.call<{ key: string }[]>('GET', '/api/role/options', { token: admin });
    expect(options.data.map((o) => o.key)).toEqual(
      expect.arrayContaining(['super_admin', 'warehouse', 'purchaser', 'finance', 'customer_service', 'marketing', 'operations']),
    );
  });
});
