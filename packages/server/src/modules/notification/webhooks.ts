import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventDelivery, EventDeliveryListQuery, WebhookEndpoint, WebhookSaveBody } from '@waystation/shared/contract/notification';
import type { Db } from '../../db';
import { domainEvents, eventDeliveries, members, notifyChannels, webhookEndpoints } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { assertPublicHost } from '../../core/outbound';
import { filters, offsetPage } from '../../core/paging';
import { openOr, type SecretBox } from '../../core/secrets';
import { newWebhookSecret, pumpBacklog } from './events';

/**
 * Webhook endpoints (where the member site hears what changed) and the delivery log of events out, with resend. The
 * signing secret is generated here, sealed at rest, and shown whole only in the answer that created it.
 */

const MAX_ENDPOINTS = 20;

export async function listEndpoints(db: Db, secrets: SecretBox): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  const counts = await db
    .select({ id: eventDeliveries.targetId, status: eventDeliveries.status, n: count() })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.target, 'webhook'), sql`${eventDeliveries.status} in ('pending', 'failed')`))
    .groupBy(eventDeliveries.targetId, eventDeliveries.status);
  const byKey = new Map(counts.map((c) => [`${c.id}:${c.status}`, c.n]));
  const n = (id: number, status: string) => byKey.get(`${id}:${status}`) ?? 0;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    events: r.events,
    status: r.status as 'activity' | 'disabled',
    secretHint: `••••${openOr(secrets, r.secret, '????').slice(-4)}`,
    pendingCount: n(r.id, 'pending'),
    failedCount: n(r.id, 'failed'),
    createTime: r.createdAt.toISOString(),
  }));
}

/** Adds (answering the new secret once) or edits an endpoint; the address must be one the server may call. */
export async function saveEndpoint(db: Db, secrets: SecretBox, actor: Actor, body: z.output<typeof WebhookSaveBody>, now: Date) {
  await assertPublicHost(new URL(body.url).hostname);
  const events = [...new Set(body.events)].sort();
  if (body.id !== undefined) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ name: body.name, url: body.url, events, updatedAt: now })
      .where(eq(webhookEndpoints.id, body.id))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw notFound('推送地址不存在');
    await writeAudit(db, actor, { action: 'webhook.update', targetType: 'webhook', targetId: row.id, after: { name: body.name, url: body.url, events } }, now);
    return { id: row.id, secret: null };
  }
  const [{ total }] = await db.select({ total: count() }).from(webhookEndpoints);
  if (total >= MAX_ENDPOINTS) throw conflict(`最多添加${MAX_ENDPOINTS}个推送地址`);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ name: body.name, url: body.url, events, secret: secrets.seal(secret), createdAt: now, updatedAt: now })
    .returning({ id: webhookEndpoints.id });
  await writeAudit(db, actor, { action: 'webhook.create', targetType: 'webhook', targetId: row.id, after: { name: body.name, url: body.url, events } }, now);
  return { id: row.id, secret };
}

export async function setEndpointStatus(db: Db, actor: Actor, id: number, status: 'activity' | 'disabled', now: Date): Promise<null> {
  const [row] = await db.update(webhookEndpoints).set({ status, updatedAt: now }).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (!row) throw notFound('推送地址不存在');
  await writeAudit(db, actor, { action: 'webhook.update', targetType: 'webhook', targetId: id, after: { status } }, now);
  return null;
}

export async function listDeliveries(db: Db, q: z.output<typeof EventDeliveryListQuery>, now: Date) {
  const { rows, total } = await offsetPage(db, {
    table: eventDeliveries,
    select: db
      .select({
        d: eventDeliveries,
        type: domainEvents.type,
        data: domainEvents.data,
        eventTime: domainEvents.createdAt,
        userCode: members.userCode,
        endpointName: webhookEndpoints.name,
        channelName: notifyChannels.name,
      })
      .from(eventDeliveries)
      .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
      .leftJoin(members, eq(members.id, domainEvents.memberId))
      .leftJoin(webhookEndpoints, and(eq(eventDeliveries.target, 'webhook'), eq(webhookEndpoints.id, eventDeliveries.targetId)))
      .leftJoin(notifyChannels, and(eq(eventDeliveries.target, 'notify'), eq(notifyChannels.id, eventDeliveries.targetId)))
      .$dynamic(),
    filter: filters(q, {
      target: (t) => eq(eventDeliveries.target, t),
      targetId: (id) => eq(eventDeliveries.targetId, id),
      status: (s) => eq(eventDeliveries.status, s),
    }),
    orderBy: [desc(eventDeliveries.id)],
    q,
  });
  const list: EventDelivery[] = rows.map((r) => ({
    id: r.d.id,
    eventId: r.d.eventId,
    eventType: r.type,
    userCode: r.userCode ?? '',
    entityNo: String(r.data.no ?? ''),
    target: r.d.target as EventDelivery['target'],
    targetId: r.d.targetId,
    targetName: r.endpointName ?? r.channelName ?? '',
    status: r.d.status as EventDelivery['status'],
    attempts: r.d.attempts,
    lastStatus: r.d.lastStatus,
    lastError: r.d.lastError,
    nextAttemptTime: r.d.status === 'pending' ? r.d.nextAttemptAt.toISOString() : null,
    deliveredTime: r.d.deliveredAt?.toISOString() ?? null,
    eventTime: r.eventTime.toISOString(),
  }));
  return { list, total, backlog: await pumpBacklog(db, now) };
}

/** Sends a delivery again (a failed one, or a delivered one the receiver lost): due now, attempts counted afresh. */
export async function resendDelivery(db: Db, actor: Actor, id: number, now: Date): Promise<null> {
  const [row] = await db
    .update(eventDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: '', updatedAt: now })
    .where(eq(eventDeliveries.id, id))
    .returning({ id: eventDeliveries.id, eventId: eventDeliveries.eventId });
  if (!row) throw notFound('投递记录不存在');
  await writeAudit(db, actor, { action: 'event_delivery.resend', targetType: 'event_delivery', targetId: id, after: { eventId: row.eventId } }, now);
  return null;
}
