import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { NotifyEvent } from '@waystation/shared/vocab/config-content';
import { type Db, queryRows } from '../../db';
import {
  domainEvents,
  eventDeliveries,
  members,
  notifyChannels,
  packages,
  purchaseOrders,
  refundRequests,
  shipChannels,
  shopOrders,
  warehouseItems,
  webhookEndpoints,
} from '../../db/schema';
import { safeFetch } from '../../core/outbound';
import type { SecretBox } from '../../core/secrets';
import { sendThrough } from './service';
import { signPayload } from '../payment/topups';
import { isActive } from '../../core/status';

/**
 * Events out (issue 13). Transitions write domain events in their own transaction (core/transition.ts). The pump
 * fans each new event out once — one delivery row per subscribed webhook endpoint and per member notification — in
 * one transaction that also marks the event dispatched, so a crash anywhere neither loses nor doubles a fan-out.
 * Deliveries are then attempted with back-off; webhooks are signed with the endpoint's secret.
 */

/** Which member notification an event fires (SPEC's notify events); events without one only go to webhooks. */
export const NOTIFY_ON: Record<string, NotifyEvent> = {
  'purchase.purchase': 'purchased',
  'purchase.inbound': 'arrived',
  'purchase.patch_request': 'price_patch',
  'package.ship': 'package_shipped',
  'package.patch_request': 'freight_patch',
  'purchase.refund': 'refund_done',
  'afterSales.refund.pass': 'refund_done',
  'member.storage_reminder': 'storage_reminder',
  'member.storage_fee_warning': 'storage_fee_warning',
  'purchase.qc_hold': 'qc_problem',
  'package.pretrial_fail': 'pretrial_failed',
};

const MAX_ATTEMPTS = 10;
const DELIVERY_LEASE_MS = 20_000;
const PARALLEL_DELIVERIES = 8;
const DELIVERY_BATCH = 50;
/** 10 s, 20 s, 40 s … capped at 6 hours. */
export const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** Fans out up to `limit` undispatched events; returns how many. Safe to run on several servers at once. */
export async function dispatchEvents(db: Db, now: Date, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await queryRows<{ id: string | number; type: string }>(
      tx,
      sql`select id, type from domain_events where dispatched_at is null order by id limit ${limit} for update skip locked`,
    );
    if (!events.length) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.status, 'activity'));
    const channels = await tx
      .select({ id: notifyChannels.id, events: notifyChannels.events })
      .from(notifyChannels)
      .where(eq(notifyChannels.status, 'activity'));
    const rows: (typeof eventDeliveries.$inferInsert)[] = [];
    for (const e of events) {
      const eventId = Number(e.id);
      for (const ep of endpoints) {
        if (ep.events.length && !ep.events.includes(e.type) && !ep.events.includes('*')) continue;
        rows.push({ eventId, target: 'webhook', targetId: ep.id, nextAttemptAt: now, createdAt: now, updatedAt: now });
      }
      const notify = NOTIFY_ON[e.type];
      if (notify)
        for (const ch of channels) {
          if (!(ch.events as string[]).includes(notify)) continue;
          rows.push({ eventId, target: 'notify', targetId: ch.id, nextAttemptAt: now, createdAt: now, updatedAt: now });
        }
    }
    if (rows.length) await tx.insert(eventDeliveries).values(rows).onConflictDoNothing();
    await tx
      .update(domainEvents)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          domainEvents.id,
          events.map((e) => Number(e.id)),
        ),
      );
    return events.length;
  });
}

type EventRow = typeof domainEvents.$inferSelect;

/** What a webhook receiver gets: the event as recorded, with the member's code. */
export function webhookBody(e: EventRow, userCode: string | null) {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    entityType: e.entityType,
    entityId: e.entityId,
    memberId: e.memberId,
    userCode,
    data: e.data,
    createdAt: e.createdAt.toISOString(),
  });
}

