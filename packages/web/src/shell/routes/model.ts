import type { BadgeKey, MenuRoute } from '@waystation/shared/menu/types';

/** A route of the shell: a server menu entry (or a static one) with its full path and parent. */
export interface AppRoute {
  /** Full path pattern, e.g. '/systemManage/adminUser' or '/vipManage/detail/:id'; an external link's URL. */
  path: string;
  /** 'Layout' for the common layout, otherwise the page's key in the page registry. */
  component: string;
  title: string;
  titleEn: string;
  icon?: string;
  noCache: boolean;
  affix: boolean;
  activeMenu?: string;
  badge?: BadgeKey;
  /** false: left out of the breadcrumb. */
  breadcrumb: boolean;
  hidden: boolean;
  alwaysShow: boolean;
  redirect?: string;
  external: boolean;
  parent?: AppRoute;
  children: AppRoute[];
}

export const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/') || isExternal(child)) return child;
  if (!child) return parent;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

function toAppRoute(m: MenuRoute, parent?: AppRoute): AppRoute {
  const path = parent ? joinPath(parent.path, m.path) : m.path;
  const route: AppRoute = {
    path,
    component: m.component,
    title: m.meta?.title ?? '',
    titleEn: m.meta?.titleEn ?? m.meta?.title ?? '',
    icon: m.meta?.icon,
    noCache: !!m.meta?.noCache,
    affix: !!m.meta?.affix,
    activeMenu: m.meta?.activeMenu,
    badge: m.meta?.badge,
    breadcrumb: m.meta?.breadcrumb !== false,
    hidden: !!m.hidden,
    alwaysShow: !!m.alwaysShow,
    redirect: m.redirect,
    external: isExternal(path),
    parent,
    children: [],
  };
  route.children = (m.children ?? []).map((c) => toAppRoute(c, route));
  return route;
}

/** The shell's own routes around the server's: Dashboard (affixed, never cached) and the hidden Profile. */
export const STATIC_MENU: MenuRoute[] = [
  {
    path: '/',
    component: 'Layout',
    name: 'Root',
    redirect: '/dashboard',
    meta: { title: '', titleEn: '' },
    children: [
      {
        path: 'dashboard',
        component: 'dashboard/Dashboard',
        name: 'Dashboard',
        meta: { title: '首页', titleEn: 'Dashboard', icon: 'dashboard', affix: true, noCache: true },
      },
    ],
  },
  {
    path: '/profile',
    component: 'Layout',
    name: 'Profile',
    redirect: '/profile/index',
    hidden: true,
    meta: { title: '', titleEn: '' },
    children: [
      {
        path: 'index',
        component: 'profile/Profile',
        name: 'ProfileIndex',
        hidden: true,
        meta: { title: '个人中心', titleEn: 'Profile', icon: 'user', noCache: true },
      },
    ],
  },
];

export const DASHBOARD_PATH = '/dashboard';

/** Static routes first, then the server's permitted tree. */
export function buildAppRoutes(serverMenu: MenuRoute[]): AppRoute[] {
  return [...STATIC_MENU, ...serverMenu].map((m) => toAppRoute(m));
}

export function flattenRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)]);
}

/** Routes that render a page (everything but Layout wrappers and external links). */
export function pageRoutes(routes: AppRoute[]): AppRoute[] {
  return flattenRoutes(routes).filter((r) => r.component !== 'Layout' && !r.external);
}

/** A route that may appear in the sidebar and the route search: not hidden, and a real page or a link. */
export function isShowing(route: AppRoute, isRegistered: (component: string) => boolean): boolean {
  if (route.hidden) return false;
  if (route.external) return true;
  if (route.component === 'Layout') return route.children.some((c) => isShowing(c, isRegistered));
  return isRegistered(route.component);
}

export interface SidebarNode {
  key: string;
  route: AppRoute;
  children?: SidebarNode[];
}

/**
 * The sidebar (SPEC §2): an item with exactly one showing child shows that child directly, unless the
 * parent says alwaysShow; otherwise a submenu. A parent with no showing child is left out: a menu entry
 * must lead to a working screen.
 */
export function sidebarTree(routes: AppRoute[], isRegistered: (component: string) => boolean): SidebarNode[] {
  const nodes: SidebarNode[] = [];
  for (const route of routes) {
    if (!isShowing(route, isRegistered)) continue;
    if (route.children.length === 0) {
      nodes.push({ key: route.path, route });
      continue;
    }
    const showing = route.children.filter((c) => isShowing(c, isRegistered));
    const only = showing[0];
    if (showing.length === 1 && !route.alwaysShow && only.children.length === 0) {
      nodes.push({ key: only.path, route: only });
    } else {
      nodes.push({ key: route.path, route, children: sidebarTree(route.children, isRegistered) });
    }
  }
  return nodes;
}

/** Splits a pattern and a pathname into segments and matches ':param' segments against anything. */
export function matchPattern(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The page route a pathname opens, if any. Exact paths win over parameterised ones. */
export function findRoute(flat: AppRoute[], pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return flat.find((r) => r.path === clean) ?? flat.find((r) => r.path.includes(':') && matchPattern(r.path, clean));
}

/** The menu key to highlight: activeMenu (e.g. packDetail → packQuery) or the route's own path. */
export function activeMenuOf(route: AppRoute | undefined, pathname: string): string {
  return route?.activeMenu ?? route?.path ?? pathname;
}

export interface Crumb {
  route: AppRoute;
  /** Where clicking it goes; undefined when not clickable (last item, noRedirect). */
  to?: string;
}

/**
 * The breadcrumb (SPEC §2): starts with Dashboard, shows only titled routes, skips routes whose
 * breadcrumb is off; the last item and noRedirect items are not clickable.
 */
export function breadcrumbOf(route: AppRoute | undefined, dashboard: AppRoute): Crumb[] {
  const chain: AppRoute[] = [];
  for (let r = route; r; r = r.parent) chain.unshift(r);
  const shown = chain.filter((r) => r.title && r.breadcrumb);
  if (shown[0]?.path !== dashboard.path) shown.unshift(dashboard);
  return shown.map((r, i) => {
    const last = i === shown.length - 1;
    if (last || r.redirect === 'noRedirect') return { route: r };
    if (r.redirect) return { route: r, to: r.redirect };
    return { route: r, to: r.component === 'Layout' ? undefined : r.path };
  });
}

export interface SearchItem {
  path: string;
  /** Title chain from the top menu down, in the current language. */
  title: string[];
}

/** Route-search entries: every showing page route with its title chain (hidden routes excluded). */
export function searchItems(
  routes: AppRoute[],
  isRegistered: (component: string) => boolean,
  titleOf: (r: AppRoute) => string,
  prefix: string[] = [],
): SearchItem[] {
  const out: SearchItem[] = [];
  for (const r of routes) {
    if (!isShowing(r, isRegistered)) continue;
    const title = titleOf(r);
    const chain = title && prefix[prefix.length - 1] !== title ? [...prefix, title] : prefix;
    if (r.component !== 'Layout') out.push({ path: r.path, title: chain });
    if (r.children.length) out.push(...searchItems(r.children, isRegistered, titleOf, chain));
  }
  return out;
}

/** Where a Layout-only path such as '/WarehouseManage' should land: its first showing child. */
export function firstShowingChild(route: AppRoute, isRegistered: (component: string) => boolean): AppRoute | undefined {
  for (const c of route.children) {
    if (!isShowing(c, isRegistered) || c.external) continue;
    if (c.component !== 'Layout') return c;
    const deeper = firstShowingChild(c, isRegistered);
    if (deeper) return deeper;
  }
  return undefined;
}
