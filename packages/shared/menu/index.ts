import { CATALOGUE } from './catalogue';
import type { CatalogueRoute, MenuRoute } from './types';

export * from './types';
export { CATALOGUE };

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export interface FlatRoute {
  fullPath: string;
  parentPath: string;
  route: CatalogueRoute;
}

/** Every leaf route of the catalogue with its full path. */
export const FLAT_ROUTES: FlatRoute[] = CATALOGUE.flatMap((top) =>
  (top.children ?? []).map((route) => ({ fullPath: joinPath(top.path, route.path), parentPath: top.path, route })),
);

export const ROUTE_PATHS: string[] = FLAT_ROUTES.map((r) => r.fullPath);
const ROUTE_PATH_SET = new Set(ROUTE_PATHS);

export function isCataloguePath(path: string): boolean {
  return ROUTE_PATH_SET.has(path);
}

export const ALL_PERMISSIONS: string[] = [...new Set(FLAT_ROUTES.flatMap((r) => r.route.permissions ?? []))].sort();

/** Routes a role other than the super admin's may be granted. */
export const GRANTABLE_PATHS: string[] = FLAT_ROUTES.filter((r) => !r.route.superAdminOnly).map((r) => r.fullPath);
const GRANTABLE_SET = new Set(GRANTABLE_PATHS);
export const isGrantablePath = (path: string): boolean => GRANTABLE_SET.has(path);

/** The permission keys that granting these routes gives (super-admin-only routes give none outside that role). */
export function permissionsOf(paths: Iterable<string>): Set<string> {
  const granted = new Set(paths);
  return new Set(FLAT_ROUTES.filter((r) => granted.has(r.fullPath) && !r.route.superAdminOnly).flatMap((r) => r.route.permissions ?? []));
}

/** Expands path prefixes ('/WarehouseManage', '/buyModule/orderDetail') to the catalogue's leaf paths. */
export function expandGrants(prefixes: readonly string[]): string[] {
  return ROUTE_PATHS.filter((p) => prefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`)));
}

function toMenuRoute(route: CatalogueRoute, fullPath: string, children?: MenuRoute[]): MenuRoute {
  const meta: MenuRoute['meta'] = { title: route.title.zh, titleEn: route.title.en };
  if (route.icon) meta.icon = route.icon;
  if (route.noCache) meta.noCache = true;
  if (route.affix) meta.affix = true;
  if (route.activeMenu) meta.activeMenu = route.activeMenu;
  if (route.badge) meta.badge = route.badge;
  if (route.breadcrumb === false) meta.breadcrumb = false;
  const out: MenuRoute = { path: route.path, component: route.component, name: fullPath, meta };
  if (route.hidden) out.hidden = true;
  if (route.alwaysShow) out.alwaysShow = true;
  if (route.redirect) out.redirect = route.redirect;
  if (children) out.children = children;
  return out;
}

/**
 * The permitted part of the catalogue in the SPEC's menu shape; a parent appears when any child is granted.
 * 'grantable': every route a role editor may hand out.
 */
export function buildMenuTree(granted: ReadonlySet<string> | 'all' | 'grantable'): MenuRoute[] {
  const allowed = (p: string) => granted === 'all' || (granted === 'grantable' ? GRANTABLE_SET.has(p) : granted.has(p) && GRANTABLE_SET.has(p));
  const tree: MenuRoute[] = [];
  for (const top of CATALOGUE) {
    const children = (top.children ?? []).filter((c) => allowed(joinPath(top.path, c.path))).map((c) => toMenuRoute(c, joinPath(top.path, c.path)));
    if (children.length > 0) tree.push(toMenuRoute(top, top.path, children));
  }
  return tree;
}

export interface SeedRole {
  key: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  allRoutes?: boolean;
  grants: string[];
}

/** Seed roles (DESIGN §5): each is granted the routes its job needs, given as path prefixes. */
export const SEED_ROLES: SeedRole[] = [
  {
    key: 'super_admin',
    name: '超级管理员',
    nameEn: 'Super admin',
    description: '全部页面和全部权限',
    descriptionEn: 'Every route and every permission',
    allRoutes: true,
    grants: [],
  },
  {
    key: 'warehouse',
    name: '仓库',
    nameEn: 'Warehouse',
    description: '仓库各工位：入库、质检拍照、上架、打包、分拣、出库',
    descriptionEn: 'Warehouse stations: inbound, QC, shelving, packing, sorting, out-of-storage',
    grants: ['/WarehouseManage', '/report/throughput', '/report/storage'],
  },
  {
    key: 'purchaser',
    name: '采购',
    nameEn: 'Purchaser',
    description: '在各电商平台采购订单商品',
    descriptionEn: 'Buys order lines on the marketplaces',
    grants: ['/buyModule', '/WarehouseManage/orderQuery', '/WarehouseManage/orderDetail'],
  },
  {
    key: 'finance',
    name: '财务',
    nameEn: 'Finance',
    description: '资金：提现、交易流水、退款、待支付订单',
    descriptionEn: 'Money: withdrawals, transactions, refunds, unpaid orders',
    grants: ['/financialManage', '/transaction', '/waitPaidOrder', '/afterSalesManage', '/vipManage', '/paymentManage', '/report/money', '/report/storage'],
  },
  {
    key: 'customer_service',
    name: '客服',
    nameEn: 'Customer service',
    description: '会员、售后、订单和包裹查询',
    descriptionEn: 'Members, after-sales, order and package look-ups',
    grants: [
      '/vipManage',
      '/afterSalesManage',
      '/buyModule/orderDetail',
      '/WarehouseManage/orderQuery',
      '/WarehouseManage/orderDetail',
      '/WarehouseManage/packQuery',
      '/WarehouseManage/packDetail',
      '/notification',
    ],
  },
  {
    key: 'marketing',
    name: '营销',
    nameEn: 'Marketing',
    description: '优惠券、资源位、抽奖活动、帮助中心',
    descriptionEn: 'Coupons, resource slots, lucky draws, help centre',
    grants: ['/marketingManage', '/helpCenter'],
  },
  {
    key: 'operations',
    name: '运营',
    nameEn: 'Operations',
    description: '支付和物流配置、终端文案、代理、通知',
    descriptionEn: 'Payment and logistics configuration, terminal texts, agents, notifications',
    grants: [
      '/paymentManage',
      '/logisticsChannelsManage',
      '/helpCenter',
      '/notification',
      '/proxyManage',
      '/systemManage/vipTerminalConfig',
      '/systemManage/agentBackendConfig',
      '/systemManage/param',
      '/systemManage/appVersion',
      '/systemManage/referenceData',
      '/report/leadTimes',
    ],
  },
];

/**
 * A role's name and description as a reader of `lang` sees them: a built-in role that still has its seeded texts (in
 * either language: databases seeded before the Chinese descriptions keep the English ones) shows the seed's texts in
 * `lang`; a role someone named or described shows what they wrote.
 */
export function roleTexts(role: { key: string; name: string; description?: string }, lang: 'zh' | 'en'): { name: string; description: string } {
  const seed = SEED_ROLES.find((r) => r.key === role.key);
  if (!seed) return { name: role.name, description: role.description ?? '' };
  const pick = (stored: string, zh: string, en: string) => (stored === zh || stored === en ? (lang === 'en' ? en : zh) : stored);
  return { name: pick(role.name, seed.name, seed.nameEn), description: pick(role.description ?? '', seed.description, seed.descriptionEn) };
}
