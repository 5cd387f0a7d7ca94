import { and, asc, count, desc, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortField } from '@waystation/shared/vocab/account';
import { type Db, queryRows } from '../db';

/** Maps a list's permitted SPEC sort fields to columns; unknown fields fall back to the default. */
export function orderBy(
  sort: SortField | undefined,
  order: 'asc' | 'desc' | undefined,
  columns: Partial<Record<SortField, AnyPgColumn>>,
  fallback: AnyPgColumn,
): SQL[] {
  const column = (sort && columns[sort]) || fallback;
  const dir = order === 'asc' ? asc : desc;
  return column === fallback ? [dir(column)] : [dir(column), dir(fallback)];
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** ILIKE pattern for "contains", with the user's % and _ taken literally. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Past this many rows a list reports an estimate (totalExact: false) instead of counting everything. */
export const EXACT_COUNT_LIMIT = 10_000;

/** A list's total counted only up to `limit` (past it the list says "more than"): one index-only pass at most. */
export async function cappedCount(db: Db, table: PgTable, filter: SQL | undefined, limit = EXACT_COUNT_LIMIT): Promise<{ total: number; totalExact: boolean }> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table} ${filter ? sql`where ${filter}` : sql``} limit ${limit + 1}) t`,
  );
  return { total: Math.min(n, limit), totalExact: n <= limit };
}

/**
 * The big lists' page: ids first (keyset by id with a cursor on the default sort, else OFFSET over the index, so a
 * deep page skips index entries rather than joined rows), then the page's rows loaded and put back in order; the
 * capped count runs at the same time (on PostgreSQL, on a second pooled connection).
 */
export async function pageByIds<Row>(
  db: Db,
  o: {
    table: PgTable;
    id: AnyPgColumn;
    filter: SQL | undefined;
    q: { sort?: SortField; order?: 'asc' | 'desc'; cursor?: string; page: number; limit: number };
    sortColumns: Partial<Record<SortField, AnyPgColumn>>;
    countLimit?: number;
    load: (ids: number[]) => Promise<Row[]>;
    idOf: (row: Row) => number;
  },
): Promise<{ rows: Row[]; total: number; totalExact: boolean; nextCursor: string | null }> {
  const { q } = o;
  const byId = !q.sort || q.sort === 'id';
  const useCursor = !!q.cursor && byId;
  const cursorCond = useCursor ? (q.order === 'asc' ? gt(o.id, Number(q.cursor)) : lt(o.id, Number(q.cursor))) : undefined;
  const [count, pageIds] = await Promise.all([
    cappedCount(db, o.table, o.filter, o.countLimit),
    db
      .select({ id: o.id })
      .from(o.table)
      .where(and(o.filter, cursorCond))
      .orderBy(...orderBy(q.sort, q.order, o.sortColumns, o.id))
      .limit(q.limit)
      .offset(useCursor ? 0 : offsetOf(q.page, q.limit)),
  ]);
  const ids = pageIds.map((r) => Number(r.id));
  const found = ids.length ? await o.load(ids) : [];
  const byIdMap = new Map(found.map((r) => [o.idOf(r), r]));
  const rows = ids.map((id) => byIdMap.get(id)).filter((r) => r !== undefined);
  return { rows, ...count, nextCursor: byId && rows.length === q.limit ? String(o.idOf(rows[rows.length - 1])) : null };
}

/** A list's filters: each condition applies only when its query value is set (not undefined, null or ''). */
export function filters<Q extends object>(q: Q, conds: { [K in keyof Q]?: (value: NonNullable<Q[K]>) => SQL | undefined }): SQL[] {
  const out: SQL[] = [];
  for (const key of Object.keys(conds) as (keyof Q)[]) {
    const value = q[key];
    if (value === undefined || value === null || value === '') continue;
    const cond = conds[key]?.(value as NonNullable<Q[typeof key]>);
    if (cond) out.push(cond);
  }
  return out;
}

/**
 * The small lists' page (OFFSET with an exact count): `select` is the page's query in dynamic mode (columns, joins),
 * the helper adds the filter, order, limit and offset and counts the filtered rows of `table` (or runs `count`
 * when the filter needs the joins; a `count` answering `{ total, totalExact }`, e.g. `cappedCount`, is passed on whole).
 */
export async function offsetPage<T extends PgSelect, C extends { total: number } = { total: number }>(
  db: Db,
  o: {
    table: PgTable;
    select: T;
    filter?: SQL | SQL[] | undefined;
    orderBy: SQL[];
    q: { page: number; limit: number };
    count?: (filter: SQL | undefined) => Promise<number | C>;
  },
): Promise<{ rows: Awaited<T> } & C> {
  const filter = Array.isArray(o.filter) ? and(...o.filter) : o.filter;
  const counted = o.count ? await o.count(filter) : (await db.select({ n: count() }).from(o.table).where(filter))[0].n;
  const rows = (await o.select
    .where(filter)
    .orderBy(...o.orderBy)
    .limit(o.q.limit)
    .offset(offsetOf(o.q.page, o.q.limit))) as Awaited<T>;
  return { rows, ...((typeof counted === 'number' ? { total: counted } : counted) as C) };
}
