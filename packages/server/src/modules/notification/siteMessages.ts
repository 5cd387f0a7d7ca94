import { and, desc, eq, sql } from 'drizzle-orm';
import type { MessageList } from '@waystation/shared/contract/openContent';
import type { Db } from '../../db';
import { notifyLogs } from '../../db/schema';
import { offsetOf } from '../../core/paging';

/**
 * The site messages a member was sent (GET /api/open/v1/messages): a 站内信 channel delivers by recording the message in
 * the delivery log under the member's code, so the member reads those rows; tests from 通知管理 and failures are not theirs.
 * Rows moved to the archive are not served.
 */
export async function memberMessages(db: Db, userCode: string, q: { page: number; limit: number }): Promise<MessageList> {
  const mine = and(eq(notifyLogs.channelType, 'site'), eq(notifyLogs.recipient, userCode), eq(notifyLogs.status, 'sent'), eq(notifyLogs.test, false));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(notifyLogs).where(mine);
  const rows = await db
    .select({ id: notifyLogs.id, event: notifyLogs.event, subject: notifyLogs.subject, body: notifyLogs.body, createdAt: notifyLogs.createdAt })
    .from(notifyLogs)
    .where(mine)
    .orderBy(desc(notifyLogs.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return { list: rows.map((r) => ({ id: r.id, event: r.event, subject: r.subject, body: r.body, sentTime: r.createdAt.toISOString() })), total };
}
