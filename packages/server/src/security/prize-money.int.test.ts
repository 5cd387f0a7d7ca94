import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, drawActivities, drawRecords, ledgerEntries } from '../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { newMember, seededTicket, withTicket } from '../testing/factories/money-people';
import { checkLedger } from '../modules/ledger/service';

/**
 * Issue #28, finding 2: the marketing role minted balance. A prize pool that credits balances is money: its balance
 * prizes have finite stock, the activity a total cap counted by the crediting draw under the activity's row lock, and
 * saving or switching one on is a sensitive operation (modify_draw_balance_pool) approved by a verifier, refused
 * with the balance adjustment's 42800 without the ticket for exactly those values.
 */
let t: TestApp;
let mk: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  mk = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type Res<T = unknown> = { status: number; code: number; message: string; data: T };
const SAVE = '/api/marketing/activity/save';
const DRAW = '/api/marketing/activity/draw';
const post = <T = unknown>(url: string, body: unknown, headers?: Record<string, string>) =>
  t.call<T>('POST', url, { token: mk, body, headers }) as Promise<Res<T>>;

/** The tester's turntable: 100,000.00 to the balance at 100 %, 100 free draws a day (stock and cap as given). */
function mint(over: { stock?: number | null; balanceCap?: string | null; amount?: string; id?: number; status?: string } = {}) {
  const now = t.clock.now().getTime();
  return {
    ...(over.id ? { id: over.id } : {}),
    kind: 'turntable',
    name: `印钞转盘 ${process.pid}-${++seq}`,
    startAt: new Date(now - 3600_000).toISOString(),
    endAt: new Date(now + 30 * 86_400_000).toISOString(),
    freeDrawsPerDay: 100,
    status: over.status ?? 'activity',
    prizes: [
      { name: '十万余额', prizeType: 'balance', amount: over.amount ?? '100000', probability: '100', stock: over.stock === undefined ? null : over.stock },
      { name: '谢谢参与', prizeType: 'none', probability: '0', isFiller: true },
    ],
    ...(over.balanceCap === undefined ? {} : { balanceCap: over.balanceCap }),
  };
}

const activitiesNamed = (name: string) => t.db.select().from(drawActivities).where(eq(drawActivities.name, name));
const credited = (memberId: number) =>
  t.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, memberId), eq(ledgerEntries.refType, 'lucky_draw_prize')));

