import { z } from 'zod';
import { decimal2, percentage, positiveAmount, RuleMessage } from '../../rules';
import { PageQuery, pageOf, textFilter } from '../common';
import { CouponKind, CouponScope, CycleType, DiscountType, ValidityType } from '../../marketing/vocab';
import { parsePercent } from '../../marketing/probability';
import { Changed, count, Created, CrowdFilter, id, IdQuery, isoTime, levelIds, name, toggle } from './common';
import { defineCall } from '../call';

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

/** POST /api/marketing/coupon/modifyStatus: switch a coupon on or off for new grants. */
export const CouponStatusBody = z.strictObject({ id, status: toggle });
/** GET /api/marketing/coupon/options: active coupons for selectors (prizes, grants). */
export const CouponOptions = z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(CouponKind.values) }));

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingCouponPageListCall = defineCall({ method: 'GET', url: '/api/marketing/coupon/pageList', query: CouponListQuery, data: CouponListResult });
export const marketingCouponDetailCall = defineCall({ method: 'GET', url: '/api/marketing/coupon/detail', query: IdQuery, data: Coupon });
export const marketingCouponOptionsCall = defineCall({ method: 'GET', url: '/api/marketing/coupon/options', data: CouponOptions });
export const marketingCouponSaveConstCall = defineCall({ method: 'POST', url: '/api/marketing/coupon/saveConst', body: SaveConstCouponBody, data: Created });
export const marketingCouponSaveCycleCall = defineCall({ method: 'POST', url: '/api/marketing/coupon/saveCycle', body: SaveCycleCouponBody, data: Created });
export const marketingCouponModifyStatusCall = defineCall({ method: 'POST', url: '/api/marketing/coupon/modifyStatus', body: CouponStatusBody, data: Changed });
