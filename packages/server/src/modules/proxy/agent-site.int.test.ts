import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import { agents, auditLogs, members, siteApiKeys } from '../../db/schema';
import { hashPassword } from '../../core/password';
import { createTestApp, type TestApp } from '../../testing/server';
import { emailCode } from '../../testing/member';
import { newAgent, newMember, newPaidOrder, verifiedCall } from '../../testing/factories/money-people';
import { checkLedger } from '../ledger/service';
import { settleCommission } from '../finance/service';

let t: TestApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const idem = () => `test-key-${Date.now()}-${++seq}`;
const open = <T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; body?: unknown; query?: Record<string, unknown>; key?: string | null; headers?: Record<string, string> } = {},
) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' && o.key !== null ? { 'idempotency-key': o.key ?? idem() } : {}),
      ...o.headers,
    },
  });

async function newSiteKey(name = 'member site') {
  const r = await t.call<{ id: number; key: string }>('POST', '/api/notification/siteKey/create', { token: admin, body: { name } });
  expect(r.code, r.message).toBe(20000);
  return r.data;
}

/** An agent that can sign in to its terminal (password and trade password set as staff would). */
async function agentWithPasswords() {
  const a = await newAgent(t);
  await t.db
    .update(agents)
    .set({ passwordHash: await hashPassword('agentpass1'), tradePasswordHash: await hashPassword('trade123') })
    .where(eq(agents.id, a.id));
  const login = await open<{ token: string }>('POST', '/agent/auth/login', {
    body: { account: a.agentName.toUpperCase(), password: 'agentpass1' },
    key: null,
  });
  expect(login.code, login.message).toBe(20000);
  return { ...a, token: login.data.token };
}

describe('member sites’ API keys', () => {
  it('are shown once, act for the member named in X-Member-Code, and stop working when disabled', async () => {
    const { id, key } = await newSiteKey();
    expect(key).toMatch(/^wsk_[A-Za-z0-9_-]{40,}$/);
    const keys = await t.call<{ id: number; prefix: string; lastUsedTime: string | null }[]>('GET', '/api/notification/siteKey/list', { token: admin });
    const row = keys.data.find((k) => k.id === id)!;
    expect(row.prefix).toBe(key.slice(0, 10));
    expect(JSON.stringify(keys.data)).not.toContain(key.slice(10));
    const [stored] = await t.db.select().from(siteApiKeys).where(eq(siteApiKeys.id, id));
    expect(stored!.keyHash).not.toContain(key);

    const m = await newMember(t);
    const site = { 'x-api-key': key, 'x-member-code': m.userCode };
    const me = await open<{ userCode: string }>('GET', '/me', { headers: site });
    expect(me.code, me.message).toBe(20000);
    expect(me.data.userCode).toBe(m.userCode);
    // A write through the key still takes an Idempotency-Key and lands as the member's.
    const addr = { receiver: 'Site Member', country: 'DE', city: 'Berlin', address: 'Street 1', postcode: '10115' };
    const saved = await open<{ id: number }>('POST', '/addresses/save', { headers: site, body: addr });
    expect(saved.code, saved.message).toBe(20000);
    const list = await open<{ list: { id: number }[] }>('GET', '/addresses', { headers: site });
    expect(list.data.list.map((a) => a.id)).toContain(saved.data.id);
    expect((await open('POST', '/addresses/save', { headers: site, body: addr, key: null })).code).toBe(40001);

    expect((await open('GET', '/me', { headers: { 'x-api-key': key } })).code).toBe(40001);
    expect((await open('GET', '/me', { headers: { 'x-api-key': key, 'x-member-code': 'U-NOBODY' } })).code).toBe(40400);
    expect((await open('GET', '/me', { headers: { 'x-api-key': `${key}x`, 'x-member-code': m.userCode } })).code).toBe(50008);
    // A site key opens no staff route, and no agent route.
    expect((await t.call('GET', '/api/vip/pageList', { headers: { 'x-api-key': key } })).code).toBe(50008);
    expect((await open('GET', '/agent/me', { headers: site })).code).toBe(50008);

    const used = await t.call<{ id: number; lastUsedTime: string | null }[]>('GET', '/api/notification/siteKey/list', { token: admin });
    expect(used.data.find((k) => k.id === id)!.lastUsedTime).not.toBeNull();
    expect((await t.call('POST', '/api/notification/siteKey/modifyStatus', { token: admin, body: { id, status: 'disabled' } })).code).toBe(20000);
    expect((await open('GET', '/me', { headers: site })).code).toBe(50008);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetType, 'siteKey'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['siteKey.create', 'siteKey.update']));
  });

  it('sign in a Discord member once (created on the first sign-in), and staff see the Discord account only with query_discord', async () => {
    const { key } = await newSiteKey('discord login');
    const email = `discord${Date.now()}@example.com`;
    const body = { loginSource: 'discord', email, name: 'Disco Member', discordId: 'disco_member#4242' };
    const bothAtOnce = await Promise.all([0, 1].map(() => open<SessionResult>('POST', '/auth/siteLogin', { headers: { 'x-api-key': key }, body, key: null })));
    expect(bothAtOnce.map((r) => r.code)).toEqual([20000, 20000]);
    expect(bothAtOnce[0]!.data.member.id).toBe(bothAtOnce[1]!.data.member.id);
    expect(await t.db.select({ id: members.id }).from(members).where(eq(members.email, email))).toHaveLength(1);
    const token = bothAtOnce[0]!.data.token;
    expect((await open<{ email: string }>('GET', '/me', { token })).data.email).toBe(email);

    // Without a key, or with a discord sign-in that names no Discord account, nothing happens.
    expect((await open('POST', '/auth/siteLogin', { body, key: null })).code).toBe(50008);
    const noDiscord = await open('POST', '/auth/siteLogin', { headers: { 'x-api-key': key }, body: { ...body, discordId: undefined }, key: null });
    expect(noDiscord.code).toBe(40001);

    const memberId = bothAtOnce[0]!.data.member.id;
    const detail = await t.call<{ loginSource: string; discordHint: string }>('GET', '/api/vip/detail', { token: admin, query: { id: memberId } });
    expect(detail.data.loginSource).toBe('discord');
    expect(detail.data.discordHint).toBe('••••242');
    expect(JSON.stringify(detail.data)).not.toContain('disco_member');
    const refused = await t.call('POST', '/api/vip/queryDiscord', { token: admin, body: { memberId } });
    expect(refused.code).toBe(42800);
    const shown = await verifiedCall<{ discordId: string }>(t, 'query_discord', memberId, 'POST', '/api/vip/queryDiscord', {
      token: admin,
      body: { memberId },
    });
    expect(shown.code, shown.message).toBe(20000);
    expect(shown.data.discordId).toBe('disco_member#4242');
    const [looked] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'vip.queryDiscord'));
    expect(looked?.targetId).toBe(String(memberId));
  });
});

