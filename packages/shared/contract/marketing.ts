import { z } from 'zod';
import { LoginSource } from '../vocab/account';
import { decimal2, numberWith, percentage, positiveAmount, RuleMessage } from '../rules';
import { PageQuery, pageOf, queryInt, textFilter } from './common';
import { RequestId } from './ledger';
import {
  ActivityKind,
  AudienceType,
  CouponKind,
  CouponScope,
  CouponSource,
  CouponStatus,
  CouponTemplateStatus,
  CycleType,
  DiscountType,
  JobStatus,
  PRIZE_LIMITS,
  PrizeType,
  ResourcePosition,
  ValidityType,
} from '../marketing/vocab';
import { parsePercent, validateProbabilities } from '../marketing/probability';

const isoTime = z.iso.datetime({ offset: true });
const id = z.number().int().positive();
const name = (message: string, max = 60) => z.string().trim().min(1, message).max(max);
const count = (min: number, max: number) => numberWith(RuleMessage.positiveInteger).int(RuleMessage.integer).min(min).max(max);
const levelIds = z.array(id).max(50).default([]);
const toggle = z.enum(CouponTemplateStatus.values);

// ---------------------------------------------------------------- crowd

/** A member segment: active members matching every given condition (empty = every active member). */
export const CrowdFilter = z.strictObject({
  levelIds: z.array(id).max(50).optional(),
  loginSources: z.array(z.enum(LoginSource.values)).max(4).optional(),
  registeredFrom: isoTime.optional(),
  registeredTo: isoTime.optional(),
  agentId: id.optional(),
});
export type CrowdFilter = z.infer<typeof CrowdFilter>;

/** POST /api/marketing/coupon/crowdCount: how many members a crowd grant would reach. */
export const CrowdCountBody = z.strictObject({ couponId: id.optional(), filter: CrowdFilter });
export const CrowdCountResult = z.object({ count: z.number().int(), sample: z.array(z.object({ userCode: z.string(), name: z.string() })) });

// ---------------------------------------------------------------- coupon templates

const couponFields = {
  id: id.optional(),
  name: name('请输入优惠券名称'),
  discountType: z.enum(DiscountType.values),
  /** Amount off (amount coupons). */
  amount: positiveAmount.optional(),
  /** The percentage of the price the member pays (discount coupons), e.g. "85" = 15% off. */
  discount: percentage.optional(),
  maxDiscount: positiveAmount.optional(),
  minSpend: decimal2.default('0'),
  scope: z.enum(CouponScope.values),
  validityType: z.enum(ValidityType.values),
  validFrom: isoTime.optional(),
  validTo: isoTime.optional(),
  validDays: count(1, 3650).optional(),
  /** null = unlimited. */
  totalStock: count(1, 10_000_000).nullable().default(null),
  perMemberLimit: count(1, 100).default(1),
  levelIds,
  remark: z.string().trim().max(200).default(''),
};

type CouponInput = {
  discountType: string;
  amount?: string;
  discount?: string;
  minSpend: string;
  validityType: string;
  validFrom?: string;
  validTo?: string;
  validDays?: number;
};

function checkCoupon(v: CouponInput, ctx: z.RefinementCtx) {
  if (v.discountType === 'amount' && !v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: RuleMessage.amountRequired });
  if (v.discountType === 'discount') {
    const bp = v.discount === undefined ? null : parsePercent(v.discount);
    if (bp === null || bp <= 0 || bp >= 10_000) ctx.addIssue({ code: 'custom', path: ['discount'], message: '折扣需大于0且小于100' });
  }
  if (v.discountType === 'amount' && v.amount && Number(v.minSpend) > 0 && Number(v.amount) > Number(v.minSpend)) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: '优惠金额不能大于使用门槛' });
  }
  if (v.validityType === 'fixed') {
    if (!v.validFrom) ctx.addIssue({ code: 'custom', path: ['validFrom'], message: '请选择有效期' });
    if (!v.validTo) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '请选择有效期' });
    if (v.validFrom && v.validTo && v.validFrom >= v.validTo) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '结束时间必须晚于开始时间' });
  } else if (!v.validDays) ctx.addIssue({ code: 'custom', path: ['validDays'], message: '请输入有效天数' });
}

