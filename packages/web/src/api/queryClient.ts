import { QueryClient } from '@tanstack/react-query';

/** Errors are already shown by the request layer, so queries do not retry them behind the user's back. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** The work-queue counters (GET /api/back/getTaskNum): also filled by the login's answer, before the shell loads. */
export const TASK_NUM_KEY = ['back', 'taskNum'] as const;

/**
 * The first part of every list kit query's key (`useListCall`): any successful write (`call` of a POST) marks them all
 * stale, so a list on screen shows what the write changed, whichever domain's cache the page's own hooks use.
 */
export const LIST_KEY = 'list';
