import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, couponGrants, drawPrizes, drawRecords, ledgerEntries, moneyAccounts } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember, verifiedCall } from '../../testing/factories/money-people';
import { checkLedger, post as ledgerPost } from '../ledger/service';
import { simulateDraws } from './activities';
import { draw, pointsOf } from './draws';

let t: TestApp;
let mk: string;
let seq = 0;
const rid = () => `dr-${process.pid}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  mk = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

async function expectLedgerBalanced() {
  const check = await checkLedger(t.db);
  expect(check).toMatchObject({ balanceMismatches: [], runningMismatches: 0, orphanEntries: 0 });
}

type Res<T = unknown> = { status: number; code: number; message: string; data: T };
const post = <T = unknown>(url: string, body: unknown, token = mk) => t.call<T>('POST', url, { token, body }) as Promise<Res<T>>;
const get = <T = unknown>(url: string, query: Record<string, unknown>, token = mk) => t.call<T>('GET', url, { token, query }) as Promise<Res<T>>;

const window = () => ({
  startAt: new Date(t.clock.now().getTime() - 3600_000).toISOString(),
  endAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
});
const thanks = (probability: string) => ({ name: '谢谢参与', prizeType: 'none', probability, isFiller: true });

/** Saves an activity; one with balance prizes goes through the verify dialog's calls (modify_draw_balance_pool). */
async function newActivity(prizes: unknown[], over: Record<string, unknown> = {}): Promise<number> {
  const body = { kind: 'turntable', name: `转盘 ${++seq}`, ...window(), freeDrawsPerDay: 100, prizes, ...over };
  const res = await verifiedCall<{ id: number }>(t, 'modify_draw_balance_pool', '', 'POST', '/api/marketing/activity/save', { token: mk, body });
  if (res.code !== 20000) throw new Error(`save activity: ${res.code} ${res.message} ${JSON.stringify(res.data)}`);
  return res.data.id;
}

async function newCoupon(): Promise<number> {
  const res = await post<{ id: number }>('/api/marketing/coupon/saveConst', {
    name: `抽奖券 ${++seq}`,
    discountType: 'amount',
    amount: '5',
    minSpend: '0',
    scope: 'all',
    validityType: 'days',
    validDays: 7,
    totalStock: null,
    perMemberLimit: 100,
  });
  return res.data.id;
}

describe('activity configuration', () => {
  it('refuses chances that do not add up to exactly 100, and three decimals', async () => {
    const base = { kind: 'turntable', name: 'x', ...window() };
    const off = await post('/api/marketing/activity/save', {
      ...base,
      prizes: [{ name: 'A', prizeType: 'points', amount: '10', probability: '33.33' }, thanks('66.66')],
    });
    expect(off.code).toBe(40001);
    expect(off.message).toContain('各奖品中奖概率之和必须等于100%');
    const threeDp = await post('/api/marketing/activity/save', {
      ...base,
      prizes: [{ name: 'A', prizeType: 'points', amount: '10', probability: '33.333' }, thanks('66.667')],
    });
    expect(threeDp.code).toBe(40001);
    expect(threeDp.data).toMatchObject({ fields: { 'prizes.0.probability': '请输入1~100的数值，最多保留两位小数' } });
    const noFiller = await post('/api/marketing/activity/save', {
      ...base,
      prizes: [
        { name: 'A', prizeType: 'points', amount: '10', probability: '50' },
        { name: 'B', prizeType: 'points', amount: '1', probability: '50' },
      ],
    });
    expect(noFiller.code).toBe(40001);
    const exact = await post('/api/marketing/activity/save', {
      ...base,
      prizes: [
        { name: 'A', prizeType: 'points', amount: '10', probability: '33.33' },
        { name: 'B', prizeType: 'points', amount: '1', probability: '33.33' },
        thanks('33.34'),
      ],
    });
    expect(exact.code).toBe(20000);
  });

  it('keeps prize ids and issued counts on edit; stock cannot go below what was given', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '5', probability: '100', stock: 10 }, thanks('0')]);
    const m = await newMember(t);
    expect((await post('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() })).code).toBe(20000);
    const detail = await get<{ prizes: { id: number; issuedCount: number; name: string; probability: string; prizeType: string; isFiller: boolean }[] }>(
      '/api/marketing/activity/detail',
      { id: String(id) },
    );
    expect(detail.data.prizes[0].issuedCount).toBe(1);
    const prizes = detail.data.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      prizeType: p.prizeType,
      probability: p.probability,
      isFiller: p.isFiller,
      amount: p.prizeType === 'points' ? '5' : '',
      stock: p.isFiller ? null : 0,
    }));
    const low = await post('/api/marketing/activity/save', { id, kind: 'turntable', name: 'x', ...window(), prizes });
    expect(low.code).toBe(40900);
    const ok = await post('/api/marketing/activity/save', {
      id,
      kind: 'turntable',
      name: 'x',
      ...window(),
      prizes: prizes.map((p) => (p.isFiller ? p : { ...p, stock: 5 })),
    });
    expect(ok.code).toBe(20000);
    const after = await get<{ prizes: { id: number; issuedCount: number; stock: number }[] }>('/api/marketing/activity/detail', { id: String(id) });
    expect(after.data.prizes[0]).toMatchObject({ id: prizes[0].id, issuedCount: 1, stock: 5 });
  });
});

describe('draws', () => {
  it('grants each kind of prize in the draw transaction: coupon grant, ledger credit, points', async () => {
    const couponId = await newCoupon();
    const m = await newMember(t);
    const coupon = await newActivity([{ name: '5元券', prizeType: 'coupon', couponId, probability: '100' }, thanks('0')]);
    const c = await post<{ prizeType: string; couponGrantNo: string }>('/api/marketing/activity/draw', {
      activityId: coupon,
      userCode: m.userCode,
      requestId: rid(),
    });
    expect(c.data.prizeType).toBe('coupon');
    const [grant] = await t.db.select().from(couponGrants).where(eq(couponGrants.grantNo, c.data.couponGrantNo));
    expect(grant).toMatchObject({ memberId: m.id, sourceType: 'activityDraw', couponId });

    const balance = await newActivity([{ name: '8.88元', prizeType: 'balance', amount: '8.88', probability: '100', stock: 5 }, thanks('0')], {
      balanceCap: '44.4',
    });
    const b = await post<{ recordId: number; amount: number }>('/api/marketing/activity/draw', { activityId: balance, userCode: m.userCode, requestId: rid() });
    expect(b.data.amount).toBe(888);
    const [acct] = await t.db
      .select()
      .from(moneyAccounts)
      .where(and(eq(moneyAccounts.ownerType, 'member'), eq(moneyAccounts.ownerId, m.id)));
    expect(acct.balance).toBe(888);
    const [rec] = await t.db.select().from(drawRecords).where(eq(drawRecords.id, b.data.recordId));
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, rec.ledgerEntryId!));
    expect(entry).toMatchObject({ amount: 888, refType: 'lucky_draw_prize' });

    const points = await newActivity([{ name: '100积分', prizeType: 'points', amount: '100', probability: '100' }, thanks('0')]);
    await post('/api/marketing/activity/draw', { activityId: points, userCode: m.userCode, requestId: rid() });
    expect(await pointsOf(t.db, m.id)).toBe(100);
    await expectLedgerBalanced();
  });

  it('concurrent draws on a prize with stock 1 give it out once; the rest get the filler', async () => {
    const id = await newActivity([{ name: '唯一大奖', prizeType: 'balance', amount: '100', probability: '100', stock: 1 }, thanks('0')], {
      balanceCap: '1000',
    });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => newMember(t)));
    const results = await Promise.all(
      crowd.map((m) =>
        post<{ prizeName: string; fellBack: boolean }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() }),
      ),
    );
    expect(results.every((r) => r.code === 20000)).toBe(true);
    expect(results.filter((r) => r.data.prizeName === '唯一大奖')).toHaveLength(1);
    expect(results.filter((r) => r.data.fellBack)).toHaveLength(11);
    const [prize] = await t.db
      .select()
      .from(drawPrizes)
      .where(and(eq(drawPrizes.activityId, id), eq(drawPrizes.isFiller, false)));
    expect(prize.issuedCount).toBe(1);
    expect(await t.db.select().from(drawRecords).where(eq(drawRecords.activityId, id))).toHaveLength(12);
    const credits = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.refType, 'lucky_draw_prize'));
    expect(credits.filter((e) => crowd.some((m) => m.id === e.ownerId))).toHaveLength(1);
  });

  it('a per-member cap sends further wins to the filler', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '1', probability: '100', perMemberCap: 2 }, thanks('0')]);
    const m = await newMember(t);
    const names: string[] = [];
    for (let i = 0; i < 3; i++)
      names.push(
        (await post<{ prizeName: string }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() })).data.prizeName,
      );
    expect(names).toEqual(['积分', '积分', '谢谢参与']);
  });

  it('counts free draws per day, then charges through the ledger and refuses without balance', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '1', probability: '50' }, thanks('50')], {
      freeDrawsPerDay: 1,
      costAmount: '2.50',
      maxDrawsPerDay: 1,
    });
    const m = await newMember(t);
    const first = await post<{ free: boolean }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() });
    expect(first.message).toBe('success');
    expect(first.data.free).toBe(true);
    // Staff cannot spend the member's balance on a paid draw.
    const byStaff = await post('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() });
    expect(byStaff.code).toBe(40900);
    expect(byStaff.message).toContain('付费抽奖须由会员本人发起');
    // The member's own paid draw: refused without balance, charged through the ledger with it.
    const memberDraw = (requestId = rid()) => draw(t.db, null, { activityId: id, userCode: m.userCode, requestId }, t.clock.now(), { allowPaid: true });
    await expect(memberDraw()).rejects.toMatchObject({ code: 40900, message: '余额不足' });
    await t.db.transaction((tx) =>
      ledgerPost(tx, { ownerType: 'member', ownerId: m.id, kind: 'balance', currency: 'CNY', amount: 1000, type: 'recharge' }, t.clock.now()),
    );
    expect(await memberDraw()).toMatchObject({ free: false, costAmount: 250 });
    await expect(memberDraw()).rejects.toMatchObject({ message: '今日抽奖次数已用完' });
    const [acct] = await t.db
      .select()
      .from(moneyAccounts)
      .where(and(eq(moneyAccounts.ownerType, 'member'), eq(moneyAccounts.ownerId, m.id)));
    expect(acct.balance).toBe(750);
    t.clock.advance(86_400_000);
    mk = await t.login('marketing1', DEMO_PASSWORD);
    const nextDay = await post<{ free: boolean }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() });
    expect(nextDay.data.free).toBe(true);
    await expectLedgerBalanced();
  });

  it('a retried draw (same requestId) returns the first draw and writes one record', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '3', probability: '50' }, thanks('50')]);
    const m = await newMember(t);
    const requestId = rid();
    const [a, b] = await Promise.all([
      post<{ recordId: number }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId }),
      post<{ recordId: number }>('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId }),
    ]);
    expect(a.data.recordId).toBe(b.data.recordId);
    expect(await t.db.select().from(drawRecords).where(eq(drawRecords.requestId, requestId))).toHaveLength(1);
  });

  it('refuses draws outside the window or of a disabled activity', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '1', probability: '50' }, thanks('50')]);
    const m = await newMember(t);
    await post('/api/marketing/activity/modifyStatus', { id, status: 'disabled' });
    expect((await post('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() })).message).toBe('活动已停用');
    await post('/api/marketing/activity/modifyStatus', { id, status: 'activity' });
    t.clock.advance(40 * 86_400_000);
    mk = await t.login('marketing1', DEMO_PASSWORD);
    expect((await post('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() })).message).toBe('不在活动时间内');
  });

  it('lists draw records by activity and member', async () => {
    const id = await newActivity([{ name: '积分', prizeType: 'points', amount: '1', probability: '100' }, thanks('0')]);
    const m = await newMember(t);
    await post('/api/marketing/activity/draw', { activityId: id, userCode: m.userCode, requestId: rid() });
    const list = await get<{ list: { userCode: string; prizeName: string; operatorName: string }[]; total: number }>('/api/marketing/activity/drawRecordList', {
      activityId: String(id),
      userCode: m.userCode,
    });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ userCode: m.userCode, prizeName: '积分', operatorName: '营销小赵' });
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'marketing.activity.draw'), eq(auditLogs.actorName, '营销小赵')));
    expect(audits.some((a) => (a.after as { userCode: string }).userCode === m.userCode)).toBe(true);
  });
});

describe('simulation', () => {
  const prizes = [
    { name: '一等奖', probability: '0.5' },
    { name: '二等奖', probability: '4.5' },
    { name: '三等奖', probability: '15' },
    { name: '积分', probability: '30.01' },
    { name: '谢谢参与', probability: '49.99', isFiller: true },
  ];

  it('100,000 crypto-random draws stay within five sigma per prize and pass a chi-square test', () => {
    const r = simulateDraws({ kind: 'turntable', prizes, draws: 100_000 }, randomInt);
    expect(r.rows.reduce((s, x) => s + x.hits, 0)).toBe(100_000);
    expect(r.rows.every((x) => x.withinBounds)).toBe(true);
    // df = 4: the 0.999999 quantile of chi-square(4) is about 33.4; a fair engine fails this once in a million runs.
    expect(r.df).toBe(4);
    expect(r.chiSquare).toBeLessThan(33.4);
  });

  it('would catch a biased engine (the test can fail)', () => {
    // An engine that uses only the lower half of [0, 10000) never reaches the filler.
    const biased = simulateDraws({ kind: 'turntable', prizes, draws: 100_000 }, (max) => randomInt(max / 2));
    expect(biased.rows.some((x) => !x.withinBounds)).toBe(true);
    expect(biased.chiSquare).toBeGreaterThan(33.4);
  });

  it('runs on the server over the form’s chances and writes nothing', async () => {
    const before = (await t.db.select().from(drawRecords)).length;
    const res = await post<{ draws: number; rows: { name: string; configured: string; observed: string }[] }>('/api/marketing/activity/simulate', {
      kind: 'hammerEgg',
      prizes,
    });
    expect(res.code).toBe(20000);
    expect(res.data.draws).toBe(100_000);
    expect(res.data.rows.map((r) => r.configured)).toEqual(['0.5', '4.5', '15', '30.01', '49.99']);
    expect((await t.db.select().from(drawRecords)).length).toBe(before);
    const bad = await post('/api/marketing/activity/simulate', { kind: 'hammerEgg', prizes: prizes.slice(1) });
    expect(bad.code).toBe(40001);
  });
});
