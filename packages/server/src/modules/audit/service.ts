import { and, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditListQuery } from '@waystation/shared/contract/audit';
import { type Db, queryRows } from '../../db';
import { auditLogs, auditLogsArchive } from '../../db/schema';
import { containsPattern, EXACT_COUNT_LIMIT, offsetOf } from '../../core/paging';

type AuditTable = typeof auditLogs | typeof auditLogsArchive;

/** The list's filters on one of the two tables (they have the same columns). */
function filterOn(t: AuditTable, q: AuditListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.actor) where.push(/^\d+$/.test(q.actor) ? eq(t.actorId, Number(q.actor)) : ilike(t.actorName, containsPattern(q.actor)));
  if (q.action) where.push(ilike(t.action, `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.targetType) where.push(eq(t.targetType, q.targetType));
  if (q.targetId) where.push(eq(t.targetId, q.targetId));
  if (q.from) where.push(gte(t.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(t.createdAt, new Date(q.to)));
  return and(...where);
}

/**
 * Audit trail, newest first; keyset-paged by id when a cursor is given, counted exactly up to 10,000. Rows the monthly
 * archiving moved (audit_logs_archive, same ids) are read too, so an old time range still finds them.
 */
export async function listAudit(db: Db, q: AuditListQuery): Promise<{ list: AuditEntry[]; total: number; totalExact: boolean; nextCursor: string | null }> {
  const counted = (t: AuditTable) => {
    const filter = filterOn(t, q);
    return sql`(select 1 from ${t} ${filter ? sql`where ${filter}` : sql``} limit ${EXACT_COUNT_LIMIT + 1})`;
  };
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${counted(auditLogs)} union all ${counted(auditLogsArchive)}) t`);
  const skip = q.cursor ? 0 : offsetOf(q.page, q.limit);
  // Each side ordered and cut to what the page can need, so both are index scans on the id.
  const side = (t: AuditTable) =>
    db
      .select()
      .from(t)
      .where(q.cursor ? and(filterOn(t, q), lt(t.id, Number(q.cursor))) : filterOn(t, q))
      .orderBy(desc(t.id))
      .limit(skip + q.limit);
  const rows = await unionAll(side(auditLogs), side(auditLogsArchive)).orderBy(desc(auditLogs.id)).limit(q.limit).offset(skip);
  return {
    list: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      result: r.result as 'ok' | 'refused',
      before: r.before,
      after: r.after,
      ip: r.ip,
      createTime: r.createdAt.toISOString(),
    })),
    total: Math.min(n, EXACT_COUNT_LIMIT),
    totalExact: n <= EXACT_COUNT_LIMIT,
    nextCursor: rows.length === q.limit ? String(rows[rows.length - 1].id) : null,
  };
}
