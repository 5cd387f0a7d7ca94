import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerEntries, memberAddresses, members } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import {
  adminIdOf,
  enableVerify,
  newMember,
  newPurchaseLine,
  restoreSeededVerify,
  seededTicket,
  ticketFor,
  verifiedCall,
  withTicket,
} from '../../testing/factories/money-people';
import { checkLedger } from '../ledger/service';

let t: TestApp;
let admin: string;
let finance: string;
let financeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
  financeId = await adminIdOf(t, finance);
});
afterAll(() => t.close());

let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;

/** Sensitive member calls as finance1, each with a ticket from the seeded verifier for that member. */
const modifyAmount = <T = unknown>(body: { memberId: number } & Record<string, unknown>) =>
  verifiedCall<T>(t, 'modify_user_amount', body.memberId, 'POST', '/api/vip/modifyAmount', { token: finance, body });

describe('member list and detail', () => {
  it('filters by code, email, source, status and shows balances', async () => {
    const m = await newMember(t, { email: 'filter-me@example.com', loginSource: 'discord' });
    const res = await t.call<{ list: { id: number; balance: number; loginSource: string }[]; total: number }>('GET', '/api/vip/pageList', {
      token: finance,
      query: { email: 'filter-me', loginSource: 'discord', status: 'activity' },
    });
    expect(res.code).toBe(20000);
    expect(res.data.list.map((r) => r.id)).toEqual([m.id]);
    const byCode = await t.call<{ list: { id: number }[] }>('GET', '/api/vip/pageList', { token: finance, query: { userCode: m.userCode } });
    expect(byCode.data.list.map((r) => r.id)).toEqual([m.id]);
    const line = await newPurchaseLine(t, m.id, 'purchase_wait', 4200);
    const detail = await t.call<{ userCode: string; addresses: unknown[]; accounts: unknown[]; orders: { id: number; paidAmount: number }[] }>(
      'GET',
      '/api/vip/detail',
      { token: finance, query: { id: String(m.id) } },
    );
    expect(detail.data.userCode).toBe(m.userCode);
    expect(detail.data.addresses).toHaveLength(1);
    expect(detail.data.orders).toMatchObject([{ id: line.id, paidAmount: 4200 }]);
  });

  it('answers 40400 for an unknown member', async () => {
    expect((await t.call('GET', '/api/vip/detail', { token: finance, query: { id: '999999' } })).code).toBe(40400);
  });
});

