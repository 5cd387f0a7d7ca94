import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SortField } from '@waystation/shared/vocab/account';

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
