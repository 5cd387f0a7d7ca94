import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListQuery = Record<string, string | undefined> & { page?: string; limit?: string };

/** The filters as the URL keeps them: trimmed text, the empty ones left out. */
export function urlFilterEntries(filters: object): [string, string][] {
  return Object.entries(filters).flatMap(([k, v]): [string, string][] =>
    v !== undefined && v !== null && String(v).trim() !== '' ? [[k, String(v).trim()]] : [],
  );
}

/**
 * A list's filters and paging, kept in the URL query (DESIGN §7) so a refresh, a tab switch or a shared
 * link shows the same list. Changing a filter goes back to page 1.
 */
export function useListQuery(): {
  query: Record<string, string>;
  page: number;
  limit: number;
  /** Applies filters; when they equal the current ones (the user pressed Search again) calls `onSame` instead. */
  setFilters(filters: Record<string, string | number | undefined | null>, onSame?: () => void): void;
  setPage(page: number, limit?: number): void;
} {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const page = Math.max(1, Number(query.page) || 1);
  const limit = Math.min(200, Math.max(1, Number(query.limit) || 20));

  const setFilters = useCallback(
    (filters: Record<string, string | number | undefined | null>, onSame?: () => void) => {
      const next = new URLSearchParams();
      for (const [k, v] of urlFilterEntries(filters)) next.set(k, v);
      if (query.limit) next.set('limit', query.limit);
      const current = new URLSearchParams(params);
      current.delete('page');
      if (onSame && next.toString() === current.toString()) onSame();
      else setParams(next);
    },
    [query.limit, params, setParams],
  );

  const setPage = useCallback(
    (p: number, l?: number) => {
      const next = new URLSearchParams(params);
      next.set('page', String(p));
      if (l) next.set('limit', String(l));
      setParams(next);
    },
    [params, setParams],
  );

  return { query, page, limit, setFilters, setPage };
}
