import { create } from 'zustand';
import type { MenuRoute } from '@waystation/shared/menu/types';
import type { AdminInfo } from '../api/admin';
import type { SessionStart } from '@waystation/shared/contract/admin';
import { forgetSession } from '../api/token';
import { queryClient, TASK_NUM_KEY } from '../api/queryClient';
import { addErrorLog } from './errorLog/store';
import { useTags } from './stores/tags';
import { buildAppRoutes, DASHBOARD_PATH, flattenRoutes, type AppRoute } from './routes/model';

/** SPEC §8 guard messages, verbatim. */
export const INFO_MISSING = 'Verification failed, please Login again.';
export const ROLES_EMPTY = 'getInfo: roles must be a non-null array!';

interface SessionState {
  info: AdminInfo | null;
  /** The server's permitted tree; null until loaded. */
  menu: MenuRoute[] | null;
  /** Static + server routes as the shell uses them. */
  routes: AppRoute[];
  flat: AppRoute[];
}

export const useSession = create<SessionState>(() => ({ info: null, menu: null, routes: [], flat: [] }));

/** Checks the user-info response the way the SPEC's guard does, before the contract does. */
export function checkInfo(raw: unknown): AdminInfo {
  if (!raw || typeof raw !== 'object') throw new Error(INFO_MISSING);
  const roles = (raw as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) throw new Error(ROLES_EMPTY);
  return raw as AdminInfo;
}

export function setMenu(menu: MenuRoute[]): void {
  const routes = buildAppRoutes(menu);
  useSession.setState({ menu, routes, flat: flattenRoutes(routes) });
}

let loading: Promise<void> | null = null;

/**
 * Fetches user info and the permitted routes (the guard's "roles not loaded" step) at the same time, not one after
 * the other; the info's failure is the one reported (both calls are silent).
 */
export function loadSession(): Promise<void> {
  loading ??= (async () => {
    // The API modules (and zod with them) load on demand: the login page paints without them (preloadShell fetches them).
    const [admin, role] = await Promise.all([import('../api/admin'), import('../api/role')]);
    const [infoAnswer, menuAnswer] = await Promise.allSettled([admin.getInfo(), role.getEnableRoutes()]);
    if (infoAnswer.status === 'rejected') throw infoAnswer.reason;
    const info = checkInfo(infoAnswer.value);
    const parsed = admin.AdminInfo.safeParse(info);
    if (!parsed.success) addErrorLog({ message: 'Response of /api/admin/info does not match its contract', info: 'contract', stack: parsed.error.message });
    if (menuAnswer.status === 'rejected') throw menuAnswer.reason;
    setMenu(menuAnswer.value);
    useSession.setState({ info: parsed.success ? parsed.data : info });
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/**
 * Takes the session from the login's answer (info, routes, counters): the shell then renders without asking for them.
 * False when it does not pass the guard's checks: the guard then loads the session itself and reports the error.
 */
export function startSession(start: SessionStart | undefined): boolean {
  if (!start) return false;
  let info: AdminInfo;
  try {
    info = checkInfo(start.info);
  } catch {
    return false;
  }
  setMenu(start.routes as MenuRoute[]);
  useSession.setState({ info });
  queryClient.setQueryData(TASK_NUM_KEY, start.taskNum);
  return true;
}

/** Clears token, roles and routes and closes all tabs. */
export function clearSession(): void {
  forgetSession();
  useSession.setState({ info: null, menu: null, routes: [], flat: [] });
  useTags.getState().reset();
  queryClient.clear();
}

/** Logs out on the server (failures ignored) and locally. */
export async function logout(): Promise<void> {
  const { logout: logoutCall } = await import('../api/admin');
  await logoutCall().catch(() => undefined);
  clearSession();
}

/** /login?redirect={path} keeping the original query as the login page's other query (SPEC §2). */
export function loginUrl(pathname: string, search: string): string {
  const path = pathname.replace(/&/g, '%26');
  const rest = search.startsWith('?') ? search.slice(1) : search;
  return `/login?redirect=${path}${rest ? `&${rest}` : ''}`;
}

/**
 * Where to go after login: the redirect path (same-site only) with the other query params. The home page is named
 * directly rather than through `/`, whose redirect would cost the first screen a second render.
 */
export function afterLoginTarget(search: string): string {
  const q = new URLSearchParams(search);
  const redirect = q.get('redirect');
  q.delete('redirect');
  const sameSite = !!redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login');
  const safe = sameSite && redirect !== '/' ? redirect : DASHBOARD_PATH;
  const rest = q.toString();
  return rest ? `${safe}?${rest}` : safe;
}
