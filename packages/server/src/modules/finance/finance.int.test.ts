import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, moneyAccounts } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newAgent, newMember, newPaidOrder } from '../../testing/factories/money-people';
import { checkLedger } from '../ledger/service';

let t: TestApp;
let finance: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
});
afterAll(() => t.close());

let seq = 0;
const rid = () => `wd-${Date.now()}-${++seq}`;
const balanceOf = async (agentId: number) =>
  (await t.db.select().from(moneyAccounts).where(eq(moneyAccounts.ownerId, agentId))).find((a) => a.ownerType === 'agent')?.balance ?? 0;

type W = { id: number; status: string };

describe('commission and withdrawals', () => {
  it('accrues commission by the profit config once per order, then a withdrawal is approved and paid', async () => {
    const agent = await newAgent(t, { rebateBp: 300 });
    const member = await newMember(t, { agentId: agent.id });
    // Tiers: platform default 2% from 0; this agent 5% from 1000.00.
    expect((await t.call('POST', '/api/profitConf/save', { token: admin, body: { name: '默认', minAmount: '0', rate: '2' } })).code).toBe(20000);
    expect((await t.call('POST', '/api/profitConf/save', { token: admin, body: { name: '大单', agentId: agent.id, minAmount: '1000', rate: '5' } })).code).toBe(
      20000,
    );
    // The demo data holds paid orders of agents' members too: settle those first, so what follows counts ours only.
    expect((await t.call('POST', '/api/finance/settleCommission', { token: finance })).code).toBe(20000);
    await newPaidOrder(t, member.id, 200_000); // 2000.00 → 5% = 100.00
    await newPaidOrder(t, member.id, 50_000); // 500.00 → platform 2% = 10.00
    const settle = await t.call<{ orders: number; amount: number }>('POST', '/api/finance/settleCommission', { token: finance });
    expect(settle.data).toMatchObject({ orders: 2, amount: 11_000 });
    const again = await t.call<{ orders: number }>('POST', '/api/finance/settleCommission', { token: finance });
    expect(again.data.orders).toBe(0);
    expect(await balanceOf(agent.id)).toBe(11_000);

    const body = { agentId: agent.id, amount: '60', remark: '月结', requestId: rid() };
    const created = await t.call<W>('POST', '/api/finance/agentWithdrawal/create', { token: finance, body });
    expect(created.data.status).toBe('pending');
    const retry = await t.call<W>('POST', '/api/finance/agentWithdrawal/create', { token: finance, body });
    expect(retry.data.id).toBe(created.data.id);
    expect(await balanceOf(agent.id)).toBe(5_000);
    const tooMuch = await t.call('POST', '/api/finance/agentWithdrawal/create', { token: finance, body: { ...body, amount: '50.01', requestId: rid() } });
    expect(tooMuch.code).toBe(40900);

    expect((await t.call('POST', '/api/finance/agentWithdrawal/pay', { token: finance, body: { id: created.data.id, payProof: 'TX1' } })).code).toBe(40900);
    const approved = await t.call<W>('POST', '/api/finance/agentWithdrawal/review', { token: finance, body: { id: created.data.id, result: 'approve' } });
    expect(approved.data.status).toBe('approved');
    const paid = await t.call<W & { payProof: string }>('POST', '/api/finance/agentWithdrawal/pay', {
      token: finance,
      body: { id: created.data.id, payProof: 'BANK-REF-001' },
    });
    expect(paid.data).toMatchObject({ status: 'paid', payProof: 'BANK-REF-001' });
    expect(
      (await t.call('POST', '/api/finance/agentWithdrawal/review', { token: finance, body: { id: created.data.id, result: 'reject', remark: 'x' } })).code,
    ).toBe(40900);

    const detail = await t.call<{ commissionBalance: number; transactions: { type: string; amount: number }[] }>('GET', '/api/finance/agentWithdrawal/detail', {
      token: finance,
      query: { id: String(created.data.id) },
    });
    expect(detail.data.commissionBalance).toBe(5_000);
    expect(detail.data.transactions.map((x) => [x.type, x.amount])).toEqual([
      ['withdrawal', -6_000],
      ['commission', 1_000],
      ['commission', 10_000],
    ]);
  });

  it('a rejected withdrawal gives the held amount back, once; totals reconcile with the ledger', async () => {
    const agent = await newAgent(t);
    const member = await newMember(t, { agentId: agent.id });
    await newPaidOrder(t, member.id, 100_000);
    await t.call('POST', '/api/finance/settleCommission', { token: finance });
    const before = await balanceOf(agent.id);
    const w = await t.call<W>('POST', '/api/finance/agentWithdrawal/create', { token: finance, body: { agentId: agent.id, amount: '1', requestId: rid() } });
    const noReason = await t.call('POST', '/api/finance/agentWithdrawal/review', { token: finance, body: { id: w.data.id, result: 'reject' } });
    expect(noReason.code).toBe(40001);
    const [r1, r2] = await Promise.all([
      t.call<W>('POST', '/api/finance/agentWithdrawal/review', { token: finance, body: { id: w.data.id, result: 'reject', remark: '账户信息有误' } }),
      t.call<W>('POST', '/api/finance/agentWithdrawal/review', { token: finance, body: { id: w.data.id, result: 'reject', remark: '账户信息有误' } }),
    ]);
    expect([r1.code, r2.code].sort()).toEqual([20000, 40900]);
    expect(await balanceOf(agent.id)).toBe(before);
    const rows = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refId, String(w.data.id)));
    expect(
      rows
        .filter((r) => r.refType === 'agent_withdrawal')
        .map((r) => r.amount)
        .sort(),
    ).toEqual([-100, 100]);
    const list = await t.call<{ totals: Record<string, number> }>('GET', '/api/finance/agentWithdrawal/pageList', {
      token: finance,
      query: { agentId: String(agent.id) },
    });
    expect(list.data.totals).toEqual({ pending: 0, approved: 0, rejected: 100, paid: 0 });
    const rec = await t.call<{ mismatches: unknown[] }>('GET', '/api/finance/agentWithdrawal/reconcile', { token: finance });
    expect(rec.data.mismatches).toEqual([]);
    const check = await checkLedger(t.db);
    expect(check.balanceMismatches.length + check.runningMismatches + check.orphanEntries).toBe(0);
  });

  it('is for finance staff only', async () => {
    const cs = await t.login('cs1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/finance/agentWithdrawal/pageList', { token: cs })).code).toBe(40300);
    expect((await t.call('POST', '/api/finance/settleCommission', { token: cs })).code).toBe(40300);
  });
});
