import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_PREFIX } from '@waystation/shared/contract/open';
import type { ProviderCallbackBody, TopupBody, TopupIntent } from '@waystation/shared/contract/openTopups';
import { ErrorCode } from '@waystation/shared/contract/common';
import { type Db, nextId } from '../../db';
import { type TopupEvent, topupMachine } from '@waystation/shared/machines/topup';
import { systemMeta, topupIntents } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import { openOr, type SecretBox } from '../../core/secrets';
import { applyTransition, type BoundMachine } from '../../core/transition';
import { post } from '../ledger/service';
import { createChannelTopup } from './gateways';
import { type Bill, payBill } from './bills';

/**
 * Balance top-ups through a payment provider. The member creates an intent; the provider tells us it was paid through
 * a signed callback, and only then is the balance credited, once per intent. The built-in sandbox provider (demo mode
 * or PAYMENT_SANDBOX=1 only: it pays without money) does a real HTTP round trip to the same callback route.
 */

const intentNoOf = (id: number) => `TU${String(id).padStart(10, '0')}`;
const SIGNATURE_TOLERANCE_S = 300;
export const SANDBOX_CALLBACK = `${OPEN_PREFIX}/payments/callback/sandbox`;

type TopupRow = typeof topupIntents.$inferSelect;

/** The top-up machine bound to its table: each outcome is a domain event (topup.paid, topup.failed) and an audit row. */
const topupRows: BoundMachine<TopupRow, TopupEvent> = {
  name: 'topup',
  table: topupIntents,
  columns: { id: topupIntents.id, status: topupIntents.status, updatedAt: topupIntents.updatedAt, member: topupIntents.memberId, ref: topupIntents.intentNo },
  transitionOf: topupMachine.transitionOf,
  toStatuses: topupMachine.toStatuses,
  describe: (r) => ({ noun: `充值单 ${r.intentNo}`, target: r.intentNo }),
  label: (status) => status,
};

/** The intent as the member API shows it; a gateway's answer adds how the member pays (Stripe's client secret, Alipay's page address). */
export const toIntent = (r: typeof topupIntents.$inferSelect, clientSecret = '', payUrl = ''): TopupIntent => ({
  intentNo: r.intentNo,
  amount: r.amount,
  currency: r.currency,
  provider: r.provider,
  status: r.status as TopupIntent['status'],
  channelId: r.channelId,
  fee: r.fee,
  total: r.amount + r.fee,
  payUrl: r.provider === 'sandbox' ? `${OPEN_PREFIX}/sandbox/pay` : payUrl,
  clientSecret,
  createTime: r.createdAt.toISOString(),
  paidTime: r.paidAt?.toISOString() ?? null,
  purpose: r.purpose,
  billRef: r.billRef,
  billStatus: r.billStatus as TopupIntent['billStatus'],
  billNote: r.billNote,
});

/**
 * A new pending intent. The caller's Idempotency-Key is stored with it: a retry of the key whose first answer was lost
 * (the server died after the insert committed) gets the same intent back, never a second one.
 */
export async function createTopup(
  db: Db,
  memberId: number,
  body: Pick<z.output<typeof TopupBody>, 'amount' | 'currency'> & { provider: string; channelId?: number; fee?: number; bill?: Bill },
  now: Date,
  idempotencyKey?: string,
): Promise<{ row: TopupRow; created: boolean }> {
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const [earlier] = await tx.select().from(topupIntents).where(eq(topupIntents.idempotencyKey, idempotencyKey));
      if (earlier) return { row: earlier, created: false };
    }
    const id = await nextId(tx, 'topup_intents');
    const [row] = await tx
      .insert(topupIntents)
      .values({
        id,
        intentNo: intentNoOf(id),
        memberId,
        provider: body.provider,
        channelId: body.channelId ?? null,
        fee: body.fee ?? 0,
        amount: body.amount,
        currency: body.currency,
        createdAt: now,
        updatedAt: now,
        idempotencyKey: idempotencyKey || null,
        ...(body.bill ? { purpose: body.bill.purpose, billRef: body.bill.ref, billOptions: body.bill.options } : {}),
      })
      .returning();
    return { row: row!, created: true };
  });
}