describe('balance adjustment', () => {
  it('credits and debits with a ledger row each; refuses an overdraft', async () => {
    const m = await newMember(t);
    const add = await modifyAmount<{ transactionId: number; balanceAfter: number }>({
      memberId: m.id,
      direction: 'add',
      amount: '100.50',
      remark: '补偿',
      requestId: rid(),
    });
    expect(add.code).toBe(20000);
    expect(add.data.balanceAfter).toBe(10050);
    const sub = await modifyAmount<{ balanceAfter: number }>({ memberId: m.id, direction: 'deduct', amount: '0.5', remark: '更正', requestId: rid() });
    expect(sub.data.balanceAfter).toBe(10000);
    const over = await modifyAmount({ memberId: m.id, direction: 'deduct', amount: '100.01', remark: '超额', requestId: rid() });
    expect(over.code).toBe(40900);
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id));
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['adjustment', 10050, 10050],
      ['adjustment', -50, 10000],
    ]);
    const tx = await t.call<{ list: { id: number }[] }>('GET', '/api/vip/transactions', { token: finance, query: { memberId: String(m.id) } });
    expect(tx.data.list).toHaveLength(2);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'vip.modifyAmount'));
    expect(audit.filter((a) => a.targetId === String(m.id))).toHaveLength(2);
  });

  it('validates the amount with the SPEC §5 messages', async () => {
    const m = await newMember(t);
    const bad = await t.call<{ fields: Record<string, string> }>('POST', '/api/vip/modifyAmount', {
      token: finance,
      body: { memberId: m.id, direction: 'add', amount: '0', remark: 'x', requestId: rid() },
    });
    expect(bad.code).toBe(40001);
    expect(bad.data.fields.amount).toBe('金额必须大于0');
  });

  it('applies a retried request with the same requestId once, also when both arrive together', async () => {
    const m = await newMember(t);
    const body = { memberId: m.id, direction: 'add', amount: '20', remark: '重试', requestId: rid() };
    const first = await modifyAmount<{ transactionId: number; replayed: boolean }>(body);
    const again = await modifyAmount<{ transactionId: number; replayed: boolean }>(body);
    expect(again.data).toMatchObject({ transactionId: first.data.transactionId, replayed: true });
    const body2 = { ...body, requestId: rid() };
    // One ticket per concurrent call, so all three reach the ledger.
    const tickets: string[] = [];
    for (let i = 0; i < 3; i++) tickets.push(await seededTicket(t, finance, 'modify_user_amount', m.id, { url: '/api/vip/modifyAmount', body: body2 }));
    const both = await Promise.all(
      tickets.map((ticket) => t.call<{ transactionId: number }>('POST', '/api/vip/modifyAmount', { token: finance, body: body2, headers: withTicket(ticket) })),
    );
    expect(both.map((r) => r.code)).toEqual([20000, 20000, 20000]);
    expect(new Set(both.map((r) => r.data.transactionId)).size).toBe(1);
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id));
    expect(rows).toHaveLength(2);
    // The same key for a different movement is a conflict, not a silent replay.
    const other = await modifyAmount({ ...body, amount: '21' });
    expect(other.code).toBe(40900);
    const check = await checkLedger(t.db);
    expect(check.balanceMismatches).toEqual([]);
    expect(check.runningMismatches).toBe(0);
  });

  it('needs a ticket from a modify_user_amount verifier; the ticket works once and only for that member', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    await enableVerify(t, 'modify_user_amount', [financeId], admin);
    const body = { memberId: m.id, direction: 'add', amount: '5', remark: '验证', requestId: rid() };
    const refused = await t.call<{ type: string }>('POST', '/api/vip/modifyAmount', { token: finance, body });
    expect(refused.status).toBe(428);
    expect(refused.code).toBe(42800);
    expect(refused.data.type).toBe('modify_user_amount');
    const ticket = await ticketFor(t, finance, 'modify_user_amount', m.id, financeId, (refused.data as unknown as { request: string }).request);
    const wrongTarget = await t.call('POST', '/api/vip/modifyAmount', { token: finance, body: { ...body, memberId: other.id }, headers: withTicket(ticket) });
    expect(wrongTarget.code).toBe(42800);
    const ok = await t.call('POST', '/api/vip/modifyAmount', { token: finance, body, headers: withTicket(ticket) });
    expect(ok.code).toBe(20000);
    const reused = await t.call('POST', '/api/vip/modifyAmount', { token: finance, body: { ...body, requestId: rid() }, headers: withTicket(ticket) });
    expect(reused.code).toBe(42800);
    // A call that fails after the check gives its ticket back — for the same values only: the failed deduction's
    // ticket does not approve another amount (issue 12: a 99,999,999 deduction's ticket reused to add 0.01).
    const overBody = { ...body, direction: 'deduct', amount: '999', requestId: rid() };
    const t2 = await ticketFor(t, finance, 'modify_user_amount', m.id, financeId, { url: '/api/vip/modifyAmount', body: overBody });
    const over = await t.call('POST', '/api/vip/modifyAmount', { token: finance, body: overBody, headers: withTicket(t2) });
    expect(over.code).toBe(40900);
    const smuggled = await t.call('POST', '/api/vip/modifyAmount', {
      token: finance,
      body: { ...body, direction: 'add', amount: '0.01', requestId: rid() },
      headers: withTicket(t2),
    });
    expect(smuggled.code).toBe(42800);
    const retry = await t.call('POST', '/api/vip/modifyAmount', { token: finance, body: overBody, headers: withTicket(t2) });
    expect(retry.code).toBe(40900);
    await restoreSeededVerify(t, 'modify_user_amount', admin);
  });
});