/** POST /api/marketing/coupon/saveConst: a fixed coupon (without id creates). */
export const SaveConstCouponBody = z.strictObject({ ...couponFields, newUser: z.boolean().default(false) }).superRefine((v, ctx) => checkCoupon(v, ctx));
export type SaveConstCouponBody = z.input<typeof SaveConstCouponBody>;

/** POST /api/marketing/coupon/saveCycle: a cycle coupon, issued each week or month to a segment. */
export const SaveCycleCouponBody = z
  .strictObject({
    ...couponFields,
    cycleType: z.enum(CycleType.values),
    /** weekly: 1 (Monday)–7; monthly: 1–28. */
    cycleDay: count(1, 28),
    cycleQuantity: count(1, 20).default(1),
    cycleStart: isoTime,
    cycleEnd: isoTime.nullable().default(null),
    segment: CrowdFilter.default({}),
  })
  .superRefine((v, ctx) => {
    checkCoupon(v, ctx);
    if (v.cycleType === 'weekly' && v.cycleDay > 7) ctx.addIssue({ code: 'custom', path: ['cycleDay'], message: '每周发放日为1~7' });
    if (v.cycleEnd && v.cycleEnd <= v.cycleStart) ctx.addIssue({ code: 'custom', path: ['cycleEnd'], message: '结束时间必须晚于开始时间' });
    if (v.validityType === 'fixed') ctx.addIssue({ code: 'custom', path: ['validityType'], message: '周期优惠券的有效期须为领取后N天' });
  });
export type SaveCycleCouponBody = z.input<typeof SaveCycleCouponBody>;

