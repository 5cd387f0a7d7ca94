import { create } from 'zustand';
import type { MenuRoute } from '@waystation/shared/menu/types';
import type { AdminInfo } from '../api/admin';
import { removeToken } from '../api/token';
import { queryClient } from '../api/queryClient';
import { addErrorLog } from './errorLog/store';
import { useTags } from './stores/tags';
import { buildAppRoutes, flattenRoutes, type AppRoute } from './routes/model';

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

/** Clears token, roles and routes and closes all tabs. */
export function clearSession(): void {
  removeToken();
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

/** Where to go after login: the redirect path (same-site only) with the other query params. */
export function afterLoginTarget(search: string): string {
  const q = new URLSearchParams(search);
  const redirect = q.get('redirect');
  q.delete('redirect');
  const safe = redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : '/';
  const rest = q.toString();
  return rest ? `${safe}?${rest}` : safe;
}