describe('the agent terminal (appId 2)', () => {
  it('signs an agent in with its own token that opens only agent routes', async () => {
    const a = await agentWithPasswords();
    const me = await open<{ agentName: string; memberCount: number }>('GET', '/agent/me', { token: a.token });
    expect(me.code, me.message).toBe(20000);
    expect(me.data.agentName).toBe(a.agentName);
    expect((await open('POST', '/agent/auth/login', { body: { account: a.agentName, password: 'wrong-pass' }, key: null })).code).toBe(40100);
    expect((await open('POST', '/agent/auth/login', { body: { account: 'no such agent', password: 'agentpass1' }, key: null })).code).toBe(40100);

    // Agent tokens open neither member nor staff routes; member and staff tokens open no agent route.
    expect((await open('GET', '/me', { token: a.token })).code).toBe(50008);
    expect((await t.call('GET', '/api/admin/info', { token: a.token })).code).toBe(50008);
    expect((await open('GET', '/agent/me', { token: admin })).code).toBe(50008);
    const memberEmail = `am${Date.now()}@example.com`;
    await open('POST', '/auth/register', { body: { email: memberEmail, password: 'secret123', name: 'M' } });
    const member = await open<SessionResult>('POST', '/auth/registerConfirm', { body: { email: memberEmail, code: await emailCode(t.db, memberEmail) } });
    expect((await open('GET', '/agent/me', { token: member.data.token })).code).toBe(50008);

    // A stopped agent's token stops working at once; logging out ends the token.
    await t.db.update(agents).set({ status: 'disabled' }).where(eq(agents.id, a.id));
    expect((await open('GET', '/agent/me', { token: a.token })).code).toBe(50008);
    await t.db.update(agents).set({ status: 'activity' }).where(eq(agents.id, a.id));
    expect((await open('POST', '/agent/auth/logout', { token: a.token, key: null })).code).toBe(20000);
    expect((await open('GET', '/agent/me', { token: a.token })).code).toBe(50008);
  });

  it('shows each agent its own members and commission only', async () => {
    const a = await agentWithPasswords();
    const b = await agentWithPasswords();
    const mine = await newMember(t, { agentId: a.id, email: 'someone.long@example.com' });
    const theirs = await newMember(t, { agentId: b.id });
    await newPaidOrder(t, mine.id, 20000);
    await newPaidOrder(t, theirs.id, 30000);
    await settleCommission(t.db, { id: null, name: 'test', ip: '' }, t.clock.now());

    const listA = await open<{ list: { userCode: string; email: string; orderCount: number; paidAmount: number }[]; total: number }>('GET', '/agent/members', {
      token: a.token,
    });
    expect(listA.data.list.map((m) => m.userCode)).toEqual([mine.userCode]);
    expect(listA.data.list[0]).toMatchObject({ email: 'so•••@example.com', orderCount: 1, paidAmount: 20000 });
    const listB = await open<{ list: { userCode: string }[] }>('GET', '/agent/members', { token: b.token, query: { keyword: mine.userCode } });
    expect(listB.data.list).toEqual([]);
    // There is no way to ask for another agent's data: an agentId in the query is refused, not obeyed.
    expect((await open('GET', '/agent/members', { token: b.token, query: { agentId: a.id } })).code).toBe(40001);

    // Each agent's commission account has exactly its own member's accrual (the rate comes from the profit tiers).
    const commA = await open<{ list: { amount: number; type: string; remark: string }[] }>('GET', '/agent/commissions', { token: a.token });
    expect(commA.data.list.map((c) => c.type)).toEqual(['commission']);
    expect(commA.data.list[0]!.amount).toBeGreaterThan(0);
    const commB = await open<{ list: { amount: number }[] }>('GET', '/agent/commissions', { token: b.token });
    expect(commB.data.list).toHaveLength(1);
    expect((await open<{ commissionBalance: number; memberCount: number }>('GET', '/agent/me', { token: a.token })).data).toMatchObject({
      commissionBalance: commA.data.list[0]!.amount,
      memberCount: 1,
    });
  });

  it('asks for a withdrawal with the trade password: held once per Idempotency-Key, never past the balance', async () => {
    const a = await agentWithPasswords();
    const m = await newMember(t, { agentId: a.id });
    await newPaidOrder(t, m.id, 100000);
    await settleCommission(t.db, { id: null, name: 'test', ip: '' }, t.clock.now());

    const wrong = await open('POST', '/agent/withdrawals', { token: a.token, body: { amount: 1000, tradePassword: 'nope1234' } });
    expect(wrong.code).toBe(40100);
    const balance = (await open<{ commissionBalance: number }>('GET', '/agent/me', { token: a.token })).data.commissionBalance;
    expect(balance).toBeGreaterThan(100);
    const key = idem();
    const body = { amount: balance - 100, tradePassword: 'trade123', remark: 'monthly' };
    const first = await open<{ withdrawalNo: string; status: string }>('POST', '/agent/withdrawals', { token: a.token, body, key });
    expect(first.code, first.message).toBe(20000);
    expect(first.data.status).toBe('pending');
    const again = await open<{ withdrawalNo: string }>('POST', '/agent/withdrawals', { token: a.token, body, key });
    expect(again.data.withdrawalNo).toBe(first.data.withdrawalNo);
    const tooMuch = await open('POST', '/agent/withdrawals', { token: a.token, body: { ...body, amount: 101 } });
    expect(tooMuch.code).toBe(40900);

    const list = await open<{ list: { withdrawalNo: string }[]; total: number }>('GET', '/agent/withdrawals', { token: a.token });
    expect(list.data.list.map((w) => w.withdrawalNo)).toEqual([first.data.withdrawalNo]);
    expect((await open<{ commissionBalance: number }>('GET', '/agent/me', { token: a.token })).data.commissionBalance).toBe(100);
    // Finance sees the request on its own screen.
    const staff = await t.call<{ list: { withdrawalNo: string; agentId: number }[] }>('GET', '/api/finance/agentWithdrawal/pageList', {
      token: admin,
      query: { agentId: a.id },
    });
    expect(staff.data.list.map((w) => w.withdrawalNo)).toEqual([first.data.withdrawalNo]);
    const check = await checkLedger(t.db);
    expect(check.balanceMismatches).toEqual([]);
  });
});
