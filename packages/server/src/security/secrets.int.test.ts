import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/server';
import { agentTerminalItems } from '../db/schema';

/** Issue 12.2: agent bot tokens are sealed at rest and never returned, by the list, the save or the audit trail. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('agent bot tokens', () => {
  it('are sealed, masked in every answer, and kept when an edit leaves them empty', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/agentTerminal/save', {
      token: admin,
      body: { section: 'botManage', name: 'TG 订单', value: { platform: 'telegram', channel: '@orders', token: 'BOT-TOKEN-SECRET-123' } },
    });
    expect(saved.code).toBe(20000);
    const [row] = await t.db.select().from(agentTerminalItems).where(eq(agentTerminalItems.id, saved.data.id));
    expect((row.value as { token: string }).token).toMatch(/^enc:v1:/);
    await t.call('POST', '/api/agentTerminal/save', {
      token: admin,
      body: { id: saved.data.id, section: 'botManage', name: 'TG 订单（改）', value: { platform: 'telegram', channel: '@orders', token: '' } },
    });
    const [after] = await t.db.select().from(agentTerminalItems).where(eq(agentTerminalItems.id, saved.data.id));
    expect((after.value as { token: string }).token).toBe((row.value as { token: string }).token);
    const everything = JSON.stringify([
      await t.call('GET', '/api/agentTerminal/list', { token: admin, query: { section: 'botManage', page: '1', limit: '50' } }),
      await t.call('GET', '/api/audit/pageList', { token: admin, query: { targetType: 'botManage' } }),
    ]);
    expect(everything).toContain('••••••••');
    expect(everything).not.toContain('BOT-TOKEN-SECRET');
    expect(everything).not.toContain('enc:v1:');
  });
});
