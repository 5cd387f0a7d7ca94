import { and, asc, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import {
  SECRET_KEYS,
  type NotifyChannel,
  type NotifyChannelSaveBody,
  type NotifyLog,
  type NotifyLogListQuery,
  type NotifyPreviewBody,
  type NotifyPreviewResult,
  type NotifyTemplate,
  type NotifyTemplateSaveBody,
  type NotifyTestSendBody,
} from '@waystation/shared/contract/notification';
import { NOTIFY_VARIABLES, NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import type { Db } from '../../db';
import { notifyChannels, notifyLogs, notifyTemplates } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { invalid, notFound } from '../../core/errors';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';
import type { SecretBox } from '../../core/secrets';
import { deliver } from './sender';
import { DEFAULT_TEMPLATES, renderTemplate, SAMPLE_VALUES } from './templates';

type Status = 'activity' | 'disabled';
export type NotifyChannelRow = typeof notifyChannels.$inferSelect;
type Row = NotifyChannelRow;

/** "abcdefgh1234" → "••••1234": enough to recognise a secret, never enough to use it. */
const mask = (s: unknown) => (typeof s === 'string' && s ? (s.startsWith('enc:') ? '••••••••' : `••••${s.slice(-4)}`) : '');

function maskedConfig(type: string, config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const k of SECRET_KEYS[type] ?? []) {
    out[k] = mask(config[k]);
    out[`${k}Set`] = !!config[k];
  }
  return out;
}

async function lastSent(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ at: notifyLogs.createdAt })
    .from(notifyLogs)
    .where(and(eq(notifyLogs.channelId, id), eq(notifyLogs.status, 'sent')))
    .orderBy(desc(notifyLogs.id))
    .limit(1);
  return row?.at.toISOString() ?? null;
}

async function toChannel(db: Db, r: Row): Promise<NotifyChannel> {
  return {
    id: r.id,
    type: r.type as NotifyChannel['type'],
    name: r.name,
    config: maskedConfig(r.type, r.config as Record<string, unknown>),
    events: r.events as string[],
    status: r.status as Status,
    lastSentAt: await lastSent(db, r.id),
    modifyTime: r.updatedAt.toISOString(),
  };
}

export async function listChannels(db: Db): Promise<NotifyChannel[]> {
  const rows = await db.select().from(notifyChannels).orderBy(asc(notifyChannels.id));
  return Promise.all(rows.map((r) => toChannel(db, r)));
}

export async function getChannel(db: Db, id: number): Promise<NotifyChannel> {
  const [row] = await db.select().from(notifyChannels).where(eq(notifyChannels.id, id)).limit(1);
  if (!row) throw notFound('通知渠道不存在');
  return toChannel(db, row);
}

/** Where a channel's secret is sent: changing one of these needs the secret typed again (issue 12.2). */
const DESTINATION_KEYS: Record<string, readonly string[]> = { email: ['host', 'port', 'username', 'secure'], discord: [], telegram: ['apiBase'], site: [] };

/** A channel's config with its secrets readable, for the sender only. */
const openConfig = (secrets: SecretBox, type: string, config: Record<string, unknown>) => {
  const out = { ...config };
  for (const k of SECRET_KEYS[type] ?? []) if (typeof out[k] === 'string' && out[k]) out[k] = secrets.open(String(out[k]));
  return out;
};

/**
 * Creates or edits a channel. Secrets are sealed at rest with SECRET_KEY; an empty secret on edit keeps the stored
 * one only while the destination stays the same. The audit trail sees secrets masked.
 */
