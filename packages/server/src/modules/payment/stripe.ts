import type Stripe from 'stripe';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError, invalid } from '../../core/errors';
import { assertPublicHost, safeFetch } from '../../core/outbound';

/**
 * Stripe behind a payment channel (issue #32), through Stripe's own SDK: a PaymentIntent per payment (the member site
 * confirms it with Stripe.js and the client secret), and Stripe's signed notification checked by the SDK on the raw
 * body. The SDK's requests go through safeFetch, so only an address an admin allowed is ever called.
 */

export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
  /** '' = api.stripe.com. */
  apiBase: string;
}

/** Currencies Stripe counts in whole units (no cents); ours are always hundredths. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/** Our minor units (hundredths) as Stripe's smallest unit of the currency. */
export function toStripeAmount(minor: number, currency: string): number {
  if (!ZERO_DECIMAL.has(currency.toUpperCase())) return minor;
  if (minor % 100 !== 0) throw invalid('amount', `${currency} 只能支付整数金额`);
  return minor / 100;
}
export const fromStripeAmount = (amount: number, currency: string) => (ZERO_DECIMAL.has(currency.toUpperCase()) ? amount * 100 : amount);

/** Stripe's SDK, loaded at its first use: it is large (tens of MB and about half a second to load) and most servers never call it. */
const stripeSdk = async () => (await import('stripe')).default;

/** The SDK for a channel's account, once its API address is checked to be one the server may call. */
async function client(account: StripeAccount): Promise<Stripe> {
  const base = account.apiBase ? new URL(account.apiBase) : null;
  if (base) await assertPublicHost(base.hostname);
  const StripeSdk = await stripeSdk();
  return new StripeSdk(account.secretKey, {
    httpClient: StripeSdk.createFetchHttpClient(((url: string | URL, init?: RequestInit) =>
      safeFetch(String(url), { ...init, timeoutMs: 20_000 })) as typeof fetch),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** What went wrong at Stripe, in the words the member site shows (the provider's message kept for staff). */
function stripeFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; message?: string };
  if (e.type === 'StripeAuthenticationError') return new AppError(ErrorCode.CONFLICT, '支付网关的 Secret key 无效，请联系客服');
  if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') {
    return new AppError(ErrorCode.CONFLICT, `支付网关拒绝了这笔支付：${e.message ?? ''}`.trim());
  }
  return new AppError(ErrorCode.CONFLICT, '支付网关暂时无法连接，请稍后重试');
}

/** A PaymentIntent for `total` (our minor units): its id and the client secret the member site confirms it with. */
export async function createStripePayment(
  account: StripeAccount,
  p: { intentNo: string; total: number; currency: string; description: string },
): Promise<{ id: string; clientSecret: string }> {
  try {
    const intent = await (await client(account)).paymentIntents.create(
      {
        amount: toStripeAmount(p.total, p.currency),
        currency: p.currency.toLowerCase(),
        description: p.description,
        metadata: { intentNo: p.intentNo },
        automatic_payment_methods: { enabled: true },
      },
      // A retry after a lost answer gets the same PaymentIntent back, never a second charge.
      { idempotencyKey: `waystation-${p.intentNo}` },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  } catch (err) {
    throw stripeFailure(err);
  }
}

/**
 * Cancels a PaymentIntent no one completed. Returns false when Stripe says it can no longer be canceled (it succeeded
 * meanwhile: its notification settles it), true when canceled (or already canceled).
 */
export async function cancelStripePayment(account: StripeAccount, paymentId: string): Promise<boolean> {
  try {
    await (await client(account)).paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
    return true;
  } catch (err) {
    const e = err as { code?: string; raw?: { payment_intent?: { status?: string } } };
    if (e.code === 'payment_intent_unexpected_state') return e.raw?.payment_intent?.status === 'canceled';
    throw stripeFailure(err);
  }
}

/** A payment as Stripe's records list it (amount in our minor units). */
export interface StripePayment {
  id: string;
  amount: number;
  currency: string;
  intentNo: string;
}

/** The PaymentIntents created in [from, to) that succeeded, every page of them, as Stripe lists them. */
export async function listStripePayments(account: StripeAccount, from: Date, to: Date): Promise<StripePayment[]> {
  try {
    const all = await (await client(account)).paymentIntents
      .list({ created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) }, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    return all
      .filter((pi) => pi.status === 'succeeded')
      .map((pi) => ({
        id: pi.id,
        amount: fromStripeAmount(pi.amount_received, pi.currency),
        currency: pi.currency.toUpperCase(),
        intentNo: pi.metadata?.intentNo ?? '',
      }));
  } catch (err) {
    throw stripeFailure(err);
  }
}

/** What a verified notification says of a PaymentIntent; null for events this server does not act on. */
export interface StripeOutcome {
  paymentId: string;
  outcome: 'paid' | 'failed';
  /** In our minor units. */
  amount: number;
  currency: string;
  intentNo: string;
}

/**
 * Checks Stripe's signature (Stripe-Signature) on the body exactly as received, with the channel's signing secret, and
 * reads the outcome. Throws 40300 when the signature does not match or is too old.
 */
export async function stripeNotification(account: StripeAccount, rawBody: string, signature: string | undefined): Promise<StripeOutcome | null> {
  const { webhooks } = await stripeSdk();
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signature ?? '', account.webhookSecret);
  } catch {
    throw new AppError(ErrorCode.FORBIDDEN, '回调签名无效');
  }
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.canceled') return null;
  const pi = event.data.object as Stripe.PaymentIntent;
  const currency = pi.currency.toUpperCase();
  return {
    paymentId: pi.id,
    outcome: event.type === 'payment_intent.succeeded' ? 'paid' : 'failed',
    amount: fromStripeAmount(event.type === 'payment_intent.succeeded' ? pi.amount_received : pi.amount, currency),
    currency,
    intentNo: pi.metadata?.intentNo ?? '',
  };
}

