import { z } from 'zod';
import { Currency } from './ledger';
import { amount, isoTime } from './open';
import { PaymentScenario } from '../vocab/config-content';
import { PaymentOption } from './payment';

/** The member API's balance top-ups (server: modules/payment/topups.ts). */

// ---------------------------------------------------------------- balance top-up

/** Through the sandbox (demo mode), or through a payment channel the member may use (see payments/methods). */
export const TopupBody = z
  .strictObject({
    amount,
    currency: Currency,
    provider: z.enum(['sandbox']).optional(),
    channelId: z.number().int().positive().max(2_147_483_647).optional(),
    /**
     * Where the provider sends the member's browser back after paying or giving up (PayPal, Alipay): the member site's own
     * page, https (http only for localhost while developing).
     */
    returnUrl: z
      .string()
      .max(500, '返回地址最多500个字符')
      .regex(/^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?)([/?#][^\s]*)?$/, '返回地址须为 https 链接')
      .optional(),
  })
  .refine((b) => (b.provider === undefined) !== (b.channelId === undefined), {
    message: '请选择支付渠道（provider 或 channelId 二选一）',
    path: ['channelId'],
  });
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
