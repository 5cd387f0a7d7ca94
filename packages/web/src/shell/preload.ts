/**
 * The shell and the dashboard, loaded while the login form waits for the user, so logging in does not
 * wait for them. The same import() calls as the lazy routes: the browser fetches each chunk once.
 */
export const loadLayout = () => import('./layout/Layout');
export const loadDashboard = () => import('../pages/badge/Dashboard');

/** Starts fetching the shell and the dashboard now (a second call costs nothing: the browser has them). */
export function preloadShell(): void {
  void loadLayout().catch(() => undefined);
  void loadDashboard().catch(() => undefined);
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
