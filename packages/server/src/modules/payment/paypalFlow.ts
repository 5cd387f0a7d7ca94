import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { TopupBody, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { Db } from '../../db';
import { paymentChannels, topupIntents } from '../../db/schema';
import { AppError, conflict, notFound } from '../../core/errors';
import type { SecretBox } from '../../core/secrets';
import { credentialsOf } from './service';
import { createTopup, failIntent, settleIntent, toIntent } from './topups';
import type { Bill } from './bills';
import {
  capturePaypalOrder,
  createPaypalOrder,
  getPaypalOrder,
  type PaypalAccount,
  paypalConfirms,
  type PaypalEvent,
  paypalEvent,
  type PaypalOrder,
  type PaypalTransmission,
  toPaypalValue,
} from './paypal';

/**
 * A top-up through a PayPal channel (issue #32): the order made at the top-up, the capture once PayPal says the buyer
 * approved it, the notifications that settle it, its expiry and what 支付对账 reads of it (gateways.ts and reconcile.ts
 * call these).
 */

type IntentRow = typeof topupIntents.$inferSelect;
type Settled = { intentNo: string; status: string };

/** A PayPal channel's account, its client secret unsealed; 40400 when the channel has no PayPal gateway. */
export async function paypalAccountOf(db: Db, secrets: SecretBox, channelId: number): Promise<PaypalAccount> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
  const keys = row ? credentialsOf(row) : {};
  if (row?.gateway !== 'paypal' || !keys.clientId || !keys.clientSecret || !keys.webhookId) throw notFound('该支付渠道未接入支付网关');
  return { clientId: keys.clientId, clientSecret: secrets.open(keys.clientSecret), webhookId: keys.webhookId, apiBase: row.apiBase };
}

/**
 * The intent, and the order whose approval link the member's browser opens (payUrl; the order id is kept to match
 * PayPal's notifications). A retry of the same request gets the same intent and, PayPal-Request-Id being the same, the
 * same order. An amount PayPal cannot take (decimals where it takes none) is refused before anything is written; an
 * order PayPal refuses fails the intent.
 */
export async function createPaypalTopup(
  db: Db,
  secrets: SecretBox,
  memberId: number,
  body: z.output<typeof TopupBody> & { channelId: number; bill?: Bill },
  fee: number,
  now: Date,
  idempotencyKey?: string,
): Promise<TopupIntent> {
  const account = await paypalAccountOf(db, secrets, body.channelId);
  toPaypalValue(body.amount + fee, body.currency);
  const { row, created } = await createTopup(
    db,
    memberId,
    { amount: body.amount, currency: body.currency, provider: 'paypal', channelId: body.channelId, fee, bill: body.bill },
    now,
    idempotencyKey,
  );
  if (row.status !== 'pending') return toIntent(row);
  try {
    const order = await createPaypalOrder(account, {
      intentNo: row.intentNo,
      total: row.amount + row.fee,
      currency: row.currency,
      description: `Waystation top-up ${row.intentNo}`,
      returnUrl: body.returnUrl,
    });
    const [saved] = await db
      .update(topupIntents)
      .set({ providerRef: order.id, updatedAt: now })
      .where(and(eq(topupIntents.id, row.id), isNull(topupIntents.providerRef)))
      .returning();
    // PayPal forgot the request id (after its 6 hours) and made another order: the first one stays the top-up's.
    if (!saved && row.providerRef !== order.id) return toIntent(row);
    return toIntent(saved ?? row, '', order.approveUrl);
  } catch (err) {
    if (created) await failIntent(db, row.id, now);
    throw err;
  }
}

/** The top-up of this channel an event names (custom_id), when the order is its own (or its order is not saved yet). */
const eventIntent = (channelId: number, ev: PaypalEvent) =>
  and(
    eq(topupIntents.provider, 'paypal'),
    eq(topupIntents.channelId, channelId),
    eq(topupIntents.intentNo, ev.intentNo),
    ev.orderId ? or(isNull(topupIntents.providerRef), eq(topupIntents.providerRef, ev.orderId)) : undefined,
  );

/** A verified outcome settles the top-up once (settleIntent: the amount and currency checked, a repeat changes nothing). */
function settle(db: Db, channelId: number, ev: PaypalEvent, outcome: { outcome: 'paid' | 'failed'; amount: number; currency: string }, now: Date) {
  return db.transaction(async (tx) => {
    const [intent] = await tx.select().from(topupIntents).where(eventIntent(channelId, ev)).for('update');
    if (!intent) throw notFound('充值单不存在');
    if (!intent.providerRef && ev.orderId) await tx.update(topupIntents).set({ providerRef: ev.orderId }).where(eq(topupIntents.id, intent.id));
    return settleIntent(tx, { ...intent, providerRef: intent.providerRef ?? ev.orderId }, outcome, now);
  });
}

/**
 * Captures an approved order of a top-up and settles the top-up by the capture PayPal answers: COMPLETED pays it,
 * DECLINED / FAILED fails it, PENDING (PayPal still reviewing) waits for PAYMENT.CAPTURE.COMPLETED or .DENIED.
 */
