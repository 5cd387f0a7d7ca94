import { type ComponentType, createElement, lazy } from 'react';

/**
 * A lazily loaded component that renders at once when its chunk has already arrived (preloaded while the login form
 * waited). React.lazy suspends on first render even then, and React holds a revealed Suspense boundary back for
 * about 300 ms after its fallback showed: twice (shell, then dashboard) that was 700 ms of a blank wait after login.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Preloadable, { preload });
}

/** The shell and the dashboard, loaded while the login form waits for the user, so logging in does not wait for them. */
export const ShellLayout = preloadable(() => import('./layout/Layout'));
export const DashboardPage = preloadable(() => import('../pages/badge/Dashboard'));

/** Starts fetching the shell and the dashboard now (a second call costs nothing: the same chunks, loaded once). */
export function preloadShell(): void {
  void ShellLayout.preload().catch(() => undefined);
  void DashboardPage.preload().catch(() => undefined);
}

export function preloadShellWhenIdle(): () => void {
  const run = preloadShell;
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}
