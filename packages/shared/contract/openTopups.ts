import { z } from 'zod';
import { Currency } from './ledger';
import { amount, isoTime } from './open';

/** The member API's balance top-ups (server: modules/payment/topups.ts). */

// ---------------------------------------------------------------- balance top-up

export const TopupBody = z.strictObject({ amount, currency: Currency, provider: z.enum(['sandbox']) });
export const TopupIntent = z.object({
  intentNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** Where the member pays: for the sandbox, the sandbox's own pay call. */
  payUrl: z.string(),
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