describe('status, address and service contact', () => {
  it('changes status conditionally; deleted is final', async () => {
    const m = await newMember(t);
    const modifyStatus = (status: string) =>
      verifiedCall<{ changed: boolean }>(t, 'modify_user_status', m.id, 'POST', '/api/vip/modifyStatus', { token: finance, body: { id: m.id, status } });
    expect((await modifyStatus('disabled')).data.changed).toBe(true);
    expect((await modifyStatus('disabled')).data.changed).toBe(false);
    expect((await modifyStatus('deleted')).code).toBe(20000);
    expect((await modifyStatus('activity')).code).toBe(40900);
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row.status).toBe('deleted');
  });

  it('edits an address of the member only', async () => {
    const m = await newMember(t);
    const [addr] = await t.db.select().from(memberAddresses).where(eq(memberAddresses.memberId, m.id));
    const body = {
      memberId: m.id,
      addressId: addr.id,
      receiver: 'New Name',
      phone: '1',
      country: 'FR',
      province: '',
      city: 'Paris',
      address: '1 rue X',
      postcode: '75001',
    };
    expect((await verifiedCall(t, 'modify_user_address', m.id, 'POST', '/api/vip/modifyAddress', { token: finance, body })).code).toBe(20000);
    const other = await newMember(t);
    expect(
      (await verifiedCall(t, 'modify_user_address', other.id, 'POST', '/api/vip/modifyAddress', { token: finance, body: { ...body, memberId: other.id } }))
        .code,
    ).toBe(40400);
  });

  it('assigns a customer-service contact', async () => {
    const m = await newMember(t);
    const cs = await t.login('cs1', DEMO_PASSWORD);
    const csId = await adminIdOf(t, cs);
    expect(
      (await verifiedCall(t, 'modify_user_kfc', m.id, 'POST', '/api/vip/modifyKfc', { token: finance, body: { memberId: m.id, kfcAdminId: csId } })).code,
    ).toBe(20000);
    const d = await t.call<{ kfcName: string }>('GET', '/api/vip/detail', { token: finance, query: { id: String(m.id) } });
    expect(d.data.kfcName).toBe('客服小刘');
  });
});

describe('user levels', () => {
  it('saves and lists levels with discount and threshold', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/user/saveUserLevel', {
      token: admin,
      body: { name: 'Gold', discount: '95.5', threshold: '1000', sort: 2 },
    });
    expect(saved.code).toBe(20000);
    const list = await t.call<{ list: { id: number; discount: string; threshold: number }[] }>('GET', '/api/user/fetchUserLevelList', { token: admin });
    expect(list.data.list.find((l) => l.id === saved.data.id)).toMatchObject({ discount: '95.5', threshold: 100000 });
    const opts = await t.call<{ id: number }[]>('GET', '/api/user/enableUserLevelList', { token: finance });
    expect(opts.data.map((o) => o.id)).toContain(saved.data.id);
    const bad = await t.call('POST', '/api/user/saveUserLevel', { token: admin, body: { name: 'X', discount: '101', threshold: '0' } });
    expect(bad.code).toBe(40001);
  });
});

describe('permissions', () => {
  it.each([
    ['warehouse1', 'GET', '/api/vip/pageList', 40300],
    ['marketing1', 'POST', '/api/vip/modifyAmount', 40300],
    ['warehouse1', 'GET', '/api/transaction/pageList', 40300],
    ['cs1', 'GET', '/api/transaction/pageList', 40300],
    ['cs1', 'GET', '/api/vip/pageList', 20000],
    ['finance1', 'GET', '/api/transaction/pageList', 20000],
    ['finance1', 'GET', '/api/user/fetchUserLevelList', 20000],
  ] as const)('%s %s %s → %i', async (user, method, url, code) => {
    const token = await t.login(user, DEMO_PASSWORD);
    const m = await newMember(t);
    const body = method === 'POST' ? { memberId: m.id, direction: 'add', amount: '1', remark: 'x', requestId: rid() } : undefined;
    expect((await t.call(method, url, { token, body })).code).toBe(code);
  });
});
