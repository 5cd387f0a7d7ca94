import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { MessageList, MessageReadBody } from '@waystation/shared/contract/openContent';
import type { Db } from '../../db';
import { notifyLogs } from '../../db/schema';
import { offsetPage } from '../../core/paging';

/**
 * The site messages a member was sent (GET /api/open/v1/messages): a 站内信 channel delivers by recording the message in
 * the delivery log under the member's code, so the member reads those rows; tests from 通知管理 and failures are not theirs.
 * Rows moved to the archive are not served.
 */
const mine = (userCode: string) =>
  and(eq(notifyLogs.channelType, 'site'), eq(notifyLogs.recipient, userCode), eq(notifyLogs.status, 'sent'), eq(notifyLogs.test, false));

const unreadOf = async (db: Db, userCode: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifyLogs)
      .where(and(mine(userCode), isNull(notifyLogs.readAt)))
  )[0].n;

export async function memberMessages(db: Db, userCode: string, q: { page: number; limit: number; unread?: 'true' | 'false' }): Promise<MessageList> {
  const { rows, total } = await offsetPage(db, {
    table: notifyLogs,
    select: db
      .select({
        id: notifyLogs.id,
        event: notifyLogs.event,
        subject: notifyLogs.subject,
        body: notifyLogs.body,
        createdAt: notifyLogs.createdAt,
        readAt: notifyLogs.readAt,
      })
      .from(notifyLogs)
      .$dynamic(),
    filter: and(mine(userCode), q.unread === 'true' ? isNull(notifyLogs.readAt) : undefined),
    orderBy: [desc(notifyLogs.id)],
    q,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      event: r.event,
      subject: r.subject,
      body: r.body,
      sentTime: r.createdAt.toISOString(),
      readTime: r.readAt?.toISOString() ?? null,
    })),
    total,
    // Listing only the unread ones counted them already.
    unread: q.unread === 'true' ? total : await unreadOf(db, userCode),
  };
}

/**
 * Marks the member's messages read (these ids, or all): an id that is not the member's, or read already, is left as it
 * is, so marking twice is the same as once.
 */
export async function readMessages(db: Db, userCode: string, body: z.output<typeof MessageReadBody>, now: Date): Promise<{ read: number; unread: number }> {
  const which = body.ids ? inArray(notifyLogs.id, body.ids) : undefined;
  const read = await db
    .update(notifyLogs)
    .set({ readAt: now })
    .where(and(mine(userCode), isNull(notifyLogs.readAt), which))
    .returning({ id: notifyLogs.id });
  return { read: read.length, unread: await unreadOf(db, userCode) };
}
