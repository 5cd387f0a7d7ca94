import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { NotifyEvent } from '@waystation/shared/vocab/config-content';
import { type Db, queryRows } from '../../db';
import {
  domainEvents,
  eventDeliveries,
  members,
  notifyChannels,
  notifyTemplates,
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
import { sendThrough, type TemplateRow } from './service';
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
  // The tracking job (goodsOut/tracking.ts): the carrier delivered the parcel, or reports it in trouble.
  'package.delivered': 'package_delivered',
  'package.tracking_problem': 'tracking_problem',
};

const MAX_ATTEMPTS = 10;
const DELIVERY_LEASE_MS = 20_000;
/** Notifications sent at once; each reads and writes the database, and a mail server takes its time. */
const PARALLEL_NOTIFICATIONS = 8;
/**
 * A batch's webhooks go out all at once: on a busy server each round trip waits behind the server's own work, so the
 * rounds cost, not the requests (8 at a time, 50 webhooks took 3.2 s at the start of a simulated day; all at once, 0.2 s).
 * A batch of 200 rather than 50 takes a burst of 2,000 events (a batch shipped) out in 630 ms rather than 750 ms: each
 * round's claim, reads and outcome update are paid once per batch.
 */
const DELIVERY_BATCH = 200;
const NOTIFY_BATCH = 2 * PARALLEL_NOTIFICATIONS;
const FAN_OUT_BATCH = 200;
/** 10 s, 20 s, 40 s … capped at 6 hours. */
export const backoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** Fans out up to `limit` undispatched events; returns how many. Safe to run on several servers at once. */
export async function dispatchEvents(db: Db, now: Date, limit = FAN_OUT_BATCH): Promise<number> {
  return db.transaction((tx) => fanOut(tx, now, limit));
}

/** The fan-out of dispatchEvents, inside the caller's transaction. */
async function fanOut(tx: Db, now: Date, limit: number): Promise<number> {
  const events = await queryRows<{ id: string | number; type: string }>(
    tx,
    sql`select id, type from domain_events where dispatched_at is null order by id limit ${limit} for update skip locked`,
  );
  if (!events.length) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, 'activity'));
  const channels = await tx.select({ id: notifyChannels.id, events: notifyChannels.events }).from(notifyChannels).where(eq(notifyChannels.status, 'activity'));
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

type EventMember = { name: string; email: string; userCode: string };

/** The template values of a notification: the member's name (`m`, read with the batch) and the facts of the line or package the event is about. */
async function notifyValues(db: Db, e: EventRow, m: EventMember | undefined): Promise<Record<string, string>> {
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
  return values;
}

type DeliveryRow = typeof eventDeliveries.$inferSelect;
type Outcome = { ok: boolean; status: number | null; error: string; permanent?: boolean };

/** What a batch of deliveries needs, read once for the batch: their events, the webhook endpoints, the members. */
interface BatchFacts {
  events: Map<number, EventRow>;
  endpoints: Map<number, typeof webhookEndpoints.$inferSelect>;
  members: Map<number, EventMember>;
  channels: Map<number, typeof notifyChannels.$inferSelect>;
  templates: TemplateRow[];
}

async function batchFacts(db: Db, batch: DeliveryRow[]): Promise<BatchFacts> {
  const eventIds = [...new Set(batch.map((d) => d.eventId))];
  const endpointIds = [...new Set(batch.filter((d) => d.target === 'webhook').map((d) => d.targetId))];
  const events = await db.select().from(domainEvents).where(inArray(domainEvents.id, eventIds));
  const memberIds = [...new Set(events.flatMap((e) => (e.memberId ? [e.memberId] : [])))];
  const endpoints = endpointIds.length ? await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)) : [];
  const memberRows = memberIds.length
    ? await db
        .select({ id: members.id, name: members.name, email: members.email, userCode: members.userCode })
        .from(members)
        .where(inArray(members.id, memberIds))
    : [];
  const channelIds = [...new Set(batch.filter((d) => d.target === 'notify').map((d) => d.targetId))];
  const channels = channelIds.length ? await db.select().from(notifyChannels).where(inArray(notifyChannels.id, channelIds)) : [];
  const templates = channels.length ? await db.select().from(notifyTemplates) : [];
  return {
    events: new Map(events.map((e) => [Number(e.id), e])),
    endpoints: new Map(endpoints.map((ep) => [ep.id, ep])),
    members: new Map(memberRows.map(({ id, ...m }) => [id, m])),
    channels: new Map(channels.map((ch) => [ch.id, ch])),
    templates,
  };
}

