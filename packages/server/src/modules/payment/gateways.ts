import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { fromMinor } from '@waystation/shared/contract/ledger';
import type { PaymentMethods, PaymentMethodsQuery, TopupBody, TopupIntent } from '@waystation/shared/contract/openTopups';
import type { Db } from '../../db';
import { memberProfiles, paymentChannels, topupIntents } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import type { SecretBox } from '../../core/secrets';
import { credentialsOf, previewPayment } from './service';
import { cancelStripePayment, createStripePayment, type StripeAccount, stripeNotification, stripeSigned } from './stripe';
import { periodicJob, type JobSet } from '../../core/jobs';
import { createTopup, settleIntent, toIntent } from './topups';

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

/**
 * A top-up through a payment channel: only a channel the rules offer this member for 充值 at this amount, with a gateway;
 * the member pays the amount plus the channel's fee. The intent is written first, then the gateway's payment is made
 * (its id kept to match the notification); a gateway that refuses fails the intent.
 */
export async function createChannelTopup(
  db: Db,
  secrets: SecretBox,
  memberId: number,
  body: z.output<typeof TopupBody> & { channelId: number },
  now: Date,
  idempotencyKey?: string,
): Promise<TopupIntent> {
  const methods = await paymentMethods(db, memberId, { purpose: 'recharge', amount: fromMinor(body.amount), currency: body.currency });
  const method = methods.channels.find((c) => c.id === body.channelId);
  if (!method) throw conflict('该支付渠道当前不可用于这笔充值');
  if (method.gateway !== 'stripe') throw conflict('该支付渠道未接入支付网关，不能在线支付');
  const account = await stripeAccountOf(db, secrets, body.channelId);
  const { row, created } = await createTopup(
    db,
    memberId,
    { amount: body.amount, currency: body.currency, provider: 'stripe', channelId: body.channelId, fee: method.fee },
    now,
    idempotencyKey,
  );
  if (!created) return toIntent(row);
  try {
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
    await db.transaction(async (tx) => {
      const [intent] = await tx.select().from(topupIntents).where(eq(topupIntents.id, row.id)).for('update');
      if (intent) await settleIntent(tx, intent, { outcome: 'failed', amount: 0, currency: intent.currency }, now);
    });
    throw err;
  }
}

/** Whether a Stripe notification to this channel is validly signed (it is then never refused for rate). */
export async function stripeNotifySigned(db: Db, secrets: SecretBox, channel: string, rawBody: string | undefined, signature: string | undefined) {
  const account = await stripeAccountOf(db, secrets, Number(channel)).catch(() => null);
  return !!account && rawBody !== undefined && stripeSigned(account, rawBody, signature);
}

/**
 * Stripe's notification for a channel: the signature is checked on the raw body with the channel's signing secret (40300
 * otherwise); a succeeded or canceled PaymentIntent settles its intent once, found by the PaymentIntent's id (or, when
 * the notification beats the id's save, by the intent number Stripe carries in the metadata). Other events are ignored.
 */
export async function stripeCallback(db: Db, secrets: SecretBox, channel: string, rawBody: string | undefined, signature: string | undefined, now: Date) {
  const channelId = Number(channel);
  const account = await stripeAccountOf(db, secrets, channelId);
  const outcome = stripeNotification(account, rawBody ?? '', signature);
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

/** A top-up not paid within this expires (its provider's payment is canceled first). */
export const TOPUP_TTL_MS = 24 * 3_600_000;

/**
 * Expires the top-ups left pending past TOPUP_TTL_MS, oldest first: a gateway's payment is canceled at the provider
 * first, so it can never be paid after; one the provider can no longer cancel (paid meanwhile) is left to its
 * notification. A provider that cannot be reached leaves the intent for the next run.
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
    if (intent.provider === 'stripe' && intent.providerRef && intent.channelId) {
      const canceled = await stripeAccountOf(db, secrets, intent.channelId)
        .then((account) => cancelStripePayment(account, intent.providerRef!))
        .catch(() => false);
      if (!canceled) continue;
    }
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