export const Coupon = z.object({
  id: z.number().int(),
  kind: z.enum(CouponKind.values),
  name: z.string(),
  discountType: z.enum(DiscountType.values),
  /** Minor units. */
  amount: z.number().int(),
  discount: z.string(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  currency: z.string(),
  scope: z.enum(CouponScope.values),
  validityType: z.enum(ValidityType.values),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  validDays: z.number().int().nullable(),
  totalStock: z.number().int().nullable(),
  issuedCount: z.number().int(),
  usedCount: z.number().int(),
  perMemberLimit: z.number().int(),
  levelIds: z.array(z.number().int()),
  newUser: z.boolean(),
  cycleType: z.enum(CycleType.values).nullable(),
  cycleDay: z.number().int().nullable(),
  cycleQuantity: z.number().int().nullable(),
  cycleStart: z.string().nullable(),
  cycleEnd: z.string().nullable(),
  segment: CrowdFilter,
  status: toggle,
  remark: z.string(),
  createdBy: z.string(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;

/** GET /api/marketing/coupon/pageList */
export const CouponListQuery = PageQuery.extend({
  name: textFilter,
  kind: z.enum(CouponKind.values).optional(),
  status: toggle.optional(),
});
export type CouponListQuery = z.infer<typeof CouponListQuery>;
export const CouponListResult = pageOf(Coupon);

export const IdQuery = z.strictObject({ id: queryInt(1, 2_147_483_647) });
/** POST /api/marketing/coupon/modifyStatus: switch a coupon on or off for new grants. */
export const CouponStatusBody = z.strictObject({ id, status: toggle });
/** GET /api/marketing/coupon/options: active coupons for selectors (prizes, grants). */
export const CouponOptions = z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(CouponKind.values) }));

// ---------------------------------------------------------------- grants

/** POST /api/marketing/coupon/sendTargeted: to listed user codes (targetedGrant). */
export const SendTargetedBody = z.strictObject({
  couponId: id,
  userCodes: z.array(z.string().trim().min(1).max(40)).min(1, RuleMessage.arrayNotEmpty).max(1000),
  quantity: count(1, 20).default(1),
  requestId: RequestId,
});
export type SendTargetedBody = z.input<typeof SendTargetedBody>;

/** POST /api/marketing/coupon/sendCrowd: to a crowd (crowdSelectGrant); `expectedCount` is the count the operator saw. */
export const SendCrowdBody = z.strictObject({
  couponId: id,
  filter: CrowdFilter,
  expectedCount: z.number().int().min(1, '人群为空，无法发放'),
  quantity: count(1, 20).default(1),
  requestId: RequestId,
});
export type SendCrowdBody = z.input<typeof SendCrowdBody>;

export const SendResult = z.object({
  batchId: z.number().int(),
  granted: z.number().int(),
  /** Members left out because they already hold the per-member limit or their level is not eligible. */
  skipped: z.array(z.object({ userCode: z.string(), reason: z.string() })),
  replayed: z.boolean(),
});
export type SendResult = z.infer<typeof SendResult>;

export const CouponGrant = z.object({
  id: z.number().int(),
  grantNo: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  couponKind: z.enum(CouponKind.values),
  memberId: z.number().int(),
  userCode: z.string(),
  memberName: z.string(),
  sourceType: z.enum(CouponSource.values),
  sendTarget: z.literal('USER'),
  status: z.enum(CouponStatus.values),
  /** Unused but past its validity. */
  expired: z.boolean(),
  validFrom: z.string(),
  validTo: z.string(),
  useTime: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type CouponGrant = z.infer<typeof CouponGrant>;

/** GET /api/marketing/coupon/sendRecordList (couponSendRecord) and /exportSendRecord (Excel). */
export const SendRecordQuery = PageQuery.extend({
  couponId: queryInt(1, 2_147_483_647).optional(),
  userCode: textFilter,
  grantNo: textFilter,
  sourceType: z.enum(CouponSource.values).optional(),
  status: z.enum(CouponStatus.values).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type SendRecordQuery = z.infer<typeof SendRecordQuery>;
export const SendRecordResult = pageOf(CouponGrant);

/** POST /api/marketing/coupon/modifyGrantStatus: revoke (disabled) an unused coupon with a reason. */
export const RevokeGrantBody = z.strictObject({ id, reason: z.string().trim().min(1, '请填写作废原因').max(200) });

// ---------------------------------------------------------------- redeem codes

/** POST /api/marketing/coupon/addCodes: a batch of redeem codes (activityCode). */
export const GenerateCodesBody = z.strictObject({ couponId: id, count: count(1, 10_000), requestId: RequestId });
export const GenerateCodesResult = z.object({ batchNo: z.string(), count: z.number().int(), replayed: z.boolean() });

export const CouponCode = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  batchNo: z.string(),
  code: z.string(),
  status: z.enum(CouponStatus.values),
  userCode: z.string(),
  redeemedAt: z.string().nullable(),
  createTime: z.string(),
});
/** GET /api/marketing/coupon/codeList and /exportCodes (Excel) */
export const CodeListQuery = PageQuery.extend({
  couponId: queryInt(1, 2_147_483_647),
  batchNo: textFilter,
  status: z.enum(CouponStatus.values).optional(),
});
export type CodeListQuery = z.infer<typeof CodeListQuery>;
export const CodeListResult = pageOf(CouponCode);

/** POST /api/marketing/coupon/redeemCode: a member (or staff for them) redeems a code once. */
export const RedeemCodeBody = z.strictObject({
  code: z.string().trim().min(1, '请输入兑换码').max(40),
  userCode: z.string().trim().min(1, '请输入用户编码').max(40),
});
export const RedeemCodeResult = z.object({ grantNo: z.string(), couponName: z.string() });

// ---------------------------------------------------------------- scheduled work

export const MarketingJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  status: z.enum(JobStatus.values),
  attempts: z.number().int(),
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  lastError: z.string(),
  result: z.unknown(),
});
/** GET /api/marketing/job/list: the job runner's recent work. */
export const JobListQuery = PageQuery.extend({ kind: textFilter, status: z.enum(JobStatus.values).optional() });
export const JobListResult = pageOf(MarketingJob);

// ---------------------------------------------------------------- resource slots

export const ResourceSpace = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  position: z.enum(ResourcePosition.values),
  width: z.number().int(),
  height: z.number().int(),
  maxItems: z.number().int(),
  status: toggle,
  remark: z.string(),
  taskCount: z.number().int(),
  liveCount: z.number().int(),
  modifyTime: z.string(),
});
export type ResourceSpace = z.infer<typeof ResourceSpace>;
/** GET /api/marketing/resource/spaceList */
export const SpaceListQuery = PageQuery.extend({ name: textFilter, position: z.enum(ResourcePosition.values).optional(), status: toggle.optional() });
export const SpaceListResult = pageOf(ResourceSpace);
/** POST /api/marketing/resource/saveSpace */
export const SaveSpaceBody = z.strictObject({
  id: id.optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,39}$/, '编码需以字母开头，2~40位字母、数字、下划线或横线'),
  name: name('请输入资源位名称'),
  position: z.enum(ResourcePosition.values),
  width: count(0, 4000).default(0),
  height: count(0, 4000).default(0),
  maxItems: count(1, 20).default(1),
  status: toggle.default('activity'),
  remark: z.string().trim().max(200).default(''),
});
export type SaveSpaceBody = z.input<typeof SaveSpaceBody>;

