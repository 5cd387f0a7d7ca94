import { z } from 'zod';
import { decimal2, percentage, positiveAmount, RuleMessage } from '../../rules';
import { PageQuery, pageOf, queryInt, textFilter } from '../common';
import { RequestId } from '../ledger';
import { ActivityKind, PRIZE_LIMITS, PrizeType } from '../../marketing/vocab';
import { validateProbabilities } from '../../marketing/probability';
import { Changed, count, Created, id, IdQuery, isoTime, levelIds, name, toggle } from './common';
import { defineCall } from '../call';

export const PrizeInput = z.strictObject({
  id: id.optional(),
  name: name('请输入奖品名称', 40),
  prizeType: z.enum(PrizeType.values),
  couponId: id.nullable().default(null),
  /** balance: an amount ("5.00"); points: an integer; else empty. */
  amount: z.string().trim().max(12).default(''),
  /** SPEC §5 percentage, at most two decimals. */
  probability: percentage,
  /** null = unlimited. */
  stock: count(0, 10_000_000).nullable().default(null),
  perMemberCap: count(1, 10_000).nullable().default(null),
  isFiller: z.boolean().default(false),
});
export type PrizeInput = z.input<typeof PrizeInput>;

function checkPrizes(kind: ActivityKind, prizes: z.output<typeof PrizeInput>[], ctx: z.RefinementCtx) {
  const r = validateProbabilities(prizes, PRIZE_LIMITS[kind]);
  if (!r.ok) {
    const limits = PRIZE_LIMITS[kind];
    const message = r.message === '奖品数量不符合要求' ? `奖品数量需为${limits.min}~${limits.max}个` : r.message;
    ctx.addIssue({ code: 'custom', path: r.index === undefined ? ['prizes'] : ['prizes', r.index, 'probability'], message });
  }
  prizes.forEach((p, i) => {
    if (p.isFiller && p.prizeType !== 'none') ctx.addIssue({ code: 'custom', path: ['prizes', i, 'prizeType'], message: '“谢谢参与”奖品的类型须为谢谢参与' });
    if (p.isFiller && p.stock !== null) ctx.addIssue({ code: 'custom', path: ['prizes', i, 'stock'], message: '“谢谢参与”奖品不限库存' });
    if (p.prizeType === 'coupon' && !p.couponId) ctx.addIssue({ code: 'custom', path: ['prizes', i, 'couponId'], message: '请选择优惠券' });
    if (p.prizeType === 'balance' && !positiveAmount.safeParse(p.amount).success)
      ctx.addIssue({ code: 'custom', path: ['prizes', i, 'amount'], message: RuleMessage.amountFormat });
    if (p.prizeType === 'points' && !/^[1-9]\d{0,8}$/.test(p.amount))
      ctx.addIssue({ code: 'custom', path: ['prizes', i, 'amount'], message: RuleMessage.positiveInteger });
    // A prize that credits a balance is money: it is given a finite number of times.
    if (p.prizeType === 'balance' && p.stock === null) ctx.addIssue({ code: 'custom', path: ['prizes', i, 'stock'], message: BALANCE_STOCK_MESSAGE });
  });
}

export const BALANCE_STOCK_MESSAGE = '余额奖品须设置库存';
export const BALANCE_CAP_MESSAGE = '含余额奖品的活动须设置余额发放总额上限';
/** Whether an activity's prizes credit balances: saving or switching on such an activity needs verification. */
export const paysBalance = (prizes: readonly { prizeType: string }[]) => prizes.some((p) => p.prizeType === 'balance');

/** POST /api/marketing/activity/save: an activity with its prizes (without id creates). */
export const SaveActivityBody = z
  .strictObject({
    id: id.optional(),
    kind: z.enum(ActivityKind.values),
    name: name('请输入活动名称'),
    description: z.string().trim().max(1000).default(''),
    startAt: isoTime,
    endAt: isoTime,
    costAmount: decimal2.default('0'),
    freeDrawsPerDay: count(0, 100).default(1),
    maxDrawsPerDay: count(0, 1000).default(0),
    eligibleLevelIds: levelIds,
    status: toggle.default('activity'),
    prizes: z.array(PrizeInput).max(20),
    /**
     * With balance prizes: the most they may credit in all ("500.00"), never passed whatever the draws; required
     * then (the form proposes the sum of stock × amount), null without them.
     */
    balanceCap: positiveAmount.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (paysBalance(v.prizes) && v.balanceCap === null) ctx.addIssue({ code: 'custom', path: ['balanceCap'], message: BALANCE_CAP_MESSAGE });
    if (v.endAt <= v.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: '结束时间必须晚于开始时间' });
    if (v.freeDrawsPerDay === 0 && Number(v.costAmount) === 0)
      ctx.addIssue({ code: 'custom', path: ['costAmount'], message: '每日免费次数为0时须设置每次抽奖费用' });
    checkPrizes(v.kind, v.prizes, ctx);
  });
export type SaveActivityBody = z.input<typeof SaveActivityBody>;

export const Prize = z.object({
  id: z.number().int(),
  name: z.string(),
  prizeType: z.enum(PrizeType.values),
  couponId: z.number().int().nullable(),
  couponName: z.string(),
  amount: z.string(),
  probability: z.string(),
  stock: z.number().int().nullable(),
  issuedCount: z.number().int(),
  perMemberCap: z.number().int().nullable(),
  isFiller: z.boolean(),
});
export type Prize = z.infer<typeof Prize>;