/** Whether the notification's signature is good (a signed notification is never refused for rate). */
export async function stripeSigned(account: StripeAccount, rawBody: string, signature: string | undefined): Promise<boolean> {
  const { webhooks } = await stripeSdk();
  try {
    webhooks.constructEvent(rawBody, signature ?? '', account.webhookSecret);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- refunds (issue #32.4)

/** A refund as Stripe tells it: pending / requires_action (not final), succeeded, failed or canceled. */
export interface StripeRefund {
  id: string;
  status: string;
  /** Stripe's reason when it failed (failure_reason). */
  failure: string;
}
/** Stripe refused the refund outright (already refunded, more than the payment…): its words. */
export interface ProviderRefusal {
  refused: string;
}

const readRefund = (r: Stripe.Refund): StripeRefund => ({ id: r.id, status: r.status ?? '', failure: r.failure_reason ?? '' });

/**
 * Refunds `amount` (our minor units) of a PaymentIntent. `refundNo` is the Idempotency-Key: a retry after a lost
 * answer gets the same refund back, never a second one. A request Stripe refuses comes back as `refused`; a Stripe
 * that cannot be reached throws.
 */
export async function refundStripePayment(
  account: StripeAccount,
  p: { paymentId: string; amount: number; currency: string; refundNo: string },
): Promise<StripeRefund | ProviderRefusal> {
  try {
    const refund = await (await client(account)).refunds.create(
      { payment_intent: p.paymentId, amount: toStripeAmount(p.amount, p.currency), metadata: { refundNo: p.refundNo } },
      { idempotencyKey: `waystation-${p.refundNo}` },
    );
    return readRefund(refund);
  } catch (err) {
    const e = err as { type?: string; message?: string };
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') return { refused: e.message || 'invalid_request_error' };
    throw stripeFailure(err);
  }
}

/** A refund as Stripe has it now (refunds.retrieve). */
export async function getStripeRefund(account: StripeAccount, refundId: string): Promise<StripeRefund> {
  try {
    return readRefund(await (await client(account)).refunds.retrieve(refundId));
  } catch (err) {
    throw stripeFailure(err);
  }
}