/** The template values of a notification: the facts of the line or package the event is about. */
async function notifyValues(
  db: Db,
  e: EventRow,
): Promise<{ values: Record<string, string>; member: { name: string; email: string; userCode: string } | null }> {
  const [m] = e.memberId
    ? await db.select({ name: members.name, email: members.email, userCode: members.userCode }).from(members).where(eq(members.id, e.memberId))
    : [];
  const values: Record<string, string> = { memberName: m?.name ?? '' };
  const yuan = (minor: number) => (minor / 100).toFixed(2);
  if (e.entityType === 'purchase') {
    const [l] = await db
      .select({ l: purchaseOrders, orderNo: shopOrders.orderNo, weightG: warehouseItems.weightG })
      .from(purchaseOrders)
      .innerJoin(shopOrders, eq(shopOrders.id, purchaseOrders.orderId))
      .leftJoin(warehouseItems, eq(warehouseItems.purchaseId, purchaseOrders.id))
      .where(eq(purchaseOrders.id, Number(e.entityId)));
    if (l) {
      Object.assign(values, { orderNo: l.orderNo, goodsName: l.l.title, weightG: String(l.weightG ?? ''), currency: l.l.currency });
      values.amount = yuan(e.type === 'purchase.refund' ? l.l.refundedAmount : l.l.patchAmount);
    }
  } else if (e.entityType === 'package') {
    const [p] = await db
      .select({ p: packages, channelName: shipChannels.name })
      .from(packages)
      .leftJoin(shipChannels, eq(shipChannels.id, packages.channelId))
      .where(eq(packages.id, Number(e.entityId)));
    if (p)
      Object.assign(values, {
        packageNo: p.p.packageNo,
        channelName: p.channelName ?? '',
        trackingNo: p.p.trackingNo,
        amount: yuan(p.p.patchAmount),
        currency: p.p.currency,
      });
  } else if (e.entityType === 'member') {
    Object.assign(values, { itemCount: String(e.data.itemCount ?? ''), days: String(e.data.days ?? '') });
    if (e.data.perDay !== undefined) Object.assign(values, { amount: yuan(Number(e.data.perDay)), currency: String(e.data.currency ?? '') });
  } else if (e.entityType === 'refund') {
    const [r] = await db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, Number(e.entityId)));
    if (r) Object.assign(values, { orderNo: r.sourceNo || r.refundNo, amount: yuan(r.amount), currency: r.currency });
  }
  // The amounts of the moment the event was raised (a top-up paid since has zeroed the row's own).
  if (typeof e.data.amount === 'number') values.amount = yuan(e.data.amount);
  if (typeof e.data.currency === 'string') values.currency = e.data.currency;
  if (typeof e.data.problem === 'string') values.problem = e.data.problem;
  // A failed pre-review's reason is the transition's note.
  if (e.type === 'package.pretrial_fail' && typeof e.data.note === 'string') values.reason = e.data.note;
  return { values, member: m ?? null };
}

type DeliveryRow = typeof eventDeliveries.$inferSelect;

async function attempt(
  db: Db,
  secrets: SecretBox,
  d: DeliveryRow,
  now: () => Date,
): Promise<{ ok: boolean; status: number | null; error: string; permanent?: boolean }> {
  const [e] = await db.select().from(domainEvents).where(eq(domainEvents.id, d.eventId));
  if (!e) return { ok: false, status: null, error: '事件不存在' };
  if (d.target === 'webhook') {
    const [ep] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.targetId));
    if (!isActive(ep)) return { ok: false, status: null, error: '推送地址已停用' };
    const [m] = e.memberId ? await db.select({ userCode: members.userCode }).from(members).where(eq(members.id, e.memberId)) : [];
    const body = webhookBody(e, m?.userCode ?? null);
    try {
      const res = await safeFetch(ep.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Waystation-Event': e.type,
          'X-Waystation-Event-Id': String(e.id),
          'X-Waystation-Delivery': String(d.id),
          'X-Waystation-Signature': signPayload(secrets.open(ep.secret), body, now()),
        },
        body,
        timeoutMs: 10_000,
      });
      await res.body?.cancel().catch(() => {});
      return { ok: res.ok, status: res.status, error: res.ok ? '' : `对方返回 HTTP ${res.status}` };
    } catch (err) {
      const name = (err as { name?: string }).name;
      return { ok: false, status: null, error: name === 'TimeoutError' ? '超时' : (err as Error).message || '连接失败' };
    }
  }
  const [ch] = await db.select().from(notifyChannels).where(eq(notifyChannels.id, d.targetId));
  const notify = NOTIFY_ON[e.type];
  if (!notify || !isActive(ch)) return { ok: false, status: null, error: '通知渠道已停用' };
  const { values, member } = await notifyValues(db, e);
  const recipient = ch.type === 'email' ? (member?.email ?? '') : (member?.userCode ?? '');
  const { error, permanent } = await sendThrough(db, secrets, ch, notify, values, recipient, now);
  return { ok: !error, status: null, error, permanent };
}

