import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The first part of every list kit query's key (`useListCall`): a successful write (a POST answered 20000, or any
 * mutation) marks them all stale, so a list on screen shows what the write changed, whichever domain's cache the
 * page's own hooks use.
 */
export const LIST_KEY = 'list';

/**
 * Errors are already shown by the request layer, so queries do not retry them behind the user's back. A mutation that
 * succeeds refreshes the list kit's lists (LIST_KEY), whatever method its call uses (some SPEC writes are GETs).
 */
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({ onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_KEY] }) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** The work-queue counters (GET /api/back/getTaskNum): also filled by the login's answer, before the shell loads. */
export const TASK_NUM_KEY = ['back', 'taskNum'] as const;