export async function saveChannel(db: Db, secrets: SecretBox, actor: Actor, input: z.output<typeof NotifyChannelSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  const plain = { ...fields.config } as Record<string, unknown>;
  const seal = (c: Record<string, unknown>) => {
    const out = { ...c };
    // Whatever is typed is sealed, a value that looks sealed ("enc:…") too: only the server's own seal is ever stored
    // as sealed (kept secrets are copied from the stored row below, never through here).
    for (const k of SECRET_KEYS[fields.type]) if (typeof out[k] === 'string' && out[k]) out[k] = secrets.seal(String(out[k]));
    return out;
  };
  return db.transaction(async (tx) => {
    let config = seal(plain);
    if (id) {
      const [before] = await tx.select().from(notifyChannels).where(eq(notifyChannels.id, id)).limit(1);
      if (!before) throw notFound('通知渠道不存在');
      if (before.type !== fields.type) throw invalid('type', '渠道类型不能修改');
      const old = before.config as Record<string, unknown>;
      const moved = DESTINATION_KEYS[fields.type].filter((k) => String(plain[k] ?? '') !== String(old[k] ?? ''));
      for (const k of SECRET_KEYS[fields.type]) {
        if (plain[k]) continue;
        // The stored secret never goes to a new destination without being typed again.
        if (moved.length && old[k]) throw invalid(`config.${k}`, `修改了发送地址（${moved.join(', ')}），请重新填写密钥`);
        config[k] = old[k] ?? '';
      }
      const [after] = await tx
        .update(notifyChannels)
        .set({ name: fields.name, config, events: fields.events, status: fields.status, updatedAt: now })
        .where(eq(notifyChannels.id, id))
        .returning();
      await writeAudit(
        tx,
        actor,
        {
          action: 'notifyChannel.update',
          targetType: 'notifyChannel',
          targetId: id,
          before: { ...before, config: maskedConfig(before.type, old) },
          after: { ...after, config: maskedConfig(after.type, config) },
        },
        now,
      );
      return { id };
    }
    config = { ...config };
    const [after] = await tx
      .insert(notifyChannels)
      .values({ type: fields.type, name: fields.name, config, events: fields.events, status: fields.status, createdAt: now, updatedAt: now })
      .returning();
    await writeAudit(
      tx,
      actor,
      { action: 'notifyChannel.create', targetType: 'notifyChannel', targetId: after.id, after: { ...after, config: maskedConfig(after.type, config) } },
      now,
    );
    return { id: after.id };
  });
}

export async function modifyChannelStatus(db: Db, actor: Actor, id: number, status: Status, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(notifyChannels).where(eq(notifyChannels.id, id)).limit(1);
    if (!before) throw notFound('通知渠道不存在');
    await tx.update(notifyChannels).set({ status, updatedAt: now }).where(eq(notifyChannels.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'notifyChannel.status', targetType: 'notifyChannel', targetId: id, before: { status: before.status }, after: { status } },
      now,
    );
  });
}

// ---------------------------------------------------------------- templates

/** Every event × channel type, saved or default. */
export async function listTemplates(db: Db): Promise<NotifyTemplate[]> {
  const rows = await db.select().from(notifyTemplates);
  return NotifyEvent.values.flatMap((event) =>
    NotifyChannelType.values.map((channelType) => {
      const r = rows.find((x) => x.event === event && x.channelType === channelType);
      return {
        event,
        channelType,
        subject: r?.subject ?? DEFAULT_TEMPLATES[event].subject,
        body: r?.body ?? DEFAULT_TEMPLATES[event].body,
        status: (r?.status ?? 'activity') as Status,
        variables: [...NOTIFY_VARIABLES[event]],
        saved: !!r,
      };
    }),
  );
}

export async function saveTemplate(db: Db, actor: Actor, input: z.output<typeof NotifyTemplateSaveBody>, now: Date): Promise<void> {
  const unknown = [...renderTemplate(input.event, input.subject).unknown, ...renderTemplate(input.event, input.body).unknown];
  if (unknown.length) throw invalid('body', `未知的变量：${[...new Set(unknown)].join(', ')}`);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(notifyTemplates)
      .where(and(eq(notifyTemplates.event, input.event), eq(notifyTemplates.channelType, input.channelType)))
      .limit(1);
    const [after] = await tx
      .insert(notifyTemplates)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [notifyTemplates.event, notifyTemplates.channelType],
        set: { subject: input.subject, body: input.body, status: input.status, updatedAt: now },
      })
      .returning();
    await writeAudit(
      tx,
      actor,
      { action: 'notifyTemplate.save', targetType: 'notifyTemplate', targetId: `${input.event}:${input.channelType}`, before: before ?? null, after },
      now,
    );
  });
}

export function previewTemplate(input: z.output<typeof NotifyPreviewBody>): NotifyPreviewResult {
  const s = renderTemplate(input.event, input.subject);
  const b = renderTemplate(input.event, input.body);
  return { subject: s.text, body: b.text, unknownVariables: [...new Set([...s.unknown, ...b.unknown])] };
}

// ---------------------------------------------------------------- test send and log

/**
 * Sends the event's template (with sample values) through a channel and records the outcome in the delivery
 * log. The provider is called outside any transaction; a provider failure is logged and reported, not thrown.
 */
