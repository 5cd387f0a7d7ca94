import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db';
import { type JobSet, periodicJob } from '../../core/jobs';

/** Items this long on the shelf, in no pack order, earn their member a reminder — at most one a week. */
export const STORAGE_REMIND_DAYS = 60;

/**
 * The storage reminder (issue 13): one domain event per member with items shelved STORAGE_REMIND_DAYS ago or more and
 * not yet packed, unless they had one in the last 7 days. The events pump turns it into the storage_reminder message.
 */
export async function remindStorage(db: Db, now: Date): Promise<{ members: number }> {
  const cutoff = new Date(now.getTime() - STORAGE_REMIND_DAYS * 86_400_000).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const rows = await queryRows<{ member_id: number }>(
    db,
    sql`insert into domain_events (type, entity_type, entity_id, member_id, data, created_at)
        select 'member.storage_reminder', 'member', i.member_id::text, i.member_id,
               jsonb_build_object('itemCount', count(*), 'days', ${STORAGE_REMIND_DAYS}::int), ${now.toISOString()}::timestamptz
        from warehouse_items i join purchase_orders p on p.id = i.purchase_id
        where p.status = 'shelved' and i.shelved_at <= ${cutoff}::timestamptz
          and not exists (select 1 from package_items pi where pi.item_id = i.id and not pi.released)
          and not exists (select 1 from domain_events e where e.member_id = i.member_id and e.type = 'member.storage_reminder'
                          and e.created_at > ${weekAgo}::timestamptz)
        group by i.member_id
        returning member_id`,
  );
  return { members: rows.length };
}

/** The daily storage reminder (its job keeps the name it had under the member API). */
export const STORAGE_REMINDER_JOBS: JobSet = periodicJob('open.storageReminder', 'day', (_job, { db, now }) => remindStorage(db, now()));
