import { type ComponentType, createElement, lazy } from 'react';

/**
 * A lazily loaded component that renders at once when its chunk has already arrived (preloaded while the login form
 * waited). React.lazy suspends on first render even then, and React holds a revealed Suspense boundary back for
 * about 300 ms after its fallback showed: twice (shell, then dashboard) that was 700 ms of a blank wait after login.
 */
function preloader(load: () => Promise<{ default: ComponentType }>) {
  const state: { loaded?: ComponentType; loading?: Promise<{ default: ComponentType }> } = {};
  const preload = () =>
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
  return { state, preload, Lazy: lazy(preload) };
}

const shellLayout = preloader(() => import('./layout/Layout'));
const dashboardPage = preloader(() => import('../pages/badge/Dashboard'));

/** The shell (sidebar, header, tabs, page host). */
export function ShellLayout() {
  return createElement(shellLayout.state.loaded ?? shellLayout.Lazy);
}

/** The dashboard page. */
export function DashboardPage() {
  return createElement(dashboardPage.state.loaded ?? dashboardPage.Lazy);
}

/**
 * Starts fetching the shell and the dashboard now, while the login form waits for the user, so logging in does not wait
 * for them (a second call costs nothing: the same chunks, loaded once).
 */
export function preloadShell(): void {
  void shellLayout.preload().catch(() => undefined);
  void dashboardPage.preload().catch(() => undefined);
  void loadLoginCall().catch(() => undefined);
  void import('../api/role').catch(() => undefined);
}

/** The login call and the session's API (with zod): loaded on demand, so the login form paints without them. */
export const loadLoginCall = () => import('../api/admin');

export function preloadShellWhenIdle(): () => void {
  const run = preloadShell;
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}