/** Attempts the due deliveries (oldest first), each claimed by a conditional update so two servers never both send it. */
export async function deliverDue(
  db: Db,
  secrets: SecretBox,
  now: () => Date,
  limit = DELIVERY_BATCH,
): Promise<{ delivered: number; failed: number; attempted: number }> {
  const due = await db
    .select()
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.status, 'pending'), lte(eventDeliveries.nextAttemptAt, now())))
    .orderBy(asc(eventDeliveries.nextAttemptAt), asc(eventDeliveries.id))
    .limit(limit);
  let delivered = 0;
  let failed = 0;
  const one = async (d: DeliveryRow) => {
    // The claim pushes the next attempt out of reach of other servers while this one tries (a dead server's claim
    // comes due again when the lease ends; an attempt times out well before it).
    const lease = new Date(now().getTime() + DELIVERY_LEASE_MS);
    const [claimed] = await db
      .update(eventDeliveries)
      .set({ nextAttemptAt: lease, attempts: d.attempts + 1, updatedAt: now() })
      .where(and(eq(eventDeliveries.id, d.id), eq(eventDeliveries.status, 'pending'), eq(eventDeliveries.attempts, d.attempts)))
      .returning();
    if (!claimed) return;
    const r = await attempt(db, secrets, claimed, now);
    const at = now();
    if (r.ok) delivered++;
    else failed++;
    // A failure no retry can mend (a channel secret this server cannot unseal) ends the delivery at once.
    const gaveUp = !r.ok && (r.permanent || claimed.attempts >= MAX_ATTEMPTS);
    await db
      .update(eventDeliveries)
      .set({
        status: r.ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
        deliveredAt: r.ok ? at : null,
        lastStatus: r.status,
        lastError: r.error.slice(0, 500),
        nextAttemptAt: r.ok || gaveUp ? at : new Date(at.getTime() + backoffMs(claimed.attempts)),
        updatedAt: at,
      })
      .where(eq(eventDeliveries.id, claimed.id));
  };
  // Several at once: one slow receiver does not hold up the others. An endpoint's deliveries stay in event order
  // within one lane only, so receivers order by the event id, not by arrival.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_DELIVERIES, due.length) }, async () => {
      while (next < due.length) await one(due[next++]!);
    }),
  );
  return { delivered, failed, attempted: due.length };
}

/**
 * The events pump of one server: every `intervalMs` (and at once when a request wrote events, via nudge) it fans out
 * new events and attempts due deliveries. Several servers may run it: claims keep them from doing the same work.
 */
export function createEventPump(db: Db, secrets: SecretBox, now: () => Date) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let log: (err: unknown) => void = () => {};
  const cycle = async () => {
    do {
      again = false;
      while ((await dispatchEvents(db, now())) > 0) {}
      // A full batch may have more behind it; attempts that failed are due later, so this ends.
      while ((await deliverDue(db, secrets, now)).attempted === DELIVERY_BATCH) {}
    } while (again);
  };
  const tick = () => {
    if (running) {
      again = true;
      return running;
    }
    running = cycle()
      .catch((err) => log(err))
      .finally(() => (running = null));
    return running;
  };
  return {
    start(o: { intervalMs?: number; log?: (err: unknown) => void } = {}) {
      if (o.log) log = o.log;
      timer = setInterval(tick, o.intervalMs ?? 1_000);
      timer.unref();
    },
    /** Runs one cycle now (tests; a request that just wrote events). */
    run: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
export type EventPump = ReturnType<typeof createEventPump>;

// ---------------------------------------------------------------- webhook endpoints (staff)

export const newWebhookSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;

/** Events not yet fanned out and their age: the delivery lag an operator watches. */
export async function pumpBacklog(db: Db, now: Date): Promise<{ pending: number; oldestAgeMs: number }> {
  const [r] = await db
    .select({ pending: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${domainEvents.createdAt})` })
    .from(domainEvents)
    .where(isNull(domainEvents.dispatchedAt));
  return { pending: r?.pending ?? 0, oldestAgeMs: r?.oldest ? now.getTime() - new Date(r.oldest).getTime() : 0 };
}
