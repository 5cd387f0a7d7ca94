import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import { VERIFICATION_DISABLED_MESSAGE } from '@waystation/shared/contract/verification';
import type { SensitiveOperation } from '@waystation/shared/vocab/account';
import type { Db } from '../db';
import { verifyConfigs, verifyTickets } from '../db/schema';
import { type Actor, writeAudit } from './audit';
import { AppError } from './errors';

/**
 * Server side of sensitive-operation verification (DESIGN §6). A route declared with `verify: type` in `api()`
 * runs only with a valid ticket from POST /api/admin/doLoginVerify in the X-Verify-Ticket header: same type, same
 * operator, same target, not expired, not used. A type whose verification is switched off is refused outright
 * (SPEC §6: "if enabled a verify dialog opens, otherwise the action is rejected"); the first start switches every
 * type but admin_login on, with the super admin as verifier (seed/base.ts).
 */

export const hashSecret = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const verificationRequired = (type: SensitiveOperation, target: string, message = '该操作需要安全验证') =>
  new AppError(ErrorCode.VERIFICATION_REQUIRED, message, { type, target });

/** JSON with sorted keys: the same values give the same text, whatever order the client sent them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The digest of an operation's values (its parsed query and body): a ticket approves these values only. */
export const digestOf = (values: unknown) => hashSecret(canonical(values));

export interface SummaryLine {
  label: string;
  value: string;
}

/** What the verifier is shown by default: the operation's values, one line each (nested values as short JSON). */
export function summaryOf(values: Record<string, unknown>): SummaryLine[] {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .slice(0, 12)
    .map(([label, v]) => {
      const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
      return { label, value: text.length > 80 ? `${text.slice(0, 79)}…` : text };
    });
}

/** A pending operation as the server saw it, sealed so the client can carry it to the code and ticket calls intact. */
export interface PendingOperation {
  type: SensitiveOperation;
  target: string;
  operatorId: number;
  digest: string;
  summary: SummaryLine[];
  /** Epoch ms after which the request is no longer accepted. */
  exp: number;
}
const REQUEST_TTL_MS = 15 * 60_000;

export function sealPending(secrets: { seal(plain: string): string }, p: Omit<PendingOperation, 'exp'>, now: Date): string {
  return secrets.seal(JSON.stringify({ ...p, exp: now.getTime() + REQUEST_TTL_MS }));
}

/** Opens a sealed pending operation of this operator and type, or refuses (40001) one that was altered or is old. */
export function openPending(
  secrets: { open(stored: string): string },
  request: string,
  operatorId: number,
  type: SensitiveOperation,
  now: Date,
): PendingOperation {
  let p: PendingOperation;
  try {
    p = JSON.parse(secrets.open(request)) as PendingOperation;
  } catch {
    throw new AppError(ErrorCode.VALIDATION, '待验证的操作无效，请重新发起操作', { fields: { request: '待验证的操作无效' } });
  }
  if (p.operatorId !== operatorId || p.type !== type || p.exp < now.getTime()) {
    throw new AppError(ErrorCode.VALIDATION, '待验证的操作已失效，请重新发起操作', { fields: { request: '待验证的操作已失效' } });
  }
  return p;
}

/** The lines of a pending operation for the code message: "label: value; …". */
export const summaryText = (summary: SummaryLine[]) => summary.map((l) => `${l.label}: ${l.value}`).join('；');

export { VERIFICATION_DISABLED_MESSAGE };
const verificationDisabled = () => new AppError(ErrorCode.FORBIDDEN, VERIFICATION_DISABLED_MESSAGE);

/** Whether a type is switched on (a type never configured is off: its sensitive calls are refused). */
export async function isVerifyEnabled(db: Db, type: SensitiveOperation): Promise<boolean> {
  const [row] = await db.select({ enabled: verifyConfigs.enabled }).from(verifyConfigs).where(eq(verifyConfigs.type, type)).limit(1);
  return !!row?.enabled;
}

