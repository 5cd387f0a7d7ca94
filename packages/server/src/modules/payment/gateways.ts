import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { fromMinor } from '@waystation/shared/contract/ledger';
import type { PaymentMethods, PaymentMethodsQuery, TopupBody, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { Db } from '../../db';
import { memberProfiles, paymentChannels, topupIntents } from '../../db/schema';
import { conflict, invalid, notFound } from '../../core/errors';
import type { SecretBox } from '../../core/secrets';
import { credentialsOf, gatewayNotifyPath, previewPayment } from './service';
import { cancelStripePayment, createStripePayment, type StripeAccount, stripeNotification, stripeSigned } from './stripe';
import { type AlipayAccount, ALIPAY_CURRENCY, alipayNotification, alipayPageUrl, alipaySigned, closeAlipayTrade } from './alipay';
import { PAYPAL_CURRENCIES } from './paypal';
import { closePaypalOrder, createPaypalTopup } from './paypalFlow';
import { periodicJob, type JobSet } from '../../core/jobs';
import { createTopup, failIntent, settleIntent, toIntent } from './topups';
import type { Bill } from './bills';

/**
 * Payment channels that take money (issue #32): what a member may pay with now (the payment rules decide, the channel's
 * fee on top), a top-up through a channel's gateway, and the gateway's signed notification.
 */

/** The channels a member may use for this purpose and amount, in the rules' order, each with its fee. */
export async function paymentMethods(db: Db, memberId: number, q: z.output<typeof PaymentMethodsQuery>): Promise<PaymentMethods> {
  const [profile] = await db
    .select({ agentId: memberProfiles.agentId, levelId: memberProfiles.levelId, country: memberProfiles.country })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, memberId));
  const country = /^[A-Z]{2}$/.test(profile?.country ?? '') ? profile!.country : undefined;
  const preview = await previewPayment(db, {
    scenario: q.purpose,
    agentId: profile?.agentId ?? null,
    levelId: profile?.levelId ?? null,
    amount: q.amount,
    currency: q.currency,
    countryCode: country,
  });
  return { currency: preview.currency, amount: preview.amount, channels: preview.channels };
}

/** A channel's gateway account, its keys unsealed; 40400 when the channel has no gateway. */
export async function stripeAccountOf(db: Db, secrets: SecretBox, channelId: number): Promise<StripeAccount> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
  const keys = row ? credentialsOf(row) : {};
  if (!row || row.gateway !== 'stripe' || !keys.secretKey || !keys.webhookSecret) throw notFound('该支付渠道未接入支付网关');
  return { secretKey: secrets.open(keys.secretKey), webhookSecret: secrets.open(keys.webhookSecret), apiBase: row.apiBase };
}

/** An Alipay channel's account, its private key unsealed, with the address its notifications go to; 40400 otherwise. */
export async function alipayAccountOf(db: Db, secrets: SecretBox, channelId: number): Promise<AlipayAccount & { notifyUrl: string }> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
  const keys = row ? credentialsOf(row) : {};
  if (row?.gateway !== 'alipay' || !keys.appId || !keys.privateKey || !keys.alipayPublicKey) throw notFound('该支付渠道未接入支付网关');
  return {
    appId: keys.appId,
    privateKey: secrets.open(keys.privateKey),
    alipayPublicKey: keys.alipayPublicKey,
    apiBase: row.apiBase,
    notifyUrl: `${keys.notifyBase ?? ''}${gatewayNotifyPath('alipay', row.id)}`,
  };
}

/**
 * A top-up through a payment channel: only a channel the rules offer this member for 充值 at this amount, with a gateway;
 * the member pays the amount plus the channel's fee. The intent is written first, then the gateway's payment is made
 * (its id kept to match the notification); a gateway that refuses fails the intent.
 */
