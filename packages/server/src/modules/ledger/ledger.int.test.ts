import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/server';
import { newMember } from '../../testing/factories/money-people';
import { checkLedger, idempotent, post } from './service';
import { ledgerEntries, moneyAccounts } from '../../db/schema';
import { eq, sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const op = fc.record({
  owner: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom('balance' as const, 'commission' as const),
  type: fc.constantFrom(
    'recharge' as const,
    'payment' as const,
    'refund' as const,
    'price_topup' as const,
    'freight_topup' as const,
    'adjustment' as const,
    'commission' as const,
    'withdrawal' as const,
  ),
  amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
  /** Index into the keys used so far (a retry) or a fresh key. */
  retry: fc.option(fc.nat(), { nil: undefined }),
});

describe('ledger invariant', () => {
  it('holds after randomized sequences of postings, overdrafts refused and retries applied once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const owners = [await newMember(t), await newMember(t), await newMember(t)];
        const model = new Map<string, number>();
        const used: { key: string; owner: number; kind: string; amount: number; type: string }[] = [];
        for (const o of ops) {
          const prev = o.retry !== undefined && used.length ? used[o.retry % used.length] : undefined;
          const p = prev
            ? { ...prev, kind: prev.kind as 'balance' }
            : { key: `prop-${run}-${used.length}-${Math.random()}`, owner: o.owner, kind: o.kind, amount: o.amount, type: o.type };
          const account = `${owners[p.owner].id}:${p.kind}`;
          const before = model.get(account) ?? 0;
          try {
            const res = await idempotent(
              t.db,
              p.key,
              (tx) =>
                post(
                  tx,
                  {
                    ownerType: 'member',
                    ownerId: owners[p.owner].id,
                    kind: p.kind,
                    currency: 'CNY',
                    amount: p.amount,
                    type: p.type as 'adjustment',
                    idempotencyKey: p.key,
                  },
                  t.clock.now(),
                ),
              async (entry) => ({ entry, replayed: true }),
            );
            if (!prev) {
              expect(res.replayed).toBe(false);
              model.set(account, before + p.amount);
              used.push(p);
            } else {
              expect(res.replayed).toBe(true);
            }
          } catch (err) {
            // Only an overdraft of a fresh posting may be refused.
            expect(prev).toBeUndefined();
            expect(before + p.amount).toBeLessThan(0);
            expect((err as { code?: number }).code).toBe(40900);
          }
        }
        for (const [account, expected] of model) {
          const [ownerId, kind] = account.split(':');
          const [acc] = await t.db
            .select()
            .from(moneyAccounts)
            .where(sql`${moneyAccounts.ownerType} = 'member' and ${moneyAccounts.ownerId} = ${Number(ownerId)} and ${moneyAccounts.kind} = ${kind}`);
          expect(acc?.balance ?? 0).toBe(expected);
          expect(acc?.balance ?? 0).toBeGreaterThanOrEqual(0);
        }
        const check = await checkLedger(t.db);
        expect(check.balanceMismatches).toEqual([]);
        expect(check.runningMismatches).toBe(0);
        expect(check.orphanEntries).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it('finds a balance changed without its ledger', async () => {
    const m = await newMember(t);
    await t.db.transaction((tx) =>
      post(tx, { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 500, type: 'recharge' }, t.clock.now()),
    );
    await t.db.update(moneyAccounts).set({ balance: 600 }).where(eq(moneyAccounts.ownerId, m.id));
    const bad = await checkLedger(t.db);
    expect(bad.balanceMismatches).toHaveLength(1);
    expect(bad.balanceMismatches[0]).toMatchObject({ balance: 600, ledgerSum: 500 });
    await t.db.update(moneyAccounts).set({ balance: 500 }).where(eq(moneyAccounts.ownerId, m.id));
    await t.db.update(ledgerEntries).set({ balanceAfter: 499 }).where(eq(ledgerEntries.ownerId, m.id));
    expect((await checkLedger(t.db)).runningMismatches).toBe(1);
    await t.db.update(ledgerEntries).set({ balanceAfter: 500 }).where(eq(ledgerEntries.ownerId, m.id));
  });

  it('writes a movement as asked, answers a retry with it, and refuses its key for another movement with nothing written', async () => {
    const m = await newMember(t);
    const at = t.clock.now();
    const movement = {
      ownerType: 'member' as const,
      ownerId: m.id,
      kind: 'balance' as const,
      currency: 'CNY',
      type: 'adjustment' as const,
      refType: 'test',
      refId: 42,
      remark: '测试调整',
      operator: { id: 7, name: 'finance1', ip: '127.0.0.1' },
    };
    const key = `ledger-shape-${m.id}`;
    const first = await t.db.transaction((tx) => post(tx, { ...movement, amount: 1_250, idempotencyKey: key }, at));
    expect(first.replayed).toBe(false);
    expect(first.entry).toMatchObject({
      ownerType: 'member',
      ownerId: m.id,
      kind: 'balance',
      type: 'adjustment',
      amount: 1_250,
      balanceAfter: 1_250,
      currency: 'CNY',
      refType: 'test',
      refId: '42',
      remark: '测试调整',
      idempotencyKey: key,
      operatorId: 7,
      operatorName: 'finance1',
    });
    expect(first.entry.createdAt).toEqual(at);
    const [stored] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, first.entry.id));
    expect(stored).toEqual(first.entry);

    const again = await t.db.transaction((tx) => post(tx, { ...movement, amount: 1_250, idempotencyKey: key }, at));
    expect(again).toEqual({ entry: first.entry, replayed: true });
    await expect(t.db.transaction((tx) => post(tx, { ...movement, amount: 900, idempotencyKey: key }, at))).rejects.toMatchObject({ code: 40900 });
    // Too little in the account for a debit: refused, the balance as it was.
    await expect(t.db.transaction((tx) => post(tx, { ...movement, amount: -1_251 }, at))).rejects.toMatchObject({ code: 40900 });
    const paid = await t.db.transaction((tx) => post(tx, { ...movement, amount: -1_250 }, at));
    expect(paid.entry).toMatchObject({ amount: -1_250, balanceAfter: 0, idempotencyKey: null });
    const [account] = await t.db.select().from(moneyAccounts).where(eq(moneyAccounts.id, first.entry.accountId));
    expect(account?.balance).toBe(0);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id))).toHaveLength(2);
  });
});