describe('a prize pool that credits balances', () => {
  it('refuses unlimited stock and a missing cap (the tester’s turntable as saved before)', async () => {
    const body = mint();
    const res = await post(SAVE, body);
    expect(res.code).toBe(40001);
    expect(res.data).toMatchObject({ fields: { 'prizes.0.stock': '余额奖品须设置库存', balanceCap: '含余额奖品的活动须设置余额发放总额上限' } });
    expect(await activitiesNamed(body.name)).toEqual([]);
  });

  it('is saved only with a verifier’s ticket for exactly its values', async () => {
    const body = mint({ stock: 3, balanceCap: '200000' });
    // Without a ticket: the balance adjustment's refusal (42800), the values the verifier will see, labelled.
    const bare = await post<{ type: string; summary: { label: string; value: string }[] }>(SAVE, body);
    expect(bare.code).toBe(42800);
    expect(bare.message).toBe('该操作需要安全验证');
    expect(bare.data.type).toBe('modify_draw_balance_pool');
    expect(bare.data.summary).toEqual(
      expect.arrayContaining([
        { label: '活动', value: body.name },
        { label: '状态', value: '启用' },
        { label: '余额奖品', value: '十万余额：100000.00 CNY × 3 份，100%' },
        { label: '余额发放总额上限', value: '200000.00 CNY' },
      ]),
    );
    expect(await activitiesNamed(body.name)).toEqual([]);

    // A ticket approved for other values (a cap of 100.00) does not pass a cap of 200,000.00.
    const small = { ...body, balanceCap: '100' };
    const ticketForSmall = await seededTicket(t, mk, 'modify_draw_balance_pool', '', { url: SAVE, body: small });
    const other = await post(SAVE, body, withTicket(ticketForSmall));
    expect(other.code).toBe(42800);
    expect(other.message).toBe('安全验证已失效，请重新验证');
    expect(await activitiesNamed(body.name)).toEqual([]);
    const [refused] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'verify.refused'), eq(auditLogs.targetType, 'modify_draw_balance_pool')))
      .orderBy(auditLogs.id);
    expect(refused).toBeTruthy();

    // The right ticket saves it, once.
    const ticket = await seededTicket(t, mk, 'modify_draw_balance_pool', '', { url: SAVE, body });
    const saved = await post<{ id: number }>(SAVE, body, withTicket(ticket));
    expect(saved.code, saved.message).toBe(20000);
    const [row] = await activitiesNamed(body.name);
    expect(row).toMatchObject({ balanceCap: 20_000_000, balanceIssued: 0, status: 'activity' });
    expect((await post(SAVE, { ...body, name: `${body.name}-2` }, withTicket(ticket))).code).toBe(42800);
  });

  it('an edit of the pool and switching it back on need their own ticket; an activity without balance prizes needs none', async () => {
    const body = mint({ stock: 1, balanceCap: '100000', status: 'disabled' });
    const ticket = await seededTicket(t, mk, 'modify_draw_balance_pool', '', { url: SAVE, body });
    const { data } = await post<{ id: number }>(SAVE, body, withTicket(ticket));
    const raise = await post(SAVE, { ...body, id: data.id, prizes: [{ ...body.prizes[0], stock: 1000 }, body.prizes[1]], balanceCap: '1000000' });
    expect(raise.code).toBe(42800);
    const on = await post<{ summary: { label: string; value: string }[] }>('/api/marketing/activity/modifyStatus', { id: data.id, status: 'activity' });
    expect(on.code).toBe(42800);
    expect(on.data.summary).toContainEqual({ label: '余额发放总额上限', value: '100000.00 CNY' });
    const [row] = await t.db.select().from(drawActivities).where(eq(drawActivities.id, data.id));
    expect(row).toMatchObject({ status: 'disabled', balanceCap: 10_000_000 });
    // Switching it off needs nothing.
    expect((await post('/api/marketing/activity/modifyStatus', { id: data.id, status: 'disabled' })).code).toBe(20000);

    const points = await post(SAVE, {
      ...mint(),
      prizes: [
        { name: '积分', prizeType: 'points', amount: '5', probability: '100' },
        { name: '谢谢参与', prizeType: 'none', probability: '0', isFiller: true },
      ],
    });
    expect(points.code, points.message).toBe(20000);
  });

  it('draws never credit past the cap, however many run at once; then they give the filler', async () => {
    // Stock for 10 draws, cap for 3: the cap decides.
    const body = mint({ amount: '100', stock: 10, balanceCap: '300' });
    const ticket = await seededTicket(t, mk, 'modify_draw_balance_pool', '', { url: SAVE, body });
    const { data } = await post<{ id: number }>(SAVE, body, withTicket(ticket));
    const members = await Promise.all(Array.from({ length: 4 }, () => newMember(t)));
    const draws = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post<{ prizeType: string; amount: number; fellBack: boolean }>(DRAW, {
          activityId: data.id,
          userCode: members[i % 4].userCode,
          requestId: `pm-${process.pid}-${seq}-${i}`,
        }),
      ),
    );
    expect(draws.map((d) => d.code)).toEqual(Array(12).fill(20000));
    const won = draws.filter((d) => d.data.prizeType === 'balance');
    expect(won).toHaveLength(3);
    expect(draws.filter((d) => d.data.prizeType === 'none' && d.data.fellBack)).toHaveLength(9);
    let total = 0;
    for (const m of members) for (const e of await credited(m.id)) total += e.amount;
    expect(total).toBe(30_000);
    const [row] = await t.db.select().from(drawActivities).where(eq(drawActivities.id, data.id));
    expect(row.balanceIssued).toBe(30_000);
    const records = await t.db.select().from(drawRecords).where(eq(drawRecords.activityId, data.id));
    expect(records.filter((r) => r.prizeType === 'balance')).toHaveLength(3);
    expect(await checkLedger(t.db)).toMatchObject({ balanceMismatches: [], runningMismatches: 0, orphanEntries: 0 });

    // The cap cannot be set below what was credited.
    const lower = { ...body, id: data.id, balanceCap: '200' };
    const ticket2 = await seededTicket(t, mk, 'modify_draw_balance_pool', data.id, { url: SAVE, body: lower });
    const refused = await post(SAVE, lower, withTicket(ticket2));
    expect(refused.code).toBe(40900);
    expect(refused.message).toBe('余额发放总额上限不能少于已发放金额（300.00）');
  });
});
