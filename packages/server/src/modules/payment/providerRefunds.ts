import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import type { PaymentRefund, PaymentRefundList, RefundPaymentBody } from '@waystation/shared/contract/paymentRefunds';
import { type Db, queryRows } from '../../db';
import { paymentRefunds, topupIntents } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { AppError, conflict, invalid, notFound } from '../../core/errors';
import { enqueueJob, type JobSet } from '../../core/jobs';
import type { SecretBox } from '../../core/secrets';
import { writeDomainEvents } from '../../core/transition';
import { post } from '../ledger/service';
import { askProvider, checkRefundAmount, type IntentRow, REFUND_PROVIDERS, type RefundOutcome, type RefundRow, sendToProvider } from './providerRefundCalls';

/**
 * Money back to where it came from (issue #32.4). A refund of a paid gateway top-up is opened inside the caller's
 * transaction (the member's balance debited by the ledger, the row 'sending'), then sent to the provider after commit
 * with the refund number as the provider's idempotency key, and followed by a job until the provider says it is final.
 * A refund the provider fails credits the balance back, once. The sandbox provider is not refunded this way: it took
 * no money (demo mode only), so there is nothing to send back.
 */

/** Refunds not failed: what they hold is no longer refundable. */
const LIVE = ['sending', 'pending', 'succeeded'];
/** A 'sending' refund older than this was left by a crash between the commit and the provider's call: the job sends it. */
const RESEND_AFTER_MS = 60_000;

const refundNoOf = (id: number) => `PR${String(id).padStart(10, '0')}`;
const providerActor = (provider: string): Actor => ({ id: null, name: `支付退款 ${provider}`, ip: '' });

export interface OpenRefundInput {
  intentNo?: string;
  intentId?: number;
  /** Minor units of the intent's currency. */
  amount: number;
  remark: string;
  /** What the refund is for (e.g. an after-sales refund), kept on the row. */
  sourceType?: string;
  sourceId?: string | number;
}

/** What is left to refund of an intent: what the member paid the provider (amount and fee) less the refunds not failed. */
export async function intentRefundable(db: Db, intent: IntentRow): Promise<number> {
  const [r] = await db
    .select({ sum: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.intentId, intent.id), inArray(paymentRefunds.status, LIVE)));
  return intent.amount + intent.fee - Number(r?.sum ?? 0);
}

/**
 * Opens a refund of a paid gateway top-up in the caller's transaction `tx`: at most what is left to refund of it, in
 * its currency; the member's balance is debited by the amount (a short balance is a 409 and nothing is written); the
 * row is 'sending' and audited. Send it with sendPaymentRefund after the transaction commits.
 */