async function attempt(db: Db, secrets: SecretBox, d: DeliveryRow, now: () => Date, facts: BatchFacts): Promise<Outcome> {
  const e = facts.events.get(Number(d.eventId));
  if (!e) return { ok: false, status: null, error: '事件不存在' };
  if (d.target === 'webhook') {
    const ep = facts.endpoints.get(d.targetId);
    if (!ep || !isActive(ep)) return { ok: false, status: null, error: '推送地址已停用' };
    const body = webhookBody(e, e.memberId ? (facts.members.get(e.memberId)?.userCode ?? null) : null);
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
  const ch = facts.channels.get(d.targetId);
  const notify = NOTIFY_ON[e.type];
  if (!ch || !notify || !isActive(ch)) return { ok: false, status: null, error: '通知渠道已停用' };
  const member = e.memberId ? facts.members.get(e.memberId) : undefined;
  const values = await notifyValues(db, e, member);
  const recipient = ch.type === 'email' ? (member?.email ?? '') : (member?.userCode ?? '');
  const { error, permanent } = await sendThrough(db, secrets, ch, notify, values, recipient, now, { templates: facts.templates });
  return { ok: !error, status: null, error, permanent };
}

/**
 * Fans out new events, then attempts the due deliveries (oldest first). On the embedded database every transaction
 * waits behind the requests' ones, so a batch waits twice, not once per statement: one transaction fans out, claims the
 * batch (skipping rows another server has locked) and reads what it needs; one writes the outcomes. The claim pushes the
 * next attempt out of reach until the lease ends (a dead server's claim comes due again then; an attempt times out well
 * before). `fannedOut` counts the events fanned out (a whole batch may have more behind it); `onFannedOut` hears of them
 * once committed, before the attempts.
 */
export async function deliverDue(
  db: Db,
  secrets: SecretBox,
  now: () => Date,
  limit = DELIVERY_BATCH,
  target?: 'webhook' | 'notify',
  onFannedOut?: () => void,
): Promise<{ delivered: number; failed: number; attempted: number; fannedOut: number }> {
  const at = now();
  const { claimed, facts, fannedOut } = await db.transaction(async (tx) => {
    const fanned = await fanOut(tx, at, FAN_OUT_BATCH);
    const due = tx
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, 'pending'), lte(eventDeliveries.nextAttemptAt, at), target ? eq(eventDeliveries.target, target) : undefined))
      .orderBy(asc(eventDeliveries.nextAttemptAt), asc(eventDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(eventDeliveries)
      .set({ nextAttemptAt: new Date(at.getTime() + DELIVERY_LEASE_MS), attempts: sql`${eventDeliveries.attempts} + 1`, updatedAt: at })
      .where(and(inArray(eventDeliveries.id, due), eq(eventDeliveries.status, 'pending')))
      .returning();
    return { claimed: rows, facts: rows.length ? await batchFacts(tx, rows) : null, fannedOut: fanned };
  });
  if (fannedOut) onFannedOut?.();
  if (!facts) return { delivered: 0, failed: 0, attempted: 0, fannedOut };
  // In the order they were made (the events' order): the claim gave them all the same next attempt.
  claimed.sort((x, y) => Number(x.id) - Number(y.id));
  const outcomes = new Array<Outcome>(claimed.length);
  // Several at once: one slow receiver does not hold up the others. Deliveries do not arrive in event order, so
  // receivers order by the event id, not by arrival.
  const lanes = target === 'webhook' ? claimed.length : Math.min(PARALLEL_NOTIFICATIONS, claimed.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < claimed.length) {
        const i = next++;
        outcomes[i] = await attempt(db, secrets, claimed[i]!, now, facts).catch((err: unknown) => ({
          ok: false,
          status: null,
          error: err instanceof Error ? err.message : String(err),
        }));
      }
    }),
  );
  const done = now();
  // One statement for the whole batch: fifty single-row updates took 250–500 ms of a busy day's half-second batch.
  const rows = claimed.map((d, i) => {
    const r = outcomes[i]!;
    // A failure no retry can mend (a channel secret this server cannot unseal) ends the delivery at once.
    const gaveUp = !r.ok && (r.permanent || d.attempts >= MAX_ATTEMPTS);
    const status = r.ok ? 'delivered' : gaveUp ? 'failed' : 'pending';
    const next = r.ok || gaveUp ? done : new Date(done.getTime() + backoffMs(d.attempts));
    return sql`(${d.id}::bigint, ${status}, ${r.ok ? done.toISOString() : null}::timestamptz, ${r.status}::int, ${r.error.slice(0, 500)}, ${next.toISOString()}::timestamptz)`;
  });
  await db.execute(sql`
    update ${eventDeliveries} set
      status = o.status, delivered_at = o.delivered_at, last_status = o.last_status, last_error = o.last_error,
      next_attempt_at = o.next_attempt_at, updated_at = ${done.toISOString()}::timestamptz
    from (values ${sql.join(rows, sql`, `)}) as o(id, status, delivered_at, last_status, last_error, next_attempt_at)
    where ${eventDeliveries.id} = o.id`);
  const delivered = outcomes.filter((r) => r.ok).length;
  return { delivered, failed: claimed.length - delivered, attempted: claimed.length, fannedOut };
}

