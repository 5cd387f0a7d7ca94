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
 * Items on the shelf and in no pack order, by whole days since shelving: the four buckets in all, and per member
 * (most items past 90 days first). One pass over the shelved items for each answer.
 */
export async function storageAge(db: Db, q: StorageAgeQuery & { page: number; limit: number }, now: Date): Promise<StorageAgeResult> {
  const onShelf = sql`select i.member_id, greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - i.shelved_at)) / 86400))::int as days
      from warehouse_items i join purchase_orders p on p.id = i.purchase_id
      where p.status = 'shelved' and i.shelved_at is not null
        and not exists (select 1 from package_items pi where pi.item_id = i.id and not pi.released)`;
  const bucketCols = sql`count(*) filter (where days <= 30)::int as d0_30,
      count(*) filter (where days between 31 and 60)::int as d31_60,
      count(*) filter (where days between 61 and 90)::int as d61_90,
      count(*) filter (where days > 90)::int as d90_plus`;
  const [all] = await queryRows<StorageAgeResult['buckets']>(db, sql`select ${bucketCols} from (${onShelf}) s`);
  const memberFilter = q.userCode ? sql`and m.user_code = ${q.userCode.toUpperCase()}` : sql``;
  const having = q.minDays !== undefined ? sql`having max(days) >= ${q.minDays}` : sql``;
  const perMember = sql`select s.member_id, ${bucketCols}, count(*)::int as total, max(days)::int as oldest_days
      from (${onShelf}) s join members m on m.id = s.member_id ${memberFilter}
      group by s.member_id ${having}`;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${perMember}) x`);
  const rows = await queryRows<{
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
    sql`select x.*, m.user_code, m.name from (${perMember}) x join members m on m.id = x.member_id
        order by x.d90_plus desc, x.oldest_days desc, x.member_id
        limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return {
    buckets: all ?? { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
    freeDays: await freeStorageDays(db),
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