export async function topupOf(db: Db, memberId: number, intentNo: string): Promise<TopupIntent> {
  const [row] = await db
    .select()
    .from(topupIntents)
    .where(and(eq(topupIntents.intentNo, intentNo), eq(topupIntents.memberId, memberId)));
  if (!row) throw notFound('充值单不存在');
  return toIntent(row);
}

/** The sandbox provider's signing secret: random per database, sealed at rest. */
export async function sandboxSecret(db: Db, secrets: SecretBox, now: Date): Promise<string> {
  const key = 'payment.sandbox.secret';
  await db
    .insert(systemMeta)
    .values({ key, value: { sealed: secrets.seal(crypto.randomBytes(32).toString('base64url')) }, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, key));
  const stored = (row!.value as { sealed: string }).sealed;
  const plain = openOr(secrets, stored, null);
  if (plain !== null) return plain;
  // Sealed under another key (restored without its key): the secret is this server's alone, so a new one replaces it.
  await db
    .update(systemMeta)
    .set({ value: { sealed: secrets.seal(crypto.randomBytes(32).toString('base64url')) }, updatedAt: now })
    .where(and(eq(systemMeta.key, key), sql`${systemMeta.value}->>'sealed' = ${stored}`));
  const [fresh] = await db.select().from(systemMeta).where(eq(systemMeta.key, key));
  return secrets.open((fresh!.value as { sealed: string }).sealed);
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the scheme of the sandbox (and of our own webhooks). */
export function signPayload(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Whether a provider's callback carries a valid signature (such a call is never refused for rate: see routes). */
export async function callbackSigned(db: Db, secrets: SecretBox, body: unknown, signature: string | undefined, now: Date): Promise<boolean> {
  if (!body || typeof body !== 'object' || !signature) return false;
  return verifySignature(await sandboxSecret(db, secrets, now), JSON.stringify(body), signature, now);
}

export function verifySignature(secret: string, body: string, header: string | undefined, now: Date): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'));
}

/**
 * The sandbox "pays" a pending intent of the member: it posts the outcome, signed, to our callback URL over HTTP, as
 * a real provider would. `origin` is where this server listens.
 */
export async function sandboxPay(db: Db, secrets: SecretBox, memberId: number, intentNo: string, outcome: 'paid' | 'failed', origin: string, now: Date) {
  const intent = await topupOf(db, memberId, intentNo);
  if (intent.provider !== 'sandbox') throw conflict('该充值单不是沙箱支付');
  if (!topupMachine.transitionOf(intent.status, outcome)) return intent;
  const body = JSON.stringify({ intentNo, outcome, amount: intent.amount, currency: intent.currency });
  const res = await fetch(`${origin}${SANDBOX_CALLBACK}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signPayload(await sandboxSecret(db, secrets, now), body, now) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel().catch(() => {});
  if (!res.ok) throw new AppError(ErrorCode.CONFLICT, `沙箱支付回调失败：HTTP ${res.status}`);
  return topupOf(db, memberId, intentNo);
}

/**
 * A provider's callback: the signature must match, the amount and currency must be the intent's. A paid intent
 * credits the balance once (the ledger key is the intent's); a repeated callback changes nothing.
 */
export async function providerCallback(db: Db, secrets: SecretBox, body: z.output<typeof ProviderCallbackBody>, signature: string | undefined, now: Date) {
  if (!verifySignature(await sandboxSecret(db, secrets, now), JSON.stringify(body), signature, now)) throw new AppError(ErrorCode.FORBIDDEN, '回调签名无效');
  return db.transaction(async (tx) => {
    const [intent] = await tx.select().from(topupIntents).where(eq(topupIntents.intentNo, body.intentNo)).for('update');
    if (!intent) throw notFound('充值单不存在');
    return settleIntent(tx, intent, body, now);
  });
}

/**
 * A provider's verified outcome for an intent read FOR UPDATE: a repeat, or a late outcome for an intent no longer
 * pending, changes nothing. Paid: the amount and currency must be what was asked (the amount plus the channel's fee);
 * the member's balance gains the whole payment as a recharge and the fee is then charged from it, each once (ledger
 * keys are the intent's); a payment for a bill then pays the bill from it (payBill).
 */
export async function settleIntent(
  tx: Db,
  intent: TopupRow,
  paid: { outcome: 'paid' | 'failed' | 'expired'; amount: number; currency: string },
  now: Date,
): Promise<{ intentNo: string; status: string }> {
  const event: TopupEvent = paid.outcome === 'paid' ? 'paid' : paid.outcome === 'expired' ? 'expire' : 'failed';
  if (!topupMachine.transitionOf(intent.status, event)) return { intentNo: intent.intentNo, status: intent.status };
  const total = intent.amount + intent.fee;
  if (event === 'paid' && (paid.amount !== total || paid.currency !== intent.currency)) throw conflict('回调金额与充值单不符');
  const actor = { id: null, name: `支付回调 ${intent.provider}`, ip: '' };
  let bill = {};
  if (event === 'paid') {
    const money = { ownerType: 'member' as const, ownerId: intent.memberId, kind: 'balance' as const, currency: intent.currency, refId: intent.intentNo };
    await post(
      tx,
      {
        ...money,
        amount: total,
        type: 'recharge',
        refType: 'recharge',
        remark: `充值 ${intent.intentNo}（${intent.provider}）`,
        idempotencyKey: `topup-${intent.intentNo}`,
        operator: actor,
      },
      now,
    );
    if (intent.fee > 0) {
      await post(
        tx,
        {
          ...money,
          amount: -intent.fee,
          type: 'payment_fee',
          refType: 'recharge',
          remark: `充值 ${intent.intentNo} 支付手续费`,
          idempotencyKey: `topup-fee-${intent.intentNo}`,
          operator: actor,
        },
        now,
      );
    }
    if (intent.purpose !== 'recharge') bill = await payBill(tx, intent, now);
  }
  const { row } = await applyTransition(tx, topupRows, intent, {
    event,
    op: { actor, now },
    set: { paidAt: event === 'paid' ? now : null, ...bill },
    audit: { amount: intent.amount, ...(intent.fee ? { fee: intent.fee } : {}) },
    eventData: { amount: intent.amount, currency: intent.currency, ...(intent.fee ? { fee: intent.fee } : {}) },
  });
  return { intentNo: intent.intentNo, status: row.status };
}

/**
 * The member API's top-up calls on this server: the sandbox provider answers only where it is switched on
 * (`paymentSandbox`; else 403 沙箱支付未开启), before anything else is read.
 */
export function memberTopups(db: Db, secrets: SecretBox, sandbox: boolean) {
  const sandboxOn = () => {
    if (!sandbox) throw forbidden('沙箱支付未开启');
  };
  return {
    create: async (memberId: number, body: z.output<typeof TopupBody>, now: Date, idempotencyKey?: string) => {
      if (body.channelId !== undefined) return createChannelTopup(db, secrets, memberId, { ...body, channelId: body.channelId }, now, idempotencyKey);
      sandboxOn();
      return toIntent((await createTopup(db, memberId, { ...body, provider: 'sandbox' }, now, idempotencyKey)).row);
    },
    sandboxPay: async (memberId: number, intentNo: string, outcome: 'paid' | 'failed', origin: string, now: Date) => {
      sandboxOn();
      return sandboxPay(db, secrets, memberId, intentNo, outcome, origin, now);
    },
    callback: async (body: z.output<typeof ProviderCallbackBody>, signature: string | undefined, now: Date) => {
      sandboxOn();
      return providerCallback(db, secrets, body, signature, now);
    },
  };
}

/** Fails a pending top-up whose provider refused to make its payment (the refusal is then thrown to the member). */
export async function failIntent(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [intent] = await tx.select().from(topupIntents).where(eq(topupIntents.id, id)).for('update');
    if (intent) await settleIntent(tx, intent, { outcome: 'failed', amount: 0, currency: intent.currency }, now);
  });
}