export const Audience = z.strictObject({
  type: z.enum(AudienceType.values),
  levelIds: z.array(id).max(50).optional(),
  /** newUser: registered within this many days. */
  newWithinDays: count(1, 365).optional(),
});
export type Audience = z.infer<typeof Audience>;

export const ResourceTask = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  audience: Audience,
  priority: z.number().int(),
  status: toggle,
  /** Now inside its window and switched on. */
  live: z.boolean(),
  modifyTime: z.string(),
});
export type ResourceTask = z.infer<typeof ResourceTask>;
/** GET /api/marketing/resource/taskList */
export const TaskListQuery = PageQuery.extend({ spaceId: queryInt(1, 2_147_483_647), status: toggle.optional() });
export const TaskListResult = pageOf(ResourceTask);
/** POST /api/marketing/resource/saveTask */
export const SaveTaskBody = z
  .strictObject({
    id: id.optional(),
    spaceId: id,
    title: name('请输入标题', 100),
    content: z.string().max(5000).default(''),
    imageUrl: z.string().trim().max(500).default(''),
    linkUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(|https?:\/\/\S+|\/\S*)$/, '请输入正确的URL')
      .default(''),
    startAt: isoTime,
    endAt: isoTime,
    audience: Audience.default({ type: 'all' }),
    priority: count(0, 9999).default(0),
    status: toggle.default('activity'),
  })
  .superRefine((v, ctx) => {
    if (v.endAt <= v.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: '结束时间必须晚于开始时间' });
    if (v.audience.type === 'levels' && !v.audience.levelIds?.length)
      ctx.addIssue({ code: 'custom', path: ['audience', 'levelIds'], message: RuleMessage.arrayNotEmpty });
  });
export type SaveTaskBody = z.input<typeof SaveTaskBody>;
/** POST /api/marketing/resource/modifyTaskStatus */
export const TaskStatusBody = z.strictObject({ id, status: toggle });
/** GET /api/marketing/resource/preview: what one member sees in every active slot at a moment (default now). */
export const PreviewQuery = z.strictObject({ userCode: z.string().trim().min(1, '请输入用户编码').max(40), at: isoTime.optional() });
export const PreviewResult = z.array(
  z.object({
    spaceId: z.number().int(),
    code: z.string(),
    name: z.string(),
    position: z.enum(ResourcePosition.values),
    tasks: z.array(ResourceTask),
  }),
);

// ---------------------------------------------------------------- lucky draws

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
