import { and, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '@waystation/shared/contract/audit';
import { type Db, queryRows } from '../../db';
import { auditLogs } from '../../db/schema';
import { containsPattern, EXACT_COUNT_LIMIT, offsetOf } from '../../core/paging';

/** Audit trail, newest first; keyset-paged by id when a cursor is given, counted exactly up to 10,000. */
export async function listAudit(db: Db, q: AuditListQuery): Promise<{ list: AuditEntry[]; total: number; totalExact: boolean; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (q.actor) {
    where.push(/^\d+$/.test(q.actor) ? eq(auditLogs.actorId, Number(q.actor)) : ilike(auditLogs.actorName, containsPattern(q.actor)));
  }
  if (q.action) where.push(ilike(auditLogs.action, `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.targetType) where.push(eq(auditLogs.targetType, q.targetType));
  if (q.targetId) where.push(eq(auditLogs.targetId, q.targetId));
  if (q.from) where.push(gte(auditLogs.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(auditLogs.createdAt, new Date(q.to)));
  const filter = and(...where);
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${auditLogs} ${filter ? sql`where ${filter}` : sql``} limit ${EXACT_COUNT_LIMIT + 1}) t`,
  );
  const pageWhere = q.cursor ? and(filter, lt(auditLogs.id, Number(q.cursor))) : filter;
  const rows = await db
    .select()
    .from(auditLogs)
    .where(pageWhere)
    .orderBy(desc(auditLogs.id))
    .limit(q.limit)
    .offset(q.cursor ? 0 : offsetOf(q.page, q.limit));
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
