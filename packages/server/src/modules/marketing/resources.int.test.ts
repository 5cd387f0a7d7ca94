import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLevels } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember } from '../../testing/factories/money-people';

let t: TestApp;
let mk: string;

beforeAll(async () => {
  t = await createTestApp();
  mk = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

const post = <T = unknown>(url: string, body: unknown) => t.call<T>('POST', url, { token: mk, body });
const get = <T = unknown>(url: string, query: Record<string, unknown>) => t.call<T>('GET', url, { token: mk, query });
const at = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

describe('resource slots', () => {
  it('shows a member the live tasks of their audience, by priority, up to the slot size', async () => {
    const [gold] = await t.db.insert(userLevels).values({ name: 'Gold slot', createdAt: new Date(), updatedAt: new Date() }).returning();
    const space = await post<{ id: number }>('/api/marketing/resource/saveSpace', {
      code: 'home_banner_test',
      name: '首页轮播',
      position: 'home_banner',
      maxItems: 2,
    });
    expect(space.code).toBe(20000);
    const dup = await post('/api/marketing/resource/saveSpace', { code: 'home_banner_test', name: '重复', position: 'popup' });
    expect(dup.code).toBe(40900);
    const spaceId = space.data.id;
    const task = (title: string, over: Record<string, unknown>) =>
      post<{ id: number }>('/api/marketing/resource/saveTask', { spaceId, title, startAt: at(-1), endAt: at(24), ...over });
    await task('低优先级', { priority: 1 });
    await task('高优先级', { priority: 9 });
    await task('中优先级', { priority: 5 });
    await task('未开始', { priority: 99, startAt: at(2) });
    await task('金卡专享', { priority: 50, audience: { type: 'levels', levelIds: [gold.id] } });
    const off = await task('已停用', { priority: 80 });
    await post('/api/marketing/resource/modifyTaskStatus', { id: off.data.id, status: 'disabled' });
    expect((await task('坏时间', { startAt: at(5), endAt: at(1) })).code).toBe(40001);

    const plain = await newMember(t);
    const goldMember = await newMember(t, { levelId: gold.id });
    const seen = async (userCode: string, when?: string) => {
      const res = await get<{ spaceId: number; tasks: { title: string }[] }[]>('/api/marketing/resource/preview', { userCode, ...(when ? { at: when } : {}) });
      return res.data.find((s) => s.spaceId === spaceId)!.tasks.map((x) => x.title);
    };
    expect(await seen(plain.userCode)).toEqual(['高优先级', '中优先级']);
    expect(await seen(goldMember.userCode)).toEqual(['金卡专享', '高优先级']);
    expect(await seen(plain.userCode, at(3))).toEqual(['未开始', '高优先级']);
    expect(await seen(plain.userCode, at(30))).toEqual([]);

    const list = await get<{ list: { taskCount: number; liveCount: number; id: number }[] }>('/api/marketing/resource/spaceList', {});
    expect(list.data.list.find((s) => s.id === spaceId)).toMatchObject({ taskCount: 6, liveCount: 4 });
    const unknown = await get('/api/marketing/resource/preview', { userCode: 'NOBODY' });
    expect(unknown.code).toBe(40001);
  });
});
