import { and, eq, sql } from 'drizzle-orm';
import type { StorageAgeQuery, StorageAgeResult } from '@waystation/shared/contract/report';
import { type Db, queryRows } from '../../db';
import { params } from '../../db/schema';
import { offsetOf } from '../../core/paging';

/** The free storage days (setting warehouse.freeStorageDays; 90 when it is not set). */
export async function freeStorageDays(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: params.paramValue })
    .from(params)
    .where(and(eq(params.paramKey, 'warehouse.freeStorageDays'), eq(params.status, 'activity')));
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= 0 ? n : 90;
}

/**
 * Items on the shelf and in no pack order, with their whole days since shelving at `now` (never below 0). With
 * `minDays`, only items at least that old (read through the shelved_at index).
 */
export function itemsOnShelf(now: Date, minDays = 0) {
  const at = now.toISOString();
  const old = minDays > 0 ? sql`and i.shelved_at <= ${new Date(now.getTime() - minDays * 86_400_000).toISOString()}::timestamptz` : sql``;
  return sql`select i.id, i.member_id, i.item_code, i.shelf_code, i.shelved_at, p.title,
      greatest(0, floor(extract(epoch from (${at}::timestamptz - i.shelved_at)) / 86400))::int as days
    from warehouse_items i join purchase_orders p on p.id = i.purchase_id
    where p.status = 'shelved' and i.shelved_at is not null ${old}
      and not exists (select 1 from package_items pi where pi.item_id = i.id and not pi.released)`;
}

/** Rebuilds the shelf per member (report_storage_members) as of `now`: one pass over the shelf, in one transaction. */
export async function rollupStorage(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report.rollup:storage'))`);
    await tx.execute(sql`delete from report_storage_members`);
    await tx.execute(sql`
      insert into report_storage_members (member_id, d0_30, d31_60, d61_90, d90_plus, total, oldest_shelved_at)
      select member_id, count(*) filter (where days <= 30), count(*) filter (where days between 31 and 60),
             count(*) filter (where days between 61 and 90), count(*) filter (where days > 90), count(*), min(shelved_at)
      from (${itemsOnShelf(now)}) s group by member_id`);
  });
}

/**
 * 库龄报表: the shelf by age bucket, in all and per member (most items past 90 days first), read from the per-member
 * roll-up; a member's oldest item's age is counted now.
 */
export async function storageAge(db: Db, q: StorageAgeQuery & { page: number; limit: number }, now: Date): Promise<StorageAgeResult> {
  const at = now.toISOString();
  const member = q.userCode ? sql`and m.user_code = ${q.userCode.toUpperCase()}` : sql``;
  const oldest =
    q.minDays !== undefined ? sql`and s.oldest_shelved_at <= ${new Date(now.getTime() - Number(q.minDays) * 86_400_000).toISOString()}::timestamptz` : sql``;
  const from = sql`from report_storage_members s join members m on m.id = s.member_id where true ${member} ${oldest}`;
  const [[all], [{ n }], rows, [built]] = await Promise.all([
    queryRows<StorageAgeResult['buckets']>(
      db,
      sql`select coalesce(sum(d0_30), 0)::int as d0_30, coalesce(sum(d31_60), 0)::int as d31_60, coalesce(sum(d61_90), 0)::int as d61_90,
                 coalesce(sum(d90_plus), 0)::int as d90_plus from report_storage_members`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
    queryRows<{
      member_id: number;
      user_code: string;
      name: string;
      d0_30: number;
      d31_60: number;
      d61_90: number;
      d90_plus: number;
      total: number;
      oldest_days: number;
    }>(
      db,
      sql`select s.*, m.user_code, m.name,
                 greatest(0, floor(extract(epoch from (${at}::timestamptz - s.oldest_shelved_at)) / 86400))::int as oldest_days
          ${from} order by s.d90_plus desc, s.oldest_shelved_at, s.member_id
          limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
    ),
    queryRows<{ at: Date | string | null }>(db, sql`select max(computed_at) as at from report_rollup_days`),
  ]);
  return {
    buckets: all,
    freeDays: await freeStorageDays(db),
    rolledUpAt: built?.at ? new Date(built.at).toISOString() : null,
    total: n,
    list: rows.map((r) => ({
      memberId: r.member_id,
      userCode: r.user_code,
      name: r.name,
      d0_30: r.d0_30,
      d31_60: r.d31_60,
      d61_90: r.d61_90,
      d90_plus: r.d90_plus,
      total: r.total,
      oldestDays: r.oldest_days,
    })),
  };
}
