import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * A component loaded on demand that renders at once when its chunk has already arrived (`preload` fetches it ahead:
 * while the login form waits, or when the page is idle). React.lazy suspends on first render even then, and React
 * holds a revealed Suspense boundary back for about 300 ms after its fallback showed: twice (shell, then dashboard)
 * that was 700 ms of a blank wait after login. Render it inside a Suspense boundary for a use before the chunk arrived.
 */
export function preloadable<P extends object = Record<string, never>>(load: () => Promise<{ default: ComponentType<P> }>) {
  const state: { loaded?: ComponentType<P>; loading?: Promise<{ default: ComponentType<P> }> } = {};
  const fetchChunk = () =>
    (state.loading ??= load().then(
      (m) => {
        state.loaded = m.default;
        return m;
      },
      (err: unknown) => {
        state.loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(fetchChunk) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module at its top level, as React.lazy is
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later render would be
    // another element type, and React would mount the subtree afresh (losing its state).
    const [component] = useState(() => state.loaded ?? Lazy);
    return createElement(component, props);
  }
  return { Component: Preloadable, preload: (): Promise<void> => fetchChunk().then(() => undefined) };
}

const shellLayout = preloadable(() => import('./layout/Layout'));
const dashboardPage = preloadable(() => import('../pages/badge/Dashboard'));

/** The shell (sidebar, header, tabs, page host). */
export const ShellLayout = shellLayout.Component;

/** The dashboard page. */
export const DashboardPage = dashboardPage.Component;

/**
 * Starts fetching the shell and the dashboard now, while the login form waits for the user, so logging in does not wait
 * for them (a second call costs nothing: the same chunks, loaded once).
 */
export function preloadShell(): void {
  void Promise.all([shellLayout.preload(), dashboardPage.preload()])
    .then(() => import('./warmStyles'))
    .then(({ warmStyles }) => whenIdle(warmStyles))
    .catch(() => undefined);
  void loadLoginCall().catch(() => undefined);
  void import('../api/role').catch(() => undefined);
  void import('./layout/badges').catch(() => undefined);
}

/** Right after a login: the first screen's counters are asked for alongside the session (user info, routes). */
export function prefetchAfterLogin(): void {
  void import('./layout/badges').then((b) => b.prefetchTaskNum()).catch(() => undefined);
}

/** The login call and the session's API (with zod): loaded on demand, so the login form paints without them. */
export const loadLoginCall = () => import('../api/admin');

/** Runs `run` when the browser is idle (within 2 s); the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

export function preloadShellWhenIdle(): () => void {
  return whenIdle(preloadShell);
}