async function captureAndSettle(db: Db, account: PaypalAccount, intent: IntentRow, orderId: string, now: Date): Promise<Settled | { refused: string }> {
  const order = await capturePaypalOrder(account, orderId, intent.intentNo);
  if ('refused' in order) return order;
  const c = (order as PaypalOrder).capture;
  if (!c || c.status === 'PENDING') return { intentNo: intent.intentNo, status: intent.status };
  const ev: PaypalEvent = { type: 'capture', orderId, intentNo: intent.intentNo, amount: c.amount, currency: c.currency };
  const outcome = c.status === 'COMPLETED' ? ('paid' as const) : ('failed' as const);
  return settle(db, intent.channelId!, ev, { outcome, amount: c.amount, currency: c.currency }, now);
}

/**
 * PayPal's notification for a channel, confirmed by PayPal first (paypalConfirms; 40300 and nothing written
 * otherwise). CHECKOUT.ORDER.APPROVED captures the order (a capture PayPal refuses is a 409: PayPal delivers the event
 * again); PAYMENT.CAPTURE.COMPLETED pays the top-up its custom_id names, the amount checked; PAYMENT.CAPTURE.DENIED and
 * CHECKOUT.ORDER.VOIDED fail it. Other events are ignored. However often an event comes, the top-up settles once.
 */
export async function paypalCallback(
  db: Db,
  secrets: SecretBox,
  channel: string,
  rawBody: string | undefined,
  body: unknown,
  transmission: PaypalTransmission,
  now: Date,
): Promise<Settled> {
  const channelId = Number(channel);
  const account = await paypalAccountOf(db, secrets, channelId);
  if (!(await paypalConfirms(account, transmission, rawBody ?? ''))) throw new AppError(ErrorCode.FORBIDDEN, '回调签名无效');
  const ev = paypalEvent(body);
  if (ev.type === 'PAYMENT.CAPTURE.COMPLETED') return settle(db, channelId, ev, { outcome: 'paid', amount: ev.amount, currency: ev.currency }, now);
  if (ev.type === 'PAYMENT.CAPTURE.DENIED' || ev.type === 'CHECKOUT.ORDER.VOIDED') {
    return settle(db, channelId, ev, { outcome: 'failed', amount: 0, currency: '' }, now);
  }
  if (ev.type !== 'CHECKOUT.ORDER.APPROVED') return { intentNo: ev.intentNo, status: 'ignored' };
  const [intent] = await db.select().from(topupIntents).where(eventIntent(channelId, ev));
  if (!intent) throw notFound('充值单不存在');
  // Settled already (an earlier delivery captured it): nothing more to ask PayPal.
  if (intent.status !== 'pending') return { intentNo: intent.intentNo, status: intent.status };
  const settled = await captureAndSettle(db, account, intent, ev.orderId, now);
  if ('refused' in settled) throw conflict(`支付网关拒绝了这笔支付：${settled.refused}`);
  return settled;
}

/**
 * Expiry of a pending PayPal top-up (gateways.closeAtProvider): true when it may expire, false when it is left. An
 * order never approved (CREATED, PAYER_ACTION_REQUIRED) or gone needs no call: PayPal gives 6 hours to send the buyer
 * to it and 6 more to approve and capture (PayPal's Orders v2 reference, the order's `links`), far less than the
 * top-up's day, after which it cannot be paid. One PayPal says APPROVED is captured now rather than left: the buyer
 * did approve, and its notification may have been lost or its capture failed then; a capture PayPal refuses lets the
 * top-up expire. COMPLETED is left to its notification (PAYMENT.CAPTURE.COMPLETED).
 */
export async function closePaypalOrder(db: Db, secrets: SecretBox, intent: IntentRow, now: Date): Promise<boolean> {
  if (!intent.channelId || !intent.providerRef) return true;
  const account = await paypalAccountOf(db, secrets, intent.channelId);
  const order = await getPaypalOrder(account, intent.providerRef);
  if (order?.status === 'COMPLETED') return false;
  if (order?.status !== 'APPROVED') return true;
  return 'refused' in (await captureAndSettle(db, account, intent, order.id, now));
}

/**
 * 支付对账 for a PayPal channel: each top-up of the day that has an order is asked about (getOrder), a few at a time;
 * a captured one is a payment (its order id, the capture's amount). Not seen this way: a payment on the PayPal account
 * that no top-up here made (only PayPal's transaction search or activity report lists those), and a refund or
 * reversal after the capture (the capture's amount is what was received).
 */
export async function paypalPayments(db: Db, secrets: SecretBox, channelId: number, intents: IntentRow[]) {
  const account = await paypalAccountOf(db, secrets, channelId);
  const withOrder = intents.filter((i) => i.providerRef);
  const out: { id: string; amount: number; currency: string; intentNo: string }[] = [];
  for (let i = 0; i < withOrder.length; i += 4) {
    const orders = await Promise.all(withOrder.slice(i, i + 4).map((intent) => getPaypalOrder(account, intent.providerRef!)));
    orders.forEach((o, k) => {
      if (o?.capture && ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(o.capture.status)) {
        out.push({ id: o.id, amount: o.capture.amount, currency: o.capture.currency, intentNo: o.intentNo || withOrder[i + k]!.intentNo });
      }
    });
  }
  return out;
}