/**
 * The events pump of one server: every `intervalMs` (and at once when a request wrote events, via nudge) it fans out
 * new events and attempts due deliveries. Several servers may run it: claims keep them from doing the same work.
 * Webhooks and member notifications are two lanes that run side by side: the member site's feed never waits behind
 * notifications, each of which reads and writes more.
 */
export function createEventPump(db: Db, secrets: SecretBox, now: () => Date) {
  let timer: NodeJS.Timeout | undefined;
  let log: (err: unknown) => void = () => {};
  const lane = (target: 'webhook' | 'notify', batch: number) => {
    let running: Promise<void> | null = null;
    let again = false;
    // A full batch, or a fan-out that took a whole batch, may have more behind it; attempts that failed are due later,
    // so this ends. Events this lane fanned out may have deliveries for the other lane, which a claim running beside this
    // transaction could not see: the other lane looks again at once (after this lane's attempts, a held-up channel held
    // up the webhooks too).
    const cycle = async () => {
      do {
        again = false;
        const r = await deliverDue(db, secrets, now, batch, target, () => lanes.filter((l) => l !== self).map((l) => l.tick()));
        if (r.attempted === batch || r.fannedOut === FAN_OUT_BATCH) again = true;
      } while (again);
    };
    const self = {
      tick(): void {
        if (running) {
          again = true;
          return;
        }
        running = cycle()
          .catch((err) => log(err))
          .finally(() => (running = null));
      },
      running: () => running,
    };
    return self;
  };
  const lanes = [lane('webhook', DELIVERY_BATCH), lane('notify', NOTIFY_BATCH)];
  /** Waits until neither lane has work in hand (a lane may tick the other). */
  const idle = async () => {
    for (;;) {
      const busy = lanes.flatMap((l) => l.running() ?? []);
      if (!busy.length) return;
      await Promise.all(busy);
    }
  };
  const tick = () => {
    for (const l of lanes) l.tick();
    return idle();
  };
  return {
    start(o: { intervalMs?: number; log?: (err: unknown) => void } = {}) {
      if (o.log) log = o.log;
      timer = setInterval(tick, o.intervalMs ?? 1_000);
      timer.unref();
    },
    /** Runs one cycle of each lane now (tests; a request that just wrote events). */
    run: tick,
    async stop() {
      clearInterval(timer);
      await idle();
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
