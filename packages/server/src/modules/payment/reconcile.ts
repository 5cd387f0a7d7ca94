import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ReconcileChannel, ReconcileQuery, ReconcileRefundRow, ReconcileResult, ReconcileRow } from '@waystation/shared/contract/paymentReconcile';
import type { Db } from '../../db';
import { ledgerEntries, paymentChannels, paymentRefunds, topupIntents } from '../../db/schema';
import type { SecretBox } from '../../core/secrets';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { settleIntent } from './topups';
import { alipayAccountOf, stripeAccountOf } from './gateways';
import { listStripePayments, type StripePayment } from './stripe';
import { ALIPAY_CURRENCY, queryAlipayTrade } from './alipay';
import { paypalPayments } from './paypalFlow';

/** A succeeded payment as a provider's records list it (amount in our minor units). */
type ProviderPayment = StripePayment;
type IntentRow = typeof topupIntents.$inferSelect;

/** A business day (Asia/Shanghai) as the instants it spans. */
function daySpan(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+08:00`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/**
 * Alipay has no list of payments but its bill download: each top-up of the channel and day is asked about with
 * alipay.trade.query, a few at a time; the paid ones are its payments. (A payment on the app that no top-up here made
 * is not seen: only the bill would show it.)
 */
async function alipayPayments(db: Db, secrets: SecretBox, channelId: number, intents: IntentRow[], now: Date): Promise<ProviderPayment[]> {
  const account = await alipayAccountOf(db, secrets, channelId);
  const out: ProviderPayment[] = [];
  for (let i = 0; i < intents.length; i += 4) {
    const trades = await Promise.all(intents.slice(i, i + 4).map((intent) => queryAlipayTrade(account, intent.intentNo, now)));
    for (const t of trades) {
      if (t && (t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED')) {
        out.push({ id: t.tradeNo, amount: t.amount, currency: ALIPAY_CURRENCY, intentNo: t.intentNo });
      }
    }
  }
  return out;
}

/**
 * 支付对账: per gateway channel, the day's succeeded payments as the provider's own records list them (fetched now
 * through its SDK), each against what the ledger credited for its top-up (充值 rows of the intent), and the ledger's
 * credits for top-ups the provider does not list. A provider that cannot be read says why on its channel; its ledger
 * side is still shown.
 */
export async function reconcile(db: Db, secrets: SecretBox, q: ReconcileQuery, now = new Date()): Promise<ReconcileResult> {
  const { from, to } = daySpan(q.date);
  const channels = await db
    .select()
    .from(paymentChannels)
    .where(and(inArray(paymentChannels.gateway, ['stripe', 'alipay', 'paypal']), q.channelId ? eq(paymentChannels.id, q.channelId) : undefined))
    .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
  const out: ReconcileResult = { date: q.date, channels: [], rows: [], refunds: [] };
  for (const c of channels) {
    const intents = await db
      .select()
      .from(topupIntents)
      .where(and(eq(topupIntents.channelId, c.id), gte(topupIntents.createdAt, from), lt(topupIntents.createdAt, to)))
      .orderBy(asc(topupIntents.id));
    let provider: ProviderPayment[] = [];
    let error = '';
    try {
      if (c.gateway === 'alipay') provider = await alipayPayments(db, secrets, c.id, intents, now);
      else if (c.gateway === 'paypal') provider = await paypalPayments(db, secrets, c.id, intents);
      else provider = await listStripePayments(await stripeAccountOf(db, secrets, c.id), from, to);
    } catch (err) {
      error = (err as Error).message;
    }
    const credited = new Map<string, number>();
    if (intents.length) {
      const sums = await db
        .select({ refId: ledgerEntries.refId, amount: sql<string>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.type, 'recharge'),
            eq(ledgerEntries.refType, 'recharge'),
            inArray(
              ledgerEntries.refId,
              intents.map((i) => i.intentNo),
            ),
          ),
        )
        .groupBy(ledgerEntries.refId);
      for (const s of sums) if (s.refId) credited.set(s.refId, Number(s.amount));
    }
    const byRef = new Map(intents.filter((i) => i.providerRef).map((i) => [i.providerRef!, i]));
    const byNo = new Map(intents.map((i) => [i.intentNo, i]));
    const rows: ReconcileRow[] = [];
    const seen = new Set<string>();
    for (const p of provider) {
      const intent = byRef.get(p.id) ?? byNo.get(p.intentNo);
      if (intent) seen.add(intent.intentNo);
      const ledger = intent ? credited.get(intent.intentNo) : undefined;
      rows.push({
        channelId: c.id,
        channelName: c.name,
        paymentId: p.id,
        intentNo: intent?.intentNo ?? p.intentNo,
        currency: p.currency,
        providerAmount: p.amount,
        ledgerAmount: ledger ?? null,
        result: ledger === undefined ? 'missing_in_ledger' : ledger !== p.amount || intent!.currency !== p.currency ? 'amount_differs' : 'matched',
      });
    }
    if (!error) {
      for (const i of intents) {
        const ledger = credited.get(i.intentNo);
        if (ledger === undefined || seen.has(i.intentNo)) continue;
        rows.push({
          channelId: c.id,
          channelName: c.name,
          paymentId: i.providerRef ?? '',
          intentNo: i.intentNo,
          currency: i.currency,
          providerAmount: null,
          ledgerAmount: ledger,
          result: 'missing_at_provider',
        });
      }
    }
    const currencies = [...new Set([...rows.map((r) => r.currency), ...(rows.length ? [] : [c.currency])])];
    for (const currency of currencies) {
      const mine = rows.filter((r) => r.currency === currency);
      const channel: ReconcileChannel = {
        channelId: c.id,
        channelName: c.name,
        currency,
        providerTotal: mine.reduce((s, r) => s + (r.providerAmount ?? 0), 0),
        ledgerTotal: mine.reduce((s, r) => s + (r.ledgerAmount ?? 0), 0),
        payments: mine.length,
        differences: mine.filter((r) => r.result !== 'matched').length,
        error,
      };
      out.channels.push(channel);
    }
    out.rows.push(...rows);
    out.refunds.push(...(await refundsOfDay(db, c, from, to)));
  }
  return out;
}

/** The day's refunds through the channel's provider, each against the ledger rows it wrote (debit, and credit back). */
async function refundsOfDay(db: Db, c: { id: number; name: string }, from: Date, to: Date): Promise<ReconcileRefundRow[]> {
  const refunds = await db
    .select({ r: paymentRefunds, intentNo: topupIntents.intentNo })
    .from(paymentRefunds)
    .innerJoin(topupIntents, eq(topupIntents.id, paymentRefunds.intentId))
    .where(and(eq(topupIntents.channelId, c.id), gte(paymentRefunds.createdAt, from), lt(paymentRefunds.createdAt, to)))
    .orderBy(asc(paymentRefunds.id));
  const ids = refunds.flatMap(({ r }) => [r.debitEntryId, r.backEntryId]).filter((id): id is number => id !== null);
  const entries = ids.length
    ? await db.select({ id: ledgerEntries.id, amount: ledgerEntries.amount }).from(ledgerEntries).where(inArray(ledgerEntries.id, ids))
    : [];
  const amountOf = new Map(entries.map((e) => [e.id, e.amount]));
  const taken = (id: number | null) => (id === null ? 0 : -(amountOf.get(id) ?? 0));
  return refunds.map(({ r, intentNo }) => {
    const ledgerAmount = taken(r.debitEntryId) + taken(r.backEntryId);
    return {
      channelId: c.id,
      channelName: c.name,
      refundNo: r.refundNo,
      intentNo,
      providerRef: r.providerRef,
      currency: r.currency,
      amount: r.amount,
      status: r.status as ReconcileRefundRow['status'],
      ledgerAmount,
      result: ledgerAmount === (r.status === 'failed' ? 0 : r.amount) ? 'matched' : 'amount_differs',
    };
  });
}

/** What the intent's provider says now that it received for it (null: no succeeded payment). */
async function providerPaymentOf(db: Db, secrets: SecretBox, intent: IntentRow, now: Date): Promise<ProviderPayment | null> {
  if (!intent.channelId) return null;
  let found: ProviderPayment[] = [];
  if (intent.provider === 'alipay') found = await alipayPayments(db, secrets, intent.channelId, [intent], now);
  else if (intent.provider === 'paypal') found = await paypalPayments(db, secrets, intent.channelId, [intent]);
  else if (intent.provider === 'stripe' && intent.providerRef) {
    // The PaymentIntent was made with the top-up: Stripe lists it among those created around then.
    const from = new Date(intent.createdAt.getTime() - 3_600_000);
    found = await listStripePayments(await stripeAccountOf(db, secrets, intent.channelId), from, new Date(intent.createdAt.getTime() + 3_600_000));
  }
  return found.find((p) => p.id === intent.providerRef || p.intentNo === intent.intentNo) ?? null;
}

/**
 * 补记入账 of a 账本缺少 row: the provider took the money and its notification never credited it. The provider is asked
 * again now; a top-up still pending that it says it received is settled as that notification would have settled it
 * (settleIntent: the amount checked, the balance credited once, a bill paid from it), and the staff member is audited.
 */
export async function creditMissing(db: Db, secrets: SecretBox, actor: Actor, intentNo: string, now: Date): Promise<{ intentNo: string; status: string }> {
  const [intent] = await db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo));
  if (!intent) throw notFound('充值单不存在');
  if (intent.status !== 'pending') throw conflict(`充值单 ${intentNo} 不是待支付状态，无需补记`);
  const payment = await providerPaymentOf(db, secrets, intent, now).catch((err: Error) => {
    throw conflict(`暂时无法向支付服务商核实：${err.message}`);
  });
  if (!payment) throw conflict(`支付服务商没有充值单 ${intentNo} 的成功付款，不能补记`);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(topupIntents).where(eq(topupIntents.id, intent.id)).for('update');
    if (row!.status !== 'pending') throw conflict(`充值单 ${intentNo} 不是待支付状态，无需补记`);
    if (!row!.providerRef) await tx.update(topupIntents).set({ providerRef: payment.id }).where(eq(topupIntents.id, row!.id));
    const settled = await settleIntent(
      tx,
      { ...row!, providerRef: row!.providerRef ?? payment.id },
      { outcome: 'paid', amount: payment.amount, currency: payment.currency },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'payment.creditMissing',
        targetType: 'topup',
        targetId: intentNo,
        after: { paymentId: payment.id, amount: payment.amount, currency: payment.currency },
      },
      now,
    );
    return settled;
  });
}
