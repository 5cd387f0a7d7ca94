import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLogs } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { adminIdOf, enableVerify, newAgent, newMember, restoreSeededVerify, ticketFor, withTicket } from '../../testing/factories/money-people';

let t: TestApp;
let admin: string;
let adminId: number;
let ops: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = await adminIdOf(t, admin);
  ops = await t.login('ops1', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('agents', () => {
  it('creates, edits, lists, searches; names are unique', async () => {
    const created = await t.call<{ id: number }>('POST', '/api/agent/saveAgent', {
      token: ops,
      body: { agentName: 'Fjordbuy Test', email: 'nb@example.com', phone: '+46 1' },
    });
    expect(created.code).toBe(20000);
    expect((await t.call('POST', '/api/agent/saveAgent', { token: ops, body: { agentName: 'fjordbuy test' } })).code).toBe(40900);
    await t.call('POST', '/api/agent/saveAgent', { token: ops, body: { id: created.data.id, agentName: 'Fjordbuy Test', contactName: 'Sven', phone: '999' } });
    const list = await t.call<{ list: { id: number; phone: string; contactName: string }[] }>('GET', '/api/agent/pageAgentList', {
      token: ops,
      query: { agentName: 'fjordbuy' },
    });
    // The phone of an existing agent changes only through reset_agent_phone.
    expect(list.data.list).toMatchObject([{ id: created.data.id, phone: '+46 1', contactName: 'Sven' }]);
    const found = await t.call<{ id: number }[]>('GET', '/api/agent/searchByAgentName', { token: ops, query: { keyword: 'Fjord' } });
    expect(found.data.map((a) => a.id)).toContain(created.data.id);
    const app = await t.call('POST', '/api/agent/saveAgentApp', {
      token: ops,
      body: { id: created.data.id, app: { siteName: 'Fjord', themeColor: '#112233' } },
    });
    expect(app.code).toBe(20000);
  });

  it('every sensitive agent call needs its own ticket when enabled', async () => {
    const a = await newAgent(t);
    const opsId = await adminIdOf(t, ops);
    const calls = [
      ['modify_agent_status', 'GET', '/api/agent/modifyAgentStatus', { query: { id: String(a.id), status: 'disabled' } }],
      ['reset_agent_pwd', 'POST', '/api/agent/resetAgentPwd', { body: { id: a.id, password: 'newpass123' } }],
      ['reset_agent_trade_pwd', 'POST', '/api/agent/resetAgentTradePwd', { body: { id: a.id, tradePassword: '123456' } }],
      ['reset_agent_phone', 'POST', '/api/agent/resetAgentPhone', { body: { id: a.id, phone: '+33 123456' } }],
      ['modify_agent_platform_rebate', 'POST', '/api/agent/modifyPlatformRebate', { body: { id: a.id, rebate: '7.5' } }],
      [
        'modify_agent_withdrawal_account',
        'POST',
        '/api/agent/modifyWithdrawalAccount',
        { body: { id: a.id, account: { method: 'paypal', accountName: 'A', accountNo: 'a@pp.com' } } },
      ],
    ] as const;
    for (const [type] of calls) await enableVerify(t, type, [opsId, adminId], admin);
    for (const [type, method, url, input] of calls) {
      const refused = await t.call<{ type: string; request: string }>(method, url, { token: ops, ...input });
      expect(refused.code, url).toBe(42800);
      expect(refused.data.type).toBe(type);
      // Another verifier is on the list: ops cannot approve their own operation, the admin does.
      expect((await t.call('POST', '/api/admin/sendVerifyCode', { token: ops, body: { type, subjectId: opsId } })).code).toBe(40001);
      const ticket = await ticketFor(t, ops, type, a.id, adminId, refused.data.request);
      // Another type's ticket does not open the call.
      const other = calls.find((c) => c[0] !== type)!;
      expect((await t.call(other[1], other[2], { token: ops, ...other[3], headers: withTicket(ticket) })).code).toBe(42800);
      const ok = await t.call(method, url, { token: ops, ...input, headers: withTicket(ticket) });
      expect(ok.code, url).toBe(20000);
    }
    const [row] = await t.db.select().from(agents).where(eq(agents.id, a.id));
    expect(row).toMatchObject({ status: 'disabled', phone: '+33 123456', rebateBp: 750, withdrawalAccount: { method: 'paypal', accountNo: 'a@pp.com' } });
    expect(row.passwordHash).toMatch(/^\$argon2/);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'agent.resetPwd'));
    expect(JSON.stringify(audit)).not.toContain('newpass123');
    for (const [type] of calls) await restoreSeededVerify(t, type, admin);
  });

  it('shows members, sales, domains in the detail', async () => {
    const a = await newAgent(t);
    await newMember(t, { agentId: a.id });
    const d = await t.call('POST', '/api/config/saveMainDomain', { token: ops, body: { domain: `Shop${a.id}.Example.com`, agentId: a.id } });
    expect(d.code).toBe(20000);
    expect((await t.call('POST', '/api/config/saveMainDomain', { token: ops, body: { domain: `shop${a.id}.example.com` } })).code).toBe(40900);
    const detail = await t.call<{ memberCount: number; domains: { domain: string }[] }>('GET', '/api/agent/detail', {
      token: ops,
      query: { id: String(a.id) },
    });
    expect(detail.data.memberCount).toBe(1);
    expect(detail.data.domains.map((x) => x.domain)).toEqual([`shop${a.id}.example.com`]);
    const opts = await t.call<{ domain: string }[]>('GET', '/api/config/enableMainDomainList', { token: ops });
    expect(opts.data.map((x) => x.domain)).toContain(`shop${a.id}.example.com`);
  });
});