export async function createChannelTopup(
  db: Db,
  secrets: SecretBox,
  memberId: number,
  body: z.output<typeof TopupBody> & { channelId: number; bill?: Bill },
  now: Date,
  idempotencyKey?: string,
): Promise<TopupIntent> {
  const [channel] = await db.select({ gateway: paymentChannels.gateway }).from(paymentChannels).where(eq(paymentChannels.id, body.channelId));
  if (channel?.gateway === 'alipay' && body.currency !== ALIPAY_CURRENCY) throw invalid('currency', '支付宝渠道只接受人民币（CNY）');
  if (channel?.gateway === 'paypal' && !PAYPAL_CURRENCIES.has(body.currency)) throw invalid('currency', `PayPal 不支持币种：${body.currency}`);
  const methods = await paymentMethods(db, memberId, { purpose: body.bill?.purpose ?? 'recharge', amount: fromMinor(body.amount), currency: body.currency });
  const method = methods.channels.find((c) => c.id === body.channelId);
  if (!method) throw conflict(body.bill ? '该支付渠道当前不可用于这笔支付' : '该支付渠道当前不可用于这笔充值');
  if (method.gateway === 'alipay') return createAlipayTopup(db, secrets, memberId, body, method.fee, now, idempotencyKey);
  if (method.gateway === 'paypal') return createPaypalTopup(db, secrets, memberId, body, method.fee, now, idempotencyKey);
  if (method.gateway !== 'stripe') throw conflict('该支付渠道未接入支付网关，不能在线支付');
  const account = await stripeAccountOf(db, secrets, body.channelId);
  const { row, created } = await createTopup(
    db,
    memberId,
    { amount: body.amount, currency: body.currency, provider: 'stripe', channelId: body.channelId, fee: method.fee, bill: body.bill },
    now,
    idempotencyKey,
  );
  if (row.status !== 'pending') return toIntent(row);
  try {
    // A retry makes the same call with the same Idempotency-Key: Stripe answers the first PaymentIntent again, with
    // the client secret the member's page needs.
    const payment = await createStripePayment(account, {
      intentNo: row.intentNo,
      total: row.amount + row.fee,
      currency: row.currency,
      description: `Waystation top-up ${row.intentNo}`,
    });
    const [saved] = await db
      .update(topupIntents)
      .set({ providerRef: payment.id, updatedAt: now })
      .where(and(eq(topupIntents.id, row.id), isNull(topupIntents.providerRef)))
      .returning();
    return toIntent(saved ?? row, payment.clientSecret);
  } catch (err) {
    // Only the first call's refusal fails the intent: a retry's error leaves it as the first call made it.
    if (created) await failIntent(db, row.id, now);
    throw err;
  }
}

/**
 * A top-up through an Alipay channel: the intent, and the page-payment address the member's browser opens, signed
 * locally (nothing is sent to Alipay until the member pays; out_trade_no is the intent number). A retry of the same
 * request gets the same intent and a fresh address for the same trade. The address expires with the top-up.
 */
async function createAlipayTopup(
  db: Db,
  secrets: SecretBox,
  memberId: number,
  body: z.output<typeof TopupBody> & { channelId: number; bill?: Bill },
  fee: number,
  now: Date,
  idempotencyKey?: string,
): Promise<TopupIntent> {
  const account = await alipayAccountOf(db, secrets, body.channelId);
  const { row } = await createTopup(
    db,
    memberId,
    { amount: body.amount, currency: body.currency, provider: 'alipay', channelId: body.channelId, fee, bill: body.bill },
    now,
    idempotencyKey,
  );
  if (row.status !== 'pending') return toIntent(row);
  const payUrl = await alipayPageUrl(account, {
    intentNo: row.intentNo,
    total: row.amount + row.fee,
    subject: `Waystation top-up ${row.intentNo}`,
    notifyUrl: account.notifyUrl,
    returnUrl: body.returnUrl,
    expiresAt: new Date(row.createdAt.getTime() + TOPUP_TTL_MS),
    now,
  });
  return toIntent(row, '', payUrl);
}

/** Whether a Stripe notification to this channel is validly signed (it is then never refused for rate). */
export async function stripeNotifySigned(db: Db, secrets: SecretBox, channel: string, rawBody: string | undefined, signature: string | undefined) {
  const account = await stripeAccountOf(db, secrets, Number(channel)).catch(() => null);
  return !!account && rawBody !== undefined && (await stripeSigned(account, rawBody, signature));
}

/**
 * Stripe's notification for a channel: the signature is checked on the raw body with the channel's signing secret (40300
 * otherwise); a succeeded or canceled PaymentIntent settles its intent once, found by the PaymentIntent's id (or, when
 * the notification beats the id's save, by the intent number Stripe carries in the metadata). Other events are ignored.
 */
export async function stripeCallback(db: Db, secrets: SecretBox, channel: string, rawBody: string | undefined, signature: string | undefined, now: Date) {
  const channelId = Number(channel);
  const account = await stripeAccountOf(db, secrets, channelId);
  const outcome = await stripeNotification(account, rawBody ?? '', signature);
  if (!outcome) return { intentNo: '', status: 'ignored' };
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(topupIntents)
      .where(
        and(
          eq(topupIntents.provider, 'stripe'),
          eq(topupIntents.channelId, channelId),
          or(eq(topupIntents.providerRef, outcome.paymentId), and(isNull(topupIntents.providerRef), eq(topupIntents.intentNo, outcome.intentNo))),
        ),
      )
      .for('update');
    if (!intent) throw notFound('充值单不存在');
    if (!intent.providerRef) await tx.update(topupIntents).set({ providerRef: outcome.paymentId }).where(eq(topupIntents.id, intent.id));
    return settleIntent(tx, { ...intent, providerRef: outcome.paymentId }, outcome, now);
  });
}

