/** SPEC §3 menu badge counters: part A names (server keys) and part B response fields. */
export const BADGE_KEYS = ['purchase_wait', 'purchase_hold', 'pack_wait_audit', 'remove_wait', 'return_wait', 'pack_exception', 'sort_wait'] as const;
export type BadgeKey = (typeof BADGE_KEYS)[number];

export const BADGE_FIELDS: Record<BadgeKey, string> = {
  purchase_wait: 'waitPurchaseNum',
  purchase_hold: 'purchaseHoldNum',
  pack_wait_audit: 'packPretrialNum',
  remove_wait: 'removeWaitNum',
  return_wait: 'returnCheckingNum',
  pack_exception: 'exceptionUnDealNum',
  sort_wait: 'waitSortNum',
};

export interface Title {
  zh: string;
  en: string;
}

/** One entry of the route catalogue. Child paths are relative to their parent; top-level paths are absolute. */
export interface CatalogueRoute {
  path: string;
  /** 'Layout' for the common layout, otherwise the page's component path in the web registry. */
  component: string;
  title: Title;
  icon?: string;
  /** Permission keys the screen's calls need; granting the route grants them. */
  permissions?: string[];
  badge?: BadgeKey;
  hidden?: boolean;
  /** Full path of the menu item to highlight while this hidden route is open. */
  activeMenu?: string;
  noCache?: boolean;
  affix?: boolean;
  alwaysShow?: boolean;
  /** false: left out of the breadcrumb. */
  breadcrumb?: boolean;
  /** 'noRedirect' makes the breadcrumb item not clickable. */
  redirect?: string;
  /** Only the super admin (a role with every route) has it: no other role may be granted it (e.g. whole-database backups). */
  superAdminOnly?: boolean;
  children?: CatalogueRoute[];
}

/** The shape GET /api/role/getEnableRoutes returns (SPEC §3 menu route entry). */
export interface MenuRoute {
  path: string;
  component: string;
  name: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  meta: {
    title: string;
    titleEn: string;
    icon?: string;
    noCache?: boolean;
    affix?: boolean;
    activeMenu?: string;
    badge?: BadgeKey;
    breadcrumb?: boolean;
  };
  children?: MenuRoute[];
}