export async function openPaymentRefund(tx: Db, actor: Actor, input: OpenRefundInput, now: Date): Promise<RefundRow> {
  const where = input.intentId !== undefined ? eq(topupIntents.id, input.intentId) : eq(topupIntents.intentNo, input.intentNo ?? '');
  // The intent's row lock makes two refunds of it at once see each other's amounts.
  const [intent] = await tx.select().from(topupIntents).where(where).for('update');
  if (!intent) throw notFound('充值单不存在');
  if (!intent.channelId || !REFUND_PROVIDERS.has(intent.provider)) throw conflict('只有经支付网关（Stripe、支付宝、PayPal）付款的充值单可以原路退回');
  if (intent.status !== 'paid' || !intent.providerRef) throw conflict('充值单未付款，不能原路退回');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('amount', '退款金额必须大于 0');
  const refundable = await intentRefundable(tx, intent);
  if (input.amount > refundable) throw invalid('amount', `退款金额超过可退金额 ${minorToDecimal(Math.max(refundable, 0))} ${intent.currency}`);
  checkRefundAmount(intent, input.amount);
  const [seq] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('payment_refunds', 'id')) as id`);
  const id = Number(seq!.id);
  const refundNo = refundNoOf(id);
  const debit = await post(
    tx,
    {
      ownerType: 'member',
      ownerId: intent.memberId,
      kind: 'balance',
      currency: intent.currency,
      amount: -input.amount,
      type: 'refund',
      refType: 'recharge',
      refId: intent.intentNo,
      remark: `原路退回 ${refundNo}（${intent.provider}）：${input.remark}`.slice(0, 200),
      idempotencyKey: `payment_refund:${id}`,
      operator: actor,
    },
    now,
  ).catch((err: unknown) => {
    if (err instanceof AppError && err.message === '余额不足') {
      throw conflict(`会员余额不足：原路退回 ${minorToDecimal(input.amount)} ${intent.currency} 需先从余额扣回，请先核对会员余额`);
    }
    throw err;
  });
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      id,
      refundNo,
      intentId: intent.id,
      memberId: intent.memberId,
      provider: intent.provider,
      amount: input.amount,
      currency: intent.currency,
      status: 'sending',
      remark: input.remark,
      sourceType: input.sourceType ?? '',
      sourceId: input.sourceId === undefined ? '' : String(input.sourceId),
      debitEntryId: debit.entry.id,
      operatorId: actor.id,
      operatorName: actor.name,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeAudit(
    tx,
    actor,
    {
      action: 'payment.refund.open',
      targetType: 'paymentRefund',
      targetId: refundNo,
      after: { intentNo: intent.intentNo, provider: intent.provider, amount: input.amount, currency: intent.currency, remark: input.remark },
    },
    now,
  );
  return row!;
}

/**
 * The provider's answer applied once, under the row's lock: 'pending' keeps following it; 'succeeded' and 'failed' are
 * final, each audited with a domain event (topup.refund.succeeded / .failed); 'failed' credits the balance back
 * (ledger key payment_refund_back:<id>, so never twice).
 */
async function applyOutcome(db: Db, id: number, outcome: RefundOutcome, now: Date): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update');
    if (!row) throw notFound('退款单不存在');
    if (row.status === 'succeeded' || row.status === 'failed') return row;
    const providerRef = outcome.providerRef || row.providerRef;
    if (outcome.status === 'pending') {
      const [moved] = await tx
        .update(paymentRefunds)
        .set({ status: 'pending', providerRef, failure: '', updatedAt: now })
        .where(eq(paymentRefunds.id, id))
        .returning();
      return moved!;
    }
    const actor = providerActor(row.provider);
    const [intent] = await tx.select({ intentNo: topupIntents.intentNo }).from(topupIntents).where(eq(topupIntents.id, row.intentId));
    let backEntryId: number | null = null;
    if (outcome.status === 'failed') {
      const back = await post(
        tx,
        {
          ownerType: 'member',
          ownerId: row.memberId,
          kind: 'balance',
          currency: row.currency,
          amount: row.amount,
          type: 'refund',
          refType: 'recharge',
          refId: intent?.intentNo ?? '',
          remark: `原路退回 ${row.refundNo} 失败，退回余额`,
          idempotencyKey: `payment_refund_back:${row.id}`,
          operator: actor,
        },
        now,
      );
      backEntryId = back.entry.id;
    }
    const [moved] = await tx
      .update(paymentRefunds)
      .set({ status: outcome.status, providerRef, failure: outcome.failure ?? '', backEntryId, settledAt: now, updatedAt: now })
      .where(eq(paymentRefunds.id, id))
      .returning();
    const data = { intentNo: intent?.intentNo ?? '', amount: row.amount, currency: row.currency, provider: row.provider };
    await writeAudit(
      tx,
      actor,
      {
        action: `payment.refund.${outcome.status}`,
        targetType: 'paymentRefund',
        targetId: row.refundNo,
        before: { status: row.status },
        after: { ...data, status: outcome.status, failure: outcome.failure ?? '' },
      },
      now,
    );
    await writeDomainEvents(
      tx,
      { name: 'topup.refund', targetType: 'paymentRefund' },
      outcome.status,
      [{ id: row.id, from: row.status, to: outcome.status, member: row.memberId, ref: row.refundNo }],
      { op: { actor, now }, eventData: data },
    );
    return moved!;
  });
}

/** What went wrong at an attempt, kept on the row (its state unchanged: the job tries again). */
async function noteFailure(db: Db, row: RefundRow, err: unknown, now: Date): Promise<RefundRow> {
  const failure = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const [kept] = await db
    .update(paymentRefunds)
    .set({ failure, updatedAt: now })
    .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, row.status)))
    .returning();
  return kept ?? row;
}

async function rowAndIntent(db: Db, id: number): Promise<{ row: RefundRow; intent: IntentRow }> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  if (!row) throw notFound('退款单不存在');
  const [intent] = await db.select().from(topupIntents).where(eq(topupIntents.id, row.intentId));
  if (!intent) throw notFound('充值单不存在');
  return { row, intent };
}

/**
 * Sends a 'sending' refund to its provider, outside any transaction (call it after openPaymentRefund's commits), and
 * records the answer: 'pending', or straight 'succeeded' / 'failed'. A provider that cannot be reached leaves it
 * 'sending' with the reason in `failure`, for followPaymentRefunds to send again. Other states are returned as they are.
 */
export const sendPaymentRefund = (db: Db, secrets: SecretBox, id: number, now: Date) => advance(db, secrets, id, now, 'sending');

/** One call to the provider for a refund still in `from` ('sending': send it; 'pending': ask about it), its answer recorded. */
async function advance(db: Db, secrets: SecretBox, id: number, now: Date, from: 'sending' | 'pending'): Promise<RefundRow> {
  const { row, intent } = await rowAndIntent(db, id);
  if (row.status !== from) return row;
  let outcome: RefundOutcome;
  try {
    outcome = await (from === 'sending' ? sendToProvider : askProvider)(db, secrets, row, intent, now);
  } catch (err) {
    return noteFailure(db, row, err, now);
  }
  return applyOutcome(db, id, outcome, now);
}

/**
 * The follow-up job: sends the refunds left 'sending' for over a minute (the server stopped between the commit and the
 * call, or the provider could not be reached), and asks about the 'pending' ones, oldest first, until final.
 */
export async function followPaymentRefunds(db: Db, secrets: SecretBox, now: Date): Promise<{ sent: number; checked: number; settled: number }> {
  const due = await db
    .select({ id: paymentRefunds.id, status: paymentRefunds.status, updatedAt: paymentRefunds.updatedAt })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, ['sending', 'pending']))
    .orderBy(asc(paymentRefunds.updatedAt), asc(paymentRefunds.id))
    .limit(200);
  const out = { sent: 0, checked: 0, settled: 0 };
  for (const r of due) {
    if (r.status === 'sending' && r.updatedAt.getTime() > now.getTime() - RESEND_AFTER_MS) continue;
    const after = await advance(db, secrets, r.id, now, r.status as 'sending' | 'pending');
    if (r.status === 'sending') out.sent++;
    else out.checked++;
    if (after.status === 'succeeded' || after.status === 'failed') out.settled++;
  }
  return out;
}

const FOLLOW_KIND = 'payment.followRefunds';
const FOLLOW_EVERY_MS = 5 * 60_000;

/**
 * Every five minutes, one runner follows the refunds not final (the job's key is its five-minute slot); a slot with
 * none to follow adds no job, so the job lists are not filled with empty runs.
 */
export const paymentRefundJobs = (secrets: SecretBox): JobSet => ({
  kinds: [{ kind: FOLLOW_KIND, run: (_job, { db, now }) => followPaymentRefunds(db, secrets, now()) }],
  schedule: async (db, now) => {
    const [open] = await db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.status, ['sending', 'pending']))
      .limit(1);
    if (!open) return;
    const slot = new Date(Math.floor(now.getTime() / FOLLOW_EVERY_MS) * FOLLOW_EVERY_MS);
    await enqueueJob(db, { kind: FOLLOW_KIND, key: `${FOLLOW_KIND}:${slot.toISOString().slice(0, 16)}`, runAt: now }, now);
  },
});

// ---------------------------------------------------------------- the staff calls

const toView = (r: RefundRow, intentNo: string): PaymentRefund => ({
  id: r.id,
  refundNo: r.refundNo,
  intentNo,
  memberId: r.memberId,
  provider: r.provider,
  amount: r.amount,
  currency: r.currency,
  status: r.status as PaymentRefund['status'],
  providerRef: r.providerRef,
  failure: r.failure,
  remark: r.remark,
  sourceType: r.sourceType,
  sourceId: r.sourceId,
  operatorName: r.operatorName,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
  settledTime: r.settledAt?.toISOString() ?? null,
});

/** Staff refund a top-up to where its money came from (refund_review): opened in one transaction, then sent. */
export async function refundPayment(db: Db, secrets: SecretBox, actor: Actor, body: RefundPaymentBody, now: Date): Promise<PaymentRefund> {
  const opened = await db.transaction((tx) =>
    openPaymentRefund(tx, actor, { intentNo: body.intentNo, amount: decimalToMinor(body.amount), remark: body.remark }, now),
  );
  return toView(await sendPaymentRefund(db, secrets, opened.id, now), body.intentNo);
}

/** A top-up's refunds, newest first, with what is left to refund of it. */
export async function listPaymentRefunds(db: Db, intentNo: string): Promise<PaymentRefundList> {
  const [intent] = await db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo));
  if (!intent) throw notFound('充值单不存在');
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, intent.id)).orderBy(desc(paymentRefunds.id));
  const refundable = intent.status === 'paid' && intent.channelId && REFUND_PROVIDERS.has(intent.provider) ? await intentRefundable(db, intent) : 0;
  return { intentNo, currency: intent.currency, paid: intent.amount + intent.fee, refundable, refunds: rows.map((r) => toView(r, intentNo)) };
}

/** The refunds opened for something else (an after-sales refund's 原路退回), oldest first, as staff see them. */
export async function paymentRefundsFor(db: Db, sourceType: string, sourceId: string): Promise<PaymentRefund[]> {
  const rows = await db
    .select({ r: paymentRefunds, intentNo: topupIntents.intentNo })
    .from(paymentRefunds)
    .innerJoin(topupIntents, eq(topupIntents.id, paymentRefunds.intentId))
    .where(and(eq(paymentRefunds.sourceType, sourceType), eq(paymentRefunds.sourceId, sourceId)))
    .orderBy(asc(paymentRefunds.id));
  return rows.map(({ r, intentNo }) => toView(r, intentNo));
}
