import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@waystation/shared/menu';
import type { MenuRoute } from '@waystation/shared/menu/types';
import { activeMenuOf, breadcrumbOf, buildAppRoutes, DASHBOARD_PATH, findRoute, firstShowingChild, flattenRoutes, searchItems, sidebarTree } from './model';

const registered = new Set(['dashboard/Dashboard', 'profile/Profile', 'system/AdminUserList', 'system/RoleList', 'system/AuditList', 'warehouse/PackQuery']);
const isRegistered = (c: string) => registered.has(c);
const leaf = (path: string, component: string, title: string, extra: Partial<MenuRoute> = {}): MenuRoute => ({
  path,
  component,
  name: path,
  meta: { title, titleEn: title },
  ...extra,
});
const top = (path: string, title: string, children: MenuRoute[], extra: Partial<MenuRoute> = {}): MenuRoute => ({
  path,
  component: 'Layout',
  name: path,
  meta: { title, titleEn: title },
  children,
  ...extra,
});

describe('sidebar tree (SPEC §2)', () => {
  it('shows a single showing child directly, unless alwaysShow; hides parents with nothing to show', () => {
    const routes = buildAppRoutes([
      top('/solo', '单个', [leaf('list', 'system/AdminUserList', '列表'), leaf('detail/:id', 'system/RoleList', '详情', { hidden: true })]),
      top('/always', '总是', [leaf('one', 'system/AuditList', '唯一')], { alwaysShow: true }),
      top('/unbuilt', '未上线', [leaf('a', 'nope/Page', 'A')]),
      top('/two', '两个', [leaf('a', 'system/RoleList', 'A'), leaf('b', 'system/AuditList', 'B')]),
      top('/ext', '外链', [leaf('https://example.com', 'Layout', '手册')]),
    ]);
    const tree = sidebarTree(routes, isRegistered);
    expect(tree.map((n) => [n.key, n.route.title, n.children?.map((c) => c.key) ?? null])).toEqual([
      ['/dashboard', '首页', null],
      ['/solo/list', '列表', null],
      ['/always', '总是', ['/always/one']],
      ['/two', '两个', ['/two/a', '/two/b']],
      ['https://example.com', '手册', null],
    ]);
    expect(tree.find((n) => n.key === 'https://example.com')?.route.external).toBe(true);
  });

  it("for the admin's catalogue only built screens appear; Profile never does", () => {
    const tree = sidebarTree(buildAppRoutes(buildMenuTree('all')), isRegistered);
    expect(tree.map((n) => n.route.title)).toEqual(['首页', '仓库管理', '系统管理']);
    expect(tree[1].children?.map((c) => c.route.title)).toEqual(['包裹查询']);
  });
});

describe('routes', () => {
  const routes = buildAppRoutes(buildMenuTree('all'));
  const flat = flattenRoutes(routes);
  const dashboard = flat.find((r) => r.path === DASHBOARD_PATH)!;

  it('finds exact and parameterised routes, and highlights activeMenu', () => {
    expect(findRoute(flat, '/vipManage/detail/42')?.component).toBe('vip/VipDetail');
    expect(findRoute(flat, '/systemManage/adminUser/')?.component).toBe('system/AdminUserList');
    const packDetail = findRoute(flat, '/WarehouseManage/packDetail');
    expect(activeMenuOf(packDetail, '/WarehouseManage/packDetail')).toBe('/WarehouseManage/packQuery');
    expect(findRoute(flat, '/nowhere')).toBeUndefined();
  });

  it('breadcrumb: Dashboard first, noRedirect and last items not clickable', () => {
    const crumbs = breadcrumbOf(findRoute(flat, '/systemManage/role'), dashboard);
    expect(crumbs.map((c) => [c.route.title, c.to ?? null])).toEqual([
      ['首页', '/dashboard'],
      ['系统管理', null],
      ['角色管理', null],
    ]);
    expect(breadcrumbOf(dashboard, dashboard).map((c) => [c.route.title, c.to ?? null])).toEqual([['首页', null]]);
  });

  it('breadcrumb skips routes whose breadcrumb is off and untitled ones', () => {
    const r = buildAppRoutes([
      top('/x', 'X', [leaf('y', 'system/RoleList', 'Y', { meta: { title: 'Y', titleEn: 'Y', breadcrumb: false } }), leaf('z', 'system/RoleList', '')]),
    ]);
    const f = flattenRoutes(r);
    const dash = f.find((x) => x.path === DASHBOARD_PATH)!;
    expect(breadcrumbOf(findRoute(f, '/x/y'), dash).map((c) => c.route.title)).toEqual(['首页', 'X']);
    expect(breadcrumbOf(findRoute(f, '/x/z'), dash).map((c) => c.route.title)).toEqual(['首页', 'X']);
  });

  it('search items: showing pages only, with the title chain; no duplicated single-child titles', () => {
    const items = searchItems(
      buildAppRoutes([...buildMenuTree('all'), top('/t', '交易', [leaf('list', 'system/AuditList', '交易')])]),
      isRegistered,
      (r) => r.title,
    );
    expect(items).toContainEqual({ path: '/systemManage/role', title: ['系统管理', '角色管理'] });
    expect(items).toContainEqual({ path: '/t/list', title: ['交易'] });
    expect(items.some((i) => i.path === '/WarehouseManage/packDetail')).toBe(false);
    expect(items.some((i) => i.path === '/profile/index')).toBe(false);
  });

  it('a Layout path lands on its first showing child', () => {
    const sys = routes.find((r) => r.path === '/systemManage')!;
    expect(firstShowingChild(sys, isRegistered)?.path).toBe('/systemManage/adminUser');
  });
});
