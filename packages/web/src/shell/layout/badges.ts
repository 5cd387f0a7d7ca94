import { useQuery } from '@tanstack/react-query';
import { BADGE_FIELDS, type BadgeKey } from '@waystation/shared/menu/types';
import type { TaskNumResult } from '@waystation/shared/contract/badge';
import { getTaskNum } from '../../api/badge';
import { sessionMarker } from '../../api/token';
import { queryClient, TASK_NUM_KEY } from '../../api/queryClient';

export { TASK_NUM_KEY };

/** SPEC §9: badges refresh at start and every 20 s. */
export const BADGE_REFRESH_MS = 20_000;
export const BADGE_MAX = 99;

const taskNumQuery = {
  queryKey: TASK_NUM_KEY,
  queryFn: async () => {
    try {
      return await getTaskNum();
    } catch (e) {
      console.warn('[badge] getTaskNum failed:', (e as Error).message);
      throw e;
    }
  },
  // The sidebar and the dashboard both show the counters: the one that mounts second uses the first one's answer
  // rather than asking again; writes that change a queue invalidate it.
  staleTime: 5_000,
};

/** The seven work-queue counters; fetched only with a session token; a failure is only logged. */
export function useTaskNum() {
  return useQuery({ ...taskNumQuery, enabled: !!sessionMarker(), refetchInterval: BADGE_REFRESH_MS, refetchIntervalInBackground: true });
}

/**
 * Asks for the counters now: right after the login, alongside the user info and routes, rather than after the shell
 * has rendered with them (the first screen waits for the counters).
 */
export function prefetchTaskNum(): Promise<void> {
  return queryClient.prefetchQuery(taskNumQuery);
}

/** A counter: null until loaded, a missing field is 0 (SPEC §3). */
export function badgeCount(data: TaskNumResult | undefined, key: BadgeKey): number | null {
  if (!data) return null;
  const value = (data as Record<string, number | undefined>)[BADGE_FIELDS[key]];
  return typeof value === 'number' ? value : 0;
}

/** "99+" above 99, nothing at 0 or before loading. */
export function badgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
