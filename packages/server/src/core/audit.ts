import type { Db } from '../db';
import { auditLogs } from '../db/schema';

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