describe('agent users and terminal pages', () => {
  it('saves users, their terminal settings and status', async () => {
    const a = await newAgent(t);
    const u = await t.call<{ id: number }>('POST', '/api/user/saveAgentUser', { token: ops, body: { agentId: a.id, username: `staff${a.id}`, name: 'Staff' } });
    expect(u.code).toBe(20000);
    expect((await t.call('POST', '/api/user/saveAgentUser', { token: ops, body: { agentId: a.id, username: `STAFF${a.id}` } })).code).toBe(40900);
    expect((await t.call('POST', '/api/user/saveAgentAppUser', { token: ops, body: { id: u.data.id, app: { lang: 'en' } } })).code).toBe(20000);
    expect((await t.call('GET', '/api/user/modifyAgentUserStatus', { token: ops, query: { id: String(u.data.id), status: 'stop' } })).code).toBe(20000);
    const list = await t.call<{ list: { status: string; app: Record<string, string> }[] }>('GET', '/api/user/pageUserList', {
      token: ops,
      query: { agentId: String(a.id) },
    });
    expect(list.data.list).toMatchObject([{ status: 'stop', app: { lang: 'en' } }]);
  });

  it('stores the agent terminal pages', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/agentTerminal/save', {
      token: ops,
      body: { section: 'serverManage', name: 'EU-1', value: { host: 'eu1.example.com' } },
    });
    expect(saved.code).toBe(20000);
    const servers = await t.call<{ list: { name: string }[] }>('GET', '/api/user/pageUserServerList', { token: ops });
    expect(servers.data.list.map((s) => s.name)).toContain('EU-1');
    expect((await t.call('POST', '/api/agentTerminal/delete', { token: ops, body: { id: saved.data.id } })).code).toBe(20000);
    const bots = await t.call<{ list: unknown[] }>('GET', '/api/agentTerminal/list', { token: ops, query: { section: 'botManage' } });
    expect(bots.code).toBe(20000);
  });

  it('the agent terminal 我的域名 page is the main-domain list: one validated list, not a free-form section', async () => {
    const free = await t.call('POST', '/api/agentTerminal/save', { token: ops, body: { section: 'myDomain', name: 'x', value: { domain: 'not a domain' } } });
    expect(free.code).toBe(40001);
    const all = await t.call<{ list: { domain: string; agentName: string }[]; total: number }>('GET', '/api/config/pageMainDomainList', {
      token: ops,
      query: { page: '1', limit: '20' },
    });
    expect(all.data.list.map((d) => d.domain)).toEqual(expect.arrayContaining(['shop.nordichaul.example', 'buy.maplefwd.example', 'www.waystation.example']));
    const bad = await t.call('POST', '/api/config/saveMainDomain', { token: ops, body: { domain: 'shop example', agentId: null } });
    expect(bad.code).toBe(40001);
    const taken = await t.call('POST', '/api/config/saveMainDomain', { token: ops, body: { domain: 'SHOP.nordichaul.example', agentId: null } });
    expect(taken.code).not.toBe(20000);
  });

  it('permissions: finance and warehouse staff cannot manage agents', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/agent/pageAgentList', { token: wh })).code).toBe(40300);
    expect((await t.call('POST', '/api/agent/saveAgent', { token: wh, body: { agentName: 'x y' } })).code).toBe(40300);
    expect((await t.call('GET', '/api/user/pageUserList', { token: wh })).code).toBe(40300);
    expect((await t.call('POST', '/api/agentTerminal/save', { token: wh, body: { section: 'share', name: 'x', value: {} } })).code).toBe(40300);
  });
});