export interface TicketCheck {
  type: SensitiveOperation;
  operatorId: number;
  target: string;
  /** The raw ticket the caller presented (header X-Verify-Ticket), if any. */
  ticket: string | undefined;
  /** The digest of the call's values: the ticket must have been issued for exactly these (absent: not checked). */
  digest?: string;
  actor: Actor;
  now: Date;
}

/**
 * Consumes a ticket for one sensitive call, or refuses (audited): 42800 without a valid ticket, 40300 when the type
 * is switched off. Returns the consumed ticket's id so that a call that then fails can give it back.
 */
export async function consumeTicket(db: Db, c: TicketCheck): Promise<number> {
  if (!(await isVerifyEnabled(db, c.type))) {
    await writeAudit(
      db,
      c.actor,
      { action: 'verify.refused', targetType: c.type, targetId: c.target, after: { reason: 'disabled' }, result: 'refused' },
      c.now,
    );
    throw verificationDisabled();
  }
  let reason = 'missing';
  if (c.ticket) {
    const [row] = await db
      .update(verifyTickets)
      .set({ usedAt: c.now })
      .where(
        and(
          eq(verifyTickets.ticketHash, hashSecret(c.ticket)),
          eq(verifyTickets.type, c.type),
          eq(verifyTickets.operatorId, c.operatorId),
          eq(verifyTickets.target, c.target),
          ...(c.digest !== undefined ? [eq(verifyTickets.digest, c.digest)] : []),
          isNull(verifyTickets.usedAt),
          gt(verifyTickets.expiresAt, c.now),
        ),
      )
      .returning({ id: verifyTickets.id });
    if (row) return row.id;
    reason = await whyRefused(db, c);
  }
  await writeAudit(db, c.actor, { action: 'verify.refused', targetType: c.type, targetId: c.target, after: { reason }, result: 'refused' }, c.now);
  throw verificationRequired(c.type, c.target, reason === 'missing' ? '该操作需要安全验证' : '安全验证已失效，请重新验证');
}

/** For the audit trail: why a presented ticket was not accepted. */
async function whyRefused(db: Db, c: TicketCheck): Promise<string> {
  const [row] = await db
    .select()
    .from(verifyTickets)
    .where(eq(verifyTickets.ticketHash, hashSecret(c.ticket ?? '')))
    .limit(1);
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  if (row.expiresAt <= c.now) return 'expired';
  if (row.type !== c.type) return 'other_type';
  if (row.operatorId !== c.operatorId) return 'other_operator';
  if (row.target !== c.target) return 'other_target';
  return 'other_values';
}

/** Gives a consumed ticket back when the call it was consumed for failed, so the operator can retry. */
export async function releaseTicket(db: Db, id: number): Promise<void> {
  await db.update(verifyTickets).set({ usedAt: null }).where(eq(verifyTickets.id, id));
}

/** Issues a ticket (after a code was accepted); returns the raw value, of which only the hash is kept. */
export async function issueTicket(
  db: Db,
  t: { type: SensitiveOperation; operatorId: number; subjectId: number; target: string; digest?: string; ttlMs: number; now: Date },
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = crypto.randomBytes(24).toString('base64url');
  const expiresAt = new Date(t.now.getTime() + t.ttlMs);
  await db.insert(verifyTickets).values({
    ticketHash: hashSecret(ticket),
    type: t.type,
    operatorId: t.operatorId,
    subjectId: t.subjectId,
    target: t.target,
    digest: t.digest ?? '',
    expiresAt,
    createdAt: t.now,
  });
  return { ticket, expiresAt };
}

/** Old tickets are of no use; removed opportunistically. */
export async function pruneTickets(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from ${verifyTickets} where ${verifyTickets.expiresAt} < ${new Date(now.getTime() - 24 * 3600_000).toISOString()}::timestamptz`);
}