/** The channel an Alipay notification is for: the one named (?channel=), else the one of the top-up its trade names. */
async function alipayChannelOf(db: Db, channel: string | undefined, intentNo: string): Promise<number> {
  if (channel) return Number(channel);
  const [intent] = await db
    .select({ channelId: topupIntents.channelId })
    .from(topupIntents)
    .where(and(eq(topupIntents.provider, 'alipay'), eq(topupIntents.intentNo, intentNo)));
  if (!intent?.channelId) throw notFound('充值单不存在');
  return intent.channelId;
}

/** Whether an Alipay notification is validly signed (it is then never refused for rate). */
export async function alipayNotifySigned(db: Db, secrets: SecretBox, channel: string | undefined, body: unknown) {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (!fields || !Object.values(fields).every((v) => typeof v === 'string')) return false;
  const account = await alipayChannelOf(db, channel, String(fields.out_trade_no ?? ''))
    .then((id) => alipayAccountOf(db, secrets, id))
    .catch(() => null);
  return !!account && (await alipaySigned(account, fields as Record<string, string>));
}

/**
 * Alipay's asynchronous notification: its fields' signature is checked with the Alipay public key of the channel
 * (alipayChannelOf; 40300 otherwise); TRADE_SUCCESS / TRADE_FINISHED settles the intent of out_trade_no once, the
 * amount checked against what was asked; TRADE_CLOSED fails it. Alipay's trade number is kept. Other statuses are
 * ignored.
 */
export async function alipayCallback(db: Db, secrets: SecretBox, channel: string | undefined, fields: Record<string, string>, now: Date) {
  const channelId = await alipayChannelOf(db, channel, fields.out_trade_no ?? '');
  const outcome = await alipayNotification(await alipayAccountOf(db, secrets, channelId), fields);
  if (!outcome) return { intentNo: fields.out_trade_no ?? '', status: 'ignored' };
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(topupIntents)
      .where(and(eq(topupIntents.provider, 'alipay'), eq(topupIntents.channelId, channelId), eq(topupIntents.intentNo, outcome.intentNo)))
      .for('update');
    if (!intent) throw notFound('充值单不存在');
    if (!intent.providerRef && outcome.tradeNo) await tx.update(topupIntents).set({ providerRef: outcome.tradeNo }).where(eq(topupIntents.id, intent.id));
    return settleIntent(tx, { ...intent, providerRef: intent.providerRef ?? outcome.tradeNo }, outcome, now);
  });
}

/** A top-up not paid within this expires (its provider's payment is canceled first). */
export const TOPUP_TTL_MS = 24 * 3_600_000;

/**
 * Closes a pending top-up's payment at its provider: true when it can no longer be paid (or the provider never had
 * it), false when the provider says it was paid meanwhile (its notification settles it) or cannot be reached.
 */
async function closeAtProvider(db: Db, secrets: SecretBox, intent: typeof topupIntents.$inferSelect, now: Date): Promise<boolean> {
  if (!intent.channelId) return true;
  if (intent.provider === 'stripe' && intent.providerRef) {
    const paymentId = intent.providerRef;
    return stripeAccountOf(db, secrets, intent.channelId)
      .then((account) => cancelStripePayment(account, paymentId))
      .catch(() => false);
  }
  if (intent.provider === 'alipay') {
    return alipayAccountOf(db, secrets, intent.channelId)
      .then((account) => closeAlipayTrade(account, intent.intentNo, now))
      .catch(() => false);
  }
  if (intent.provider === 'paypal') return closePaypalOrder(db, secrets, intent, now).catch(() => false);
  return true;
}

/**
 * Expires the top-ups left pending past TOPUP_TTL_MS, oldest first: a gateway's payment is canceled at the provider
 * first, so it can never be paid after; one the provider can no longer cancel (paid meanwhile) is left to its
 * notification (a PayPal order the buyer approved is captured instead: closePaypalOrder). A provider that cannot be
 * reached leaves the intent for the next run.
 */
export async function expireTopups(db: Db, secrets: SecretBox, now: Date): Promise<{ expired: number; left: number }> {
  const due = await db
    .select()
    .from(topupIntents)
    .where(and(eq(topupIntents.status, 'pending'), lte(topupIntents.createdAt, new Date(now.getTime() - TOPUP_TTL_MS))))
    .orderBy(asc(topupIntents.id))
    .limit(200);
  let expired = 0;
  for (const intent of due) {
    if (!(await closeAtProvider(db, secrets, intent, now))) continue;
    const settled = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(topupIntents).where(eq(topupIntents.id, intent.id)).for('update');
      return row ? settleIntent(tx, row, { outcome: 'expired', amount: 0, currency: row.currency }, now) : null;
    });
    if (settled?.status === 'expired') expired++;
  }
  return { expired, left: due.length - expired };
}

/** Once an hour, one runner expires the unpaid top-ups. */
export const paymentJobs = (secrets: SecretBox): JobSet => periodicJob('payment.expireTopups', 'hour', (_job, { db, now }) => expireTopups(db, secrets, now()));