export async function testSend(db: Db, secrets: SecretBox, actor: Actor, input: z.output<typeof NotifyTestSendBody>, now: () => Date): Promise<NotifyLog> {
  const [ch] = await db.select().from(notifyChannels).where(eq(notifyChannels.id, input.channelId)).limit(1);
  if (!ch) throw notFound('通知渠道不存在');
  const { log } = await sendThrough(db, secrets, ch, input.event, SAMPLE_VALUES, input.recipient, now, { test: true, operatorName: actor.name });
  return log;
}

export type TemplateRow = typeof notifyTemplates.$inferSelect;

/**
 * Renders an event's template (the operator's, else the default) with `values` and delivers it through a channel,
 * recording the outcome in the delivery log. `recipient` is the member's address for email and site channels; chat
 * channels post to their configured chat. Never throws for a provider failure: the error comes back, masked.
 */
export async function sendThrough(
  db: Db,
  secrets: SecretBox,
  ch: Row,
  event: NotifyEvent,
  values: Record<string, string>,
  recipient: string,
  now: () => Date,
  o: { test?: boolean; operatorName?: string; templates?: TemplateRow[] } = {},
): Promise<{ log: NotifyLog; error: string; permanent: boolean }> {
  // The events pump reads a batch's templates once and hands them in.
  const [tpl] = o.templates
    ? o.templates.filter((t) => t.event === event && t.channelType === ch.type)
    : await db
        .select()
        .from(notifyTemplates)
        .where(and(eq(notifyTemplates.event, event), eq(notifyTemplates.channelType, ch.type)))
        .limit(1);
  const subject = renderTemplate(event, tpl?.subject ?? DEFAULT_TEMPLATES[event].subject, values).text;
  const body = renderTemplate(event, tpl?.body ?? DEFAULT_TEMPLATES[event].body, values).text;
  let config: Record<string, unknown>;
  let unopened = '';
  try {
    config = openConfig(secrets, ch.type, ch.config as Record<string, unknown>);
  } catch (e) {
    // A secret this server cannot unseal (sealed under another key): no attempt can succeed until it is typed again.
    config = { ...(ch.config as Record<string, unknown>) };
    unopened = `${SECRET_UNSEALABLE}（${(e as Error).message}）`;
  }
  const to = ch.type === 'discord' ? 'webhook' : ch.type === 'telegram' ? String(config.chatId ?? '') : recipient;
  let error = unopened;
  if (!unopened)
    try {
      await deliver(ch.type, config, { recipient: to, subject, body });
    } catch (e) {
      error = (e as Error).message || String(e);
      // Provider errors may echo the request URL: never let a secret into the log.
      for (const k of SECRET_KEYS[ch.type]) if (config[k]) error = error.split(String(config[k])).join(mask(config[k]));
    }
  const [row] = await db
    .insert(notifyLogs)
    .values({
      channelId: ch.id,
      channelType: ch.type,
      event,
      recipient: to,
      subject,
      body,
      status: error ? 'failed' : 'sent',
      error: error.slice(0, 1000),
      test: o.test ?? false,
      operatorName: o.operatorName ?? '',
      createdAt: now(),
    })
    .returning();
  return { log: toLog(row), error, permanent: !!unopened };
}

export const SECRET_UNSEALABLE = '渠道密钥无法解开，请在通知渠道中重新填写密钥（The channel secret cannot be unsealed: type it again）';

const toLog = (r: typeof notifyLogs.$inferSelect): NotifyLog => ({
  id: r.id,
  channelId: r.channelId,
  channelType: r.channelType,
  event: r.event,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  status: r.status as 'sent' | 'failed',
  error: r.error,
  test: r.test,
  operatorName: r.operatorName,
  createTime: r.createdAt.toISOString(),
});

export async function listLogs(db: Db, q: NotifyLogListQuery): Promise<Page<NotifyLog>> {
  const { rows, total } = await offsetPage(db, {
    table: notifyLogs,
    select: db.select().from(notifyLogs).$dynamic(),
    filter: filters(q, {
      channelId: (c) => eq(notifyLogs.channelId, c),
      status: (s) => eq(notifyLogs.status, s),
      event: (e) => eq(notifyLogs.event, e),
      recipient: (r) => ilike(notifyLogs.recipient, containsPattern(r)),
    }),
    orderBy: orderBy(q.sort, q.order ?? 'desc', { id: notifyLogs.id, create_time: notifyLogs.createdAt }, notifyLogs.id),
    q,
  });
  return { list: rows.map(toLog), total };
}
