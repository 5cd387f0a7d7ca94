import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { auditLogs } from '../db/schema';
import { conflict, notFound } from './errors';

export interface Actor {
  id: number | null;
  name: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  result?: 'ok' | 'refused';
}

const SECRET_KEYS = /(password|passwordhash|token|tokenhash|secret)$/i;

/** Drops secrets from a before/after snapshot so the trail never holds a password or token. */
function redact(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v)]));
  }
  return value;
}

/** The audit row of an entry, secrets redacted. */
export function auditRow(actor: Actor, entry: AuditEntry, at: Date): typeof auditLogs.$inferInsert {
  return {
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    result: entry.result ?? 'ok',
    before: redact(entry.before),
    after: redact(entry.after),
    ip: actor.ip,
    createdAt: at,
  };
}

/** Writes one audit row; call it with the transaction of the write it records. */
export async function writeAudit(db: Db, actor: Actor, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLogs).values(auditRow(actor, entry, at));
}

type SavedTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * An editor's save with its audit row: with an id, the row is read (missing: 404 `notFound`), `check`ed, updated and
 * audited with before/after; without one, inserted (with `insert`'s extra fields) and audited. Both stamp updatedAt,
 * an insert createdAt too. The audit shows the rows through `view` (or `after` when given). Call it in a transaction.
 */
export async function auditedSave<T extends SavedTable>(
  db: Db,
  actor: Actor,
  o: {
    table: T;
    id: number | null | undefined;
    fields: PgUpdateSetSource<T>;
    insert?: PgUpdateSetSource<T>;
    action: string | { create: string; update: string };
    targetType: string;
    notFound: string;
    check?: (before: T['$inferSelect']) => void;
    view?: (row: T['$inferSelect']) => unknown;
    after?: unknown;
    now: Date;
  },
): Promise<{ id: number; before: T['$inferSelect'] | null; after: T['$inferSelect'] }> {
  const { table, now } = o;
  const view = o.view ?? ((row: T['$inferSelect']) => row);
  const action = (created: boolean) => (typeof o.action === 'string' ? o.action : created ? o.action.create : o.action.update);
  if (o.id) {
    const [before] = (await db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, o.id))
      .limit(1)) as T['$inferSelect'][];
    if (!before) throw notFound(o.notFound);
    o.check?.(before);
    const [after] = (await db
      .update(table)
      .set({ ...o.fields, updatedAt: now } as PgUpdateSetSource<T>)
      .where(eq(table.id, o.id))
      .returning()) as T['$inferSelect'][];
    const entry = { action: action(false), targetType: o.targetType, targetId: o.id, before: view(before), after: o.after ?? view(after) };
    await writeAudit(db, actor, entry, now);
    return { id: o.id, before, after };
  }
  const [after] = (await db
    .insert(table)
    .values({ ...o.fields, ...o.insert, createdAt: now, updatedAt: now } as PgInsertValue<T>)
    .returning()) as T['$inferSelect'][];
  const id = Number((after as { id: unknown }).id);
  await writeAudit(db, actor, { action: action(true), targetType: o.targetType, targetId: id, after: o.after ?? view(after) }, now);
  return { id, before: null, after };
}

type ToggledTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * A status switch (启用/停用, an account's status) with its audit row. The same status again changes nothing
 * (`changed: false`); otherwise `check` may refuse, and the row is updated only while its status is still the one read
 * (else 40900 `stale`), with `also` and the audit row (before/after status) in the same transaction.
 */
export async function auditedToggle<T extends ToggledTable>(
  db: Db,
  actor: Actor,
  o: {
    table: T;
    row: { id: number; status: string };
    status: string;
    action: string;
    targetType: string;
    check?: (from: string) => void;
    also?: (tx: Db) => Promise<void>;
    stale?: string;
    now: Date;
  },
): Promise<{ changed: boolean }> {
  const { table, row, status, now } = o;
  if (row.status === status) return { changed: false };
  o.check?.(row.status);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ status, updatedAt: now } as PgUpdateSetSource<T>)
      .where(and(eq(table.id, row.id), eq(table.status, row.status)))
      .returning({ id: table.id });
    if (!updated.length) throw conflict(o.stale ?? '状态已被他人修改，请刷新后重试');
    await o.also?.(tx);
    await writeAudit(tx, actor, { action: o.action, targetType: o.targetType, targetId: row.id, before: { status: row.status }, after: { status } }, now);
    return { changed: true };
  });
}
