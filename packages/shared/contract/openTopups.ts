import { z } from 'zod';
import { Currency } from './ledger';
import { amount, isoTime } from './open';
import { PaymentScenario } from '../vocab/config-content';
import { PaymentOption } from './payment';

/** The member API's balance top-ups (server: modules/payment/topups.ts). */

// ---------------------------------------------------------------- balance top-up

/** Through the sandbox (demo mode), or through a payment channel the member may use (see payments/methods). */
const provider = z.enum(['sandbox']).optional();
const channelId = z.number().int().positive().max(2_147_483_647).optional();
/**
 * Where the provider sends the member's browser back after paying or giving up (PayPal, Alipay): the member site's own
 * page, https (http only for localhost while developing).
 */
const returnUrl = z
  .string()
  .max(500, '返回地址最多500个字符')
  .regex(/^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?)([/?#][^\s]*)?$/, '返回地址须为 https 链接')
  .optional();
const oneWayToPay = {
  check: (b: { provider?: string; channelId?: number }) => (b.provider === undefined) !== (b.channelId === undefined),
  message: '请选择支付渠道（provider 或 channelId 二选一）',
};
export const TopupBody = z
  .strictObject({ amount, currency: Currency, provider, channelId, returnUrl })
  .refine(oneWayToPay.check, { message: oneWayToPay.message, path: ['channelId'] });

/** The bills a payment can pay once its money is in the balance (PaymentScenario's values but 充值). */
export const BillPurpose = ['order_pay', 'package_pay', 'patch_pay'] as const;
export type BillPurpose = (typeof BillPurpose)[number];
/**
 * POST /payments/bills: pays a bill through a payment channel (or the sandbox). The server works out what is due — a shop
 * order's price after the level's discount, the coupon and the points, plus the service fee; a package's quoted freight
 * after a shipping coupon plus its insurance; a package's freight top-up — and the member pays that plus the channel's
 * fee. When the provider says paid, the money is credited to the balance and the bill paid from it at once; a bill that
 * can no longer be paid (paid from the balance meanwhile, a coupon used elsewhere) leaves the money in the balance.
 */
export const BillPayBody = z
  .strictObject({
    purpose: z.enum(BillPurpose, { error: '支付用途无效（order_pay、package_pay 或 patch_pay）' }),
    orderNo: z
      .string()
      .regex(/^SO\d{6,}$/, '订单号格式错误')
      .optional(),
    packageNo: z
      .string()
      .regex(/^PK\d{8,}$/, '包裹号格式错误')
      .optional(),
    couponGrantNo: z
      .string()
      .regex(/^[A-Za-z0-9-]{4,40}$/, '优惠券编号格式错误')
      .optional(),
    points: z.number().int().min(0, '积分必须为非负整数').max(100_000_000, '积分必须为非负整数').optional(),
    provider,
    channelId,
    returnUrl,
  })
  .refine(oneWayToPay.check, { message: oneWayToPay.message, path: ['channelId'] })
  .refine((b) => (b.purpose === 'order_pay' ? !!b.orderNo && !b.packageNo : !!b.packageNo && !b.orderNo), {
    message: '订单支付须填 orderNo，包裹运费和补运费须填 packageNo',
    path: ['purpose'],
  })
  .refine((b) => !b.points || b.purpose === 'order_pay', { message: '积分只能用于订单支付', path: ['points'] })
  .refine((b) => !b.couponGrantNo || b.purpose !== 'patch_pay', { message: '补运费不能使用优惠券', path: ['couponGrantNo'] });
export const TopupIntent = z.object({
  intentNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  /** The channel paid through (null: the sandbox). */
  channelId: z.number().int().nullable(),
  /** The channel's fee, paid on top of the amount; the member pays `total` and the balance gains `amount`. */
  fee: z.number().int(),
  total: z.number().int(),
  /**
   * Where the member pays: for the sandbox, the sandbox's own pay call; for Alipay, the signed page-payment address to
   * send the member's browser to; for PayPal, the order's approval link ('' otherwise).
   */
  payUrl: z.string(),
  /** Stripe: the PaymentIntent's client secret, for Stripe.js on the member site ('' otherwise). */
  clientSecret: z.string(),
  createTime: isoTime,
  paidTime: isoTime.nullable(),
  /** 'recharge' for a top-up, else the bill it pays (BillPurpose). */
  purpose: z.string(),
  /** The bill's order or package number ('' for a top-up). */
  billRef: z.string(),
  /** '' until paid; 'paid' when the bill was paid from the credited money; 'refused' when it could not be (billNote says why, the money stays in the balance). */
  billStatus: z.enum(['', 'paid', 'refused']),
  billNote: z.string(),
});
export type TopupIntent = z.infer<typeof TopupIntent>;
export const TopupQuery = z.strictObject({ intentNo: z.string().regex(/^TU\d{6,}$/, '充值单号格式错误') });
export const SandboxPayBody = z.strictObject({
  intentNo: z.string().regex(/^TU\d{6,}$/, '充值单号格式错误'),
  outcome: z.enum(['paid', 'failed']).default('paid'),
});
/** What a provider's callback carries (the sandbox's; real providers get their own parser). */
export const ProviderCallbackBody = z.strictObject({
  intentNo: z.string().max(40),
  outcome: z.enum(['paid', 'failed']),
  amount: z.number().int(),
  currency: z.string().max(3),
});

// ---------------------------------------------------------------- payment methods

/** GET /payments/methods: what the member may pay with now, for this purpose and amount. */
export const PaymentMethodsQuery = z.strictObject({
  purpose: z.enum(PaymentScenario.values, { error: '支付场景无效' }),
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, '金额格式错误')
    .refine((s) => Number(s) > 0, '金额必须大于 0'),
  currency: Currency,
});
export const PaymentMethods = z.object({
  currency: z.string(),
  /** In minor units of `currency`. */
  amount: z.number().int(),
  channels: z.array(PaymentOption),
});
export type PaymentMethods = z.infer<typeof PaymentMethods>;
/**
 * A gateway's notification names its channel (?channel=ID): Stripe's signature is checked on the raw body; PayPal's
 * event is confirmed by PayPal with the channel's webhook id.
 */
export const GatewayNotifyQuery = z.strictObject({ channel: z.string().regex(/^\d{1,9}$/, '渠道编号错误') });
/** Alipay's notification may name its channel; without it, the channel is the one of the top-up its trade names. */
export const AlipayNotifyQuery = z.strictObject({
  channel: z
    .string()
    .regex(/^\d{1,9}$/, '渠道编号错误')
    .optional(),
});
/** What Alipay posts: form fields, all text, signed together (sign, RSA2) with Alipay's private key. */
export const AlipayNotifyBody = z.record(z.string().max(100), z.string().max(5000));