export const Activity = z.object({
  id: z.number().int(),
  kind: z.enum(ActivityKind.values),
  name: z.string(),
  description: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  costAmount: z.number().int(),
  currency: z.string(),
  freeDrawsPerDay: z.number().int(),
  maxDrawsPerDay: z.number().int(),
  eligibleLevelIds: z.array(z.number().int()),
  status: toggle,
  drawCount: z.number().int(),
  prizes: z.array(Prize),
  /** The most the balance prizes may credit ("500.00"), null without balance prizes. */
  balanceCap: z.string().nullable(),
  /** What they credited so far ("25.00"). */
  balanceIssued: z.string(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type Activity = z.infer<typeof Activity>;

/** GET /api/marketing/activity/pageList */
export const ActivityListQuery = PageQuery.extend({ name: textFilter, kind: z.enum(ActivityKind.values).optional(), status: toggle.optional() });
export type ActivityListQuery = z.infer<typeof ActivityListQuery>;
export const ActivityListResult = pageOf(Activity);
/** POST /api/marketing/activity/modifyStatus */
export const ActivityStatusBody = z.strictObject({ id, status: toggle });

/** POST /api/marketing/activity/simulate: draws on the server over the given chances, no database writes. */
export const SimulateBody = z
  .strictObject({
    kind: z.enum(ActivityKind.values),
    prizes: z.array(z.strictObject({ name: z.string().max(40), probability: percentage, isFiller: z.boolean().default(false) })).max(20),
    draws: count(1000, 1_000_000).default(100_000),
  })
  .superRefine((v, ctx) => {
    const r = validateProbabilities(v.prizes, PRIZE_LIMITS[v.kind]);
    if (!r.ok) ctx.addIssue({ code: 'custom', path: r.index === undefined ? ['prizes'] : ['prizes', r.index, 'probability'], message: r.message });
  });
export type SimulateBody = z.input<typeof SimulateBody>;
export const SimulateResult = z.object({
  draws: z.number().int(),
  rows: z.array(
    z.object({
      name: z.string(),
      configured: z.string(),
      hits: z.number().int(),
      observed: z.string(),
      /** Hits within five standard deviations of the expected count. */
      withinBounds: z.boolean(),
    }),
  ),
  chiSquare: z.number(),
  df: z.number().int(),
});
export type SimulateResult = z.infer<typeof SimulateResult>;

/** POST /api/marketing/activity/draw: one draw for a member (the member site calls the same service). */
export const DrawBody = z.strictObject({ activityId: id, userCode: z.string().trim().min(1, '请输入用户编码').max(40), requestId: RequestId });
export const DrawResult = z.object({
  recordId: z.number().int(),
  prizeId: z.number().int(),
  prizeName: z.string(),
  prizeType: z.enum(PrizeType.values),
  amount: z.number().int(),
  couponGrantNo: z.string().nullable(),
  free: z.boolean(),
  costAmount: z.number().int(),
  /** The drawn prize had run out (stock or per-member cap) and the filler was given instead. */
  fellBack: z.boolean(),
  replayed: z.boolean(),
});
export type DrawResult = z.infer<typeof DrawResult>;

export const DrawRecord = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  kind: z.enum(ActivityKind.values),
  memberId: z.number().int(),
  userCode: z.string(),
  prizeName: z.string(),
  prizeType: z.enum(PrizeType.values),
  amount: z.number().int(),
  couponGrantNo: z.string().nullable(),
  free: z.boolean(),
  costAmount: z.number().int(),
  fellBack: z.boolean(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type DrawRecord = z.infer<typeof DrawRecord>;
/** GET /api/marketing/activity/drawRecordList */
export const DrawRecordQuery = PageQuery.extend({
  activityId: queryInt(1, 2_147_483_647).optional(),
  userCode: textFilter,
  prizeType: z.enum(PrizeType.values).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type DrawRecordQuery = z.infer<typeof DrawRecordQuery>;
export const DrawRecordResult = pageOf(DrawRecord);

export { ActivityKind };

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingActivityPageListCall = defineCall({
  method: 'GET',
  url: '/api/marketing/activity/pageList',
  query: ActivityListQuery,
  data: ActivityListResult,
});
export const marketingActivityDetailCall = defineCall({ method: 'GET', url: '/api/marketing/activity/detail', query: IdQuery, data: Activity });
export const marketingActivitySaveCall = defineCall({ method: 'POST', url: '/api/marketing/activity/save', body: SaveActivityBody, data: Created });
export const marketingActivityModifyStatusCall = defineCall({
  method: 'POST',
  url: '/api/marketing/activity/modifyStatus',
  body: ActivityStatusBody,
  data: Changed,
});
export const marketingActivitySimulateCall = defineCall({ method: 'POST', url: '/api/marketing/activity/simulate', body: SimulateBody, data: SimulateResult });
export const marketingActivityDrawCall = defineCall({ method: 'POST', url: '/api/marketing/activity/draw', body: DrawBody, data: DrawResult });
export const marketingActivityDrawRecordListCall = defineCall({
  method: 'GET',
  url: '/api/marketing/activity/drawRecordList',
  query: DrawRecordQuery,
  data: DrawRecordResult,
});
