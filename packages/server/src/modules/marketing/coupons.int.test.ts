import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, couponGrants, coupons, members, userLevels } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember } from '../../testing/factories/money-people';
import { consumeGrant } from './grants';

let t: TestApp;
let mk: string;
let seq = 0;
const rid = () => `mk-${process.pid}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  // The template's demo members were created at the real time: start after it, so "registered from now" is ours only.
  t.clock.advance(Math.max(0, Date.now() - t.clock.now().getTime()) + 86_400_000);
  mk = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type Res<T = unknown> = { status: number; code: number; message: string; data: T };
const post = <T = unknown>(url: string, body: unknown, token = mk) => t.call<T>('POST', url, { token, body }) as Promise<Res<T>>;
const get = <T = unknown>(url: string, query: Record<string, unknown>, token = mk) => t.call<T>('GET', url, { token, query }) as Promise<Res<T>>;

/** The send records' columns as 发放明细 exports them (the generic export of the list's call). */
const SEND_RECORD_COLUMNS = [
  { title: '券码', field: 'grantNo' },
  { title: '优惠券', field: 'couponName' },
  { title: '用户编码', field: 'userCode' },
  { title: '会员', field: 'memberName' },
  { title: '发放方式', field: 'sourceType', labels: { targetedGrant: '定向发放' } },
];

/** Exports a list through /api/export/create as `token` and gives the workbook's sheet. */
async function exported(token: string, url: string, query: Record<string, string | number>, columns: object[]) {
  const started = await post<{ id: number }>('/api/export/create', { url, query, columns, name: '导出' }, token);
  expect(started.code, started.message).toBe(20000);
  await t.jobs.settled();
  const res = await t.app.inject({ method: 'GET', url: `/api/export/download?id=${started.data.id}`, headers: { 'x-token': token } });
  expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  return wb.worksheets[0];
}

const fixed = (over: Record<string, unknown> = {}) => ({
  name: `满100减10 ${++seq}`,
  discountType: 'amount',
  amount: '10',
  minSpend: '100',
  scope: 'purchase',
  validityType: 'days',
  validDays: 30,
  totalStock: 100,
  perMemberLimit: 1,
  ...over,
});

async function newCoupon(over: Record<string, unknown> = {}): Promise<number> {
  const res = await post<{ id: number }>('/api/marketing/coupon/saveConst', fixed(over));
  if (res.code !== 20000) throw new Error(`saveConst: ${res.code} ${res.message}`);
  return res.data.id;
}

describe('coupon templates', () => {
  it('creates a fixed coupon with exact money and lists it', async () => {
    const id = await newCoupon({
      name: '九折券',
      discountType: 'discount',
      discount: '90',
      maxDiscount: '50.5',
      amount: undefined,
      minSpend: '0',
      scope: 'all',
    });
    const res = await get<{ list: { id: number; discount: string; maxDiscount: number; scope: string }[] }>('/api/marketing/coupon/pageList', { name: '九折' });
    expect(res.data.list).toMatchObject([{ id, discount: '90', maxDiscount: 5050, scope: 'all' }]);
    const detail = await get<{ kind: string; discountType: string }>('/api/marketing/coupon/detail', { id: String(id) });
    expect(detail.data).toMatchObject({ kind: 'const', discountType: 'discount' });
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = (await t.db.select().from(coupons)).length;
    const noAmount = await post('/api/marketing/coupon/saveConst', fixed({ amount: undefined }));
    expect(noAmount.code).toBe(40001);
    expect(noAmount.data).toMatchObject({ fields: { amount: '金额不能为空' } });
    const badDates = await post(
      '/api/marketing/coupon/saveConst',
      fixed({ validityType: 'fixed', validFrom: '2026-12-01T00:00:00Z', validTo: '2026-11-01T00:00:00Z' }),
    );
    expect(badDates.code).toBe(40001);
    const threeDecimals = await post('/api/marketing/coupon/saveConst', fixed({ amount: '1.005' }));
    expect(threeDecimals.code).toBe(40001);
    expect((await t.db.select().from(coupons)).length).toBe(before);
  });

  it('creates a monthly cycle coupon for a segment', async () => {
    const res = await post<{ id: number }>('/api/marketing/coupon/saveCycle', {
      ...fixed({ totalStock: null }),
      cycleType: 'monthly',
      cycleDay: 1,
      cycleQuantity: 2,
      cycleStart: '2026-11-01T00:00:00Z',
      segment: { loginSources: ['google'] },
    });
    expect(res.code).toBe(20000);
    const weeklyDay9 = await post('/api/marketing/coupon/saveCycle', { ...fixed(), cycleType: 'weekly', cycleDay: 9, cycleStart: '2026-11-01T00:00:00Z' });
    expect(weeklyDay9.code).toBe(40001);
  });

  it('needs the marketing permission', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await post('/api/marketing/coupon/saveConst', fixed(), wh)).code).toBe(40300);
    expect((await get('/api/marketing/coupon/pageList', {}, wh)).code).toBe(40300);
  });
});

describe('grants', () => {
  it('a targeted grant is idempotent: the same requestId grants once', async () => {
    const couponId = await newCoupon({ perMemberLimit: 3 });
    const m = await newMember(t);
    const body = { couponId, userCodes: [m.userCode], quantity: 2, requestId: rid() };
    const [a, b] = await Promise.all([
      post<{ granted: number; batchId: number }>('/api/marketing/coupon/sendTargeted', body),
      post<{ granted: number; batchId: number; replayed: boolean }>('/api/marketing/coupon/sendTargeted', body),
    ]);
    expect(a.code).toBe(20000);
    expect(b.code).toBe(20000);
    expect(a.data.granted).toBe(2);
    expect(b.data.batchId).toBe(a.data.batchId);
    const again = await post<{ replayed: boolean; granted: number }>('/api/marketing/coupon/sendTargeted', body);
    expect(again.data).toMatchObject({ replayed: true, granted: 2 });
    const held = await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));
    expect(held).toHaveLength(2);
    expect(held.every((g) => g.sourceType === 'targetedGrant' && g.sendTarget === 'USER' && g.status === 'activity')).toBe(true);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c.issuedCount).toBe(2);
  });

  it('respects the per-member limit and member levels, and refuses unknown codes entirely', async () => {
    const [level] = await t.db.insert(userLevels).values({ name: 'Gold test', createdAt: new Date(), updatedAt: new Date() }).returning();
    const couponId = await newCoupon({ perMemberLimit: 1, levelIds: [level.id] });
    const gold = await newMember(t, { levelId: level.id });
    const plain = await newMember(t);
    const res = await post<{ granted: number; skipped: { userCode: string; reason: string }[] }>('/api/marketing/coupon/sendTargeted', {
      couponId,
      userCodes: [gold.userCode, plain.userCode],
      quantity: 2,
      requestId: rid(),
    });
    expect(res.data.granted).toBe(1);
    expect(res.data.skipped).toEqual([{ userCode: plain.userCode, reason: '会员等级不符' }]);
    const second = await post<{ granted: number; skipped: { reason: string }[] }>('/api/marketing/coupon/sendTargeted', {
      couponId,
      userCodes: [gold.userCode],
      requestId: rid(),
    });
    expect(second.data.granted).toBe(0);
    expect(second.data.skipped[0].reason).toBe('已达每人限领数量');
    const unknown = await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: [gold.userCode, 'NOPE-1'], requestId: rid() });
    expect(unknown.code).toBe(40001);
    expect(unknown.message).toContain('NOPE-1');
  });

  it('refuses a grant beyond the stock and writes nothing', async () => {
    const couponId = await newCoupon({ totalStock: 2 });
    const ms = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    const res = await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: ms.map((m) => m.userCode), requestId: rid() });
    expect(res.code).toBe(40900);
    expect(res.message).toContain('库存不足');
    expect(await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId))).toHaveLength(0);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c.issuedCount).toBe(0);
  });

  it('grants to a crowd after its count is previewed; a changed crowd is refused', async () => {
    const couponId = await newCoupon({ totalStock: null });
    const from = t.clock.now();
    t.clock.advance(1000);
    const crowd = await Promise.all([
      newMember(t, { loginSource: 'discord' }),
      newMember(t, { loginSource: 'discord' }),
      newMember(t, { loginSource: 'google' }),
    ]);
    const filter = { loginSources: ['discord'], registeredFrom: from.toISOString() };
    const count = await post<{ count: number; sample: { userCode: string }[] }>('/api/marketing/coupon/crowdCount', { couponId, filter });
    expect(count.data.count).toBe(2);
    expect(count.data.sample.map((s) => s.userCode).sort()).toEqual([crowd[0].userCode, crowd[1].userCode].sort());
    await newMember(t, { loginSource: 'discord' });
    const stale = await post('/api/marketing/coupon/sendCrowd', { couponId, filter, expectedCount: 2, requestId: rid() });
    expect(stale.code).toBe(40900);
    expect(stale.data).toEqual({ count: 3 });
    const ok = await post<{ granted: number }>('/api/marketing/coupon/sendCrowd', { couponId, filter, expectedCount: 3, requestId: rid() });
    expect(ok.data.granted).toBe(3);
    const records = await get<{ list: { sourceType: string; userCode: string }[]; total: number }>('/api/marketing/coupon/sendRecordList', {
      couponId: String(couponId),
      sourceType: 'crowdSelectGrant',
    });
    expect(records.data.total).toBe(3);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'marketing.coupon.crowdSelectGrant'));
    expect(audit).toBeTruthy();
  });

  it('revokes an unused coupon with a reason, once', async () => {
    const couponId = await newCoupon();
    const m = await newMember(t);
    await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: [m.userCode], requestId: rid() });
    const [g] = await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));
    expect((await post('/api/marketing/coupon/modifyGrantStatus', { id: g.id, reason: '' })).code).toBe(40001);
    expect((await post('/api/marketing/coupon/modifyGrantStatus', { id: g.id, reason: '误发' })).code).toBe(20000);
    expect((await post('/api/marketing/coupon/modifyGrantStatus', { id: g.id, reason: '误发' })).code).toBe(40900);
    const list = await get<{ list: { status: string; disabledReason: string }[] }>('/api/marketing/coupon/sendRecordList', { grantNo: g.grantNo });
    expect(list.data.list).toMatchObject([{ status: 'disabled', disabledReason: '误发' }]);
  });

  it('a disabled coupon cannot be granted', async () => {
    const couponId = await newCoupon();
    expect((await post('/api/marketing/coupon/modifyStatus', { id: couponId, status: 'disabled' })).data).toEqual({ changed: true });
    const m = await newMember(t);
    const res = await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: [m.userCode], requestId: rid() });
    expect(res.code).toBe(40900);
  });

  it('exports the send records as Excel with the same filters', async () => {
    const couponId = await newCoupon({ name: '导出测试券' });
    const ms = await Promise.all([newMember(t), newMember(t)]);
    await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: ms.map((m) => m.userCode), requestId: rid() });
    const ws = await exported(mk, '/api/marketing/coupon/sendRecordList', { couponId }, SEND_RECORD_COLUMNS);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(1).getCell(2).value).toBe('优惠券');
    expect([ws.getRow(2).getCell(3).value, ws.getRow(3).getCell(3).value].sort()).toEqual(ms.map((m) => m.userCode).sort());
    expect(ws.getRow(2).getCell(5).value).toBe('定向发放');
    // The list's permission is the export's: an account without 优惠券管理 may not export it.
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const refused = await post(
      '/api/export/create',
      { url: '/api/marketing/coupon/sendRecordList', query: { couponId }, columns: SEND_RECORD_COLUMNS, name: '发放明细' },
      wh,
    );
    expect(refused.code).toBe(40300);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/export/create',
      payload: { url: '/api/marketing/coupon/sendRecordList', columns: SEND_RECORD_COLUMNS, name: '发放明细' },
    });
    expect(noToken.json().code).toBe(50008);
  });
});

describe('redeem codes', () => {
  it('a code works once, also when redeemed concurrently', async () => {
    const couponId = await newCoupon({ perMemberLimit: 5 });
    const gen = await post<{ batchNo: string; count: number }>('/api/marketing/coupon/addCodes', { couponId, count: 5, requestId: rid() });
    expect(gen.data.count).toBe(5);
    const codes = await get<{ list: { code: string; status: string }[]; total: number }>('/api/marketing/coupon/codeList', { couponId: String(couponId) });
    expect(codes.data.total).toBe(5);
    const code = codes.data.list[0].code;
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    const [a, b] = await Promise.all([newMember(t), newMember(t)]);
    const results = await Promise.all([
      post<{ grantNo: string }>('/api/marketing/coupon/redeemCode', { code, userCode: a.userCode }),
      post<{ grantNo: string }>('/api/marketing/coupon/redeemCode', { code: code.toLowerCase(), userCode: b.userCode }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([20000, 40900]);
    expect(results.find((r) => r.code === 40900)!.message).toBe('兑换码已被使用');
    const grants = await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));
    expect(grants).toHaveLength(1);
    expect(grants[0].sourceType).toBe('activityCode');
    expect((await post('/api/marketing/coupon/redeemCode', { code: 'ZZZZZZZZZZZZ', userCode: a.userCode })).code).toBe(40400);
    const sheet = await exported(mk, '/api/marketing/coupon/codeList', { couponId }, [
      { title: '兑换码', field: 'code' },
      { title: '状态', field: 'status', labels: { activity: '未使用', used: '已使用' } },
    ]);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).values).toEqual([undefined, '兑换码', '状态']);
  });

  it('a refused grant leaves the code unused', async () => {
    const couponId = await newCoupon({ perMemberLimit: 1 });
    await post('/api/marketing/coupon/addCodes', { couponId, count: 2, requestId: rid() });
    const codes = await get<{ list: { code: string }[] }>('/api/marketing/coupon/codeList', { couponId: String(couponId) });
    const m = await newMember(t);
    expect((await post('/api/marketing/coupon/redeemCode', { code: codes.data.list[0].code, userCode: m.userCode })).code).toBe(20000);
    const second = await post('/api/marketing/coupon/redeemCode', { code: codes.data.list[1].code, userCode: m.userCode });
    expect(second.code).toBe(40900);
    const left = await get<{ list: { code: string; status: string }[] }>('/api/marketing/coupon/codeList', { couponId: String(couponId), status: 'activity' });
    expect(left.data.list.map((c) => c.code)).toEqual([codes.data.list[1].code]);
  });
});

describe('using a coupon', () => {
  it('an unused coupon of the member inside its validity turns used once', async () => {
    const couponId = await newCoupon();
    const m = await newMember(t);
    const other = await newMember(t);
    await post('/api/marketing/coupon/sendTargeted', { couponId, userCodes: [m.userCode], requestId: rid() });
    const [g] = await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));
    await expect(t.db.transaction((tx) => consumeGrant(tx, { grantNo: g.grantNo, memberId: other.id }, t.clock.now()))).rejects.toMatchObject({ code: 40400 });
    const results = await Promise.allSettled(
      [0, 1].map(() => t.db.transaction((tx) => consumeGrant(tx, { grantNo: g.grantNo, memberId: m.id }, t.clock.now()))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 40900, message: '优惠券已使用' } });
    const list = await get<{ list: { status: string; useTime: string }[] }>('/api/marketing/coupon/sendRecordList', { grantNo: g.grantNo });
    expect(list.data.list[0].status).toBe('used');
    expect(list.data.list[0].useTime).toBe(t.clock.now().toISOString());
    const detail = await get<{ usedCount: number }>('/api/marketing/coupon/detail', { id: String(couponId) });
    expect(detail.data.usedCount).toBe(1);
    expect((await post('/api/marketing/coupon/modifyGrantStatus', { id: g.id, reason: '晚了' })).message).toBe('优惠券已使用，不能作废');
  });
});

describe('member status', () => {
  it('an inactive member is left out of crowds', async () => {
    const from = t.clock.now();
    t.clock.advance(1000);
    const m = await newMember(t, { loginSource: 'agent_id' });
    await t.db.update(members).set({ status: 'disabled' }).where(eq(members.id, m.id));
    const count = await post<{ count: number }>('/api/marketing/coupon/crowdCount', {
      filter: { loginSources: ['agent_id'], registeredFrom: from.toISOString() },
    });
    expect(count.data.count).toBe(0);
  });
});
