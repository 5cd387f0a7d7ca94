import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/server';

interface Entry {
  id: number;
  action: string;
  actorName: string;
  targetId: string;
  createTime: string;
}
interface AuditPage {
  list: Entry[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (let i = 0; i < 5; i++) {
    t.clock.advanceMinutes(1);
    await t.call('POST', '/api/role/save', { token: admin, body: { key: `r${i}`, name: `R${i}`, routes: [] } });
  }
});
afterAll(() => t.close());

describe('audit trail', () => {
  it('lists writes newest first with who and what, filtered by action and actor', async () => {
    const res = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { action: 'role.' } });
    expect(res.data.list.map((e) => e.action)).toEqual(Array(5).fill('role.create'));
    expect(res.data.total).toBe(5);
    expect(res.data.totalExact).toBe(true);
    expect(res.data.list[0].actorName).toBe('超级管理员');
    const ids = res.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byActor = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { actor: '超级' } });
    expect(byActor.data.list.length).toBeGreaterThanOrEqual(6);
    const nobody = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { actor: 'nobody' } });
    expect(nobody.data.list).toEqual([]);
  });

  it('filters by time and pages by cursor without repeating rows', async () => {
    const all = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { action: 'role.create' } });
    const third = all.data.list[2];
    const since = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { action: 'role.create', from: third.createTime } });
    expect(since.data.list).toHaveLength(3);
    const first = await t.call<AuditPage>('GET', '/api/audit/pageList', { token: admin, query: { action: 'role.create', limit: '2' } });
    const second = await t.call<AuditPage>('GET', '/api/audit/pageList', {
      token: admin,
      query: { action: 'role.create', limit: '2', cursor: first.data.nextCursor! },
    });
    expect(second.data.list.map((e) => e.id)).toEqual(all.data.list.slice(2, 4).map((e) => e.id));
  });

  it('rejects a malformed time filter', async () => {
    const res = await t.call<{ fields: Record<string, string> }>('GET', '/api/audit/pageList', { token: admin, query: { from: 'yesterday' } });
    expect(res.code).toBe(40001);
    expect(Object.keys(res.data.fields)).toEqual(['from']);
  });
});
