import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, BADGE_KEYS, buildMenuTree, CATALOGUE, expandGrants, FLAT_ROUTES, GRANTABLE_PATHS, permissionsOf, ROUTE_PATHS, SEED_ROLES } from '.';

// SPEC §2 hidden (non-menu) routes, verbatim.
const SPEC_HIDDEN = [
  '/WarehouseManage/orderDetail',
  '/WarehouseManage/packDetail',
  '/WarehouseManage/packagesOutShelves/controlOutShelves',
  '/WarehouseManage/abnormalPackageDetail',
  '/WarehouseManage/sortingOutStorage/bindSack',
  '/financialManage/agentWithdrawalManage/agentWithdrawalListDetail',
  '/vipManage/detail/:id',
  '/transaction/detail/:id',
  '/waitPaidOrder/detail/:id',
  '/paymentManage/config-rule-operate',
  '/paymentManage/config-rule-detail',
  '/paymentManage/channelConfig',
  '/logisticsChannelsManage/countryAreaConfig',
  '/logisticsChannelsManage/provinceConfig',
  '/logisticsChannelsManage/bindChannelAttr',
  '/marketingManage/couponManage/operateConstCoupon',
  '/marketingManage/couponManage/operateCycleCoupon',
  '/marketingManage/couponManage/couponSendRecord',
  '/marketingManage/resourceSpace/resourceTask',
  '/marketingManage/activitiesManage/turntableConfig',
  '/marketingManage/activitiesManage/tigerMachinesConfig',
  '/marketingManage/activitiesManage/hammerEggConfig',
  '/helpCenter/homeOperate',
  '/proxyManage/manage',
  '/proxyManage/detail',
  '/systemManage/vipTerminalConfig/FAQOperate',
  ...[
    'purchaseAgreement',
    'productClaim',
    'KYCAuthHelp',
    'withdrawalHelp',
    'RechargeTip',
    'afterLoginDialog',
    'calculatorHelp',
    'FAQ',
    'otherList',
    'homeDialog',
    'helpCenter',
    'helpCenterModal',
    'agreementConfig',
    'paySecurityTip',
    'combinationBalanceTip',
    'insuranceTip',
    'PackPriceTip',
    'purchasePatchPreReturnTip',
    'redeemCoupon',
    'agreementArticleConfig',
    'returnPackTip',
  ].map((k) => `/systemManage/vipTerminalConfig/${k}`),
  ...['botManage', 'serverManage', 'myDomain', 'vipManage', 'share'].map((k) => `/systemManage/agentBackendConfig/${k}`),
  '/buyModule/orderDetail',
  '/afterSalesManage/refundedDetail',
  '/notification/vip/channelList',
  '/notification/vip/operateChannel',
];

describe('route catalogue', () => {
  it('holds every hidden route of SPEC §2, hidden', () => {
    const hidden = new Set(FLAT_ROUTES.filter((r) => r.route.hidden).map((r) => r.fullPath));
    expect(SPEC_HIDDEN.filter((p) => !hidden.has(p))).toEqual([]);
  });

  it('has unique paths, a title in both languages and at least one permission key per route', () => {
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length);
    for (const r of FLAT_ROUTES) {
      expect(r.route.title.zh, r.fullPath).toBeTruthy();
      expect(r.route.title.en, r.fullPath).toBeTruthy();
      expect(r.route.permissions?.length, r.fullPath).toBeGreaterThan(0);
      expect(r.route.component, r.fullPath).toMatch(/^[a-zA-Z]+\/[A-Za-z]+$/);
    }
  });

  it('puts every SPEC badge on a visible menu item, and highlights packQuery for packDetail', () => {
    const badged = FLAT_ROUTES.filter((r) => r.route.badge && !r.route.hidden).map((r) => r.route.badge);
    expect([...badged].sort()).toEqual([...BADGE_KEYS].sort());
    expect(FLAT_ROUTES.find((r) => r.fullPath === '/WarehouseManage/packDetail')?.route.activeMenu).toBe('/WarehouseManage/packQuery');
  });

  it('points every activeMenu at a visible route', () => {
    const visible = new Set(FLAT_ROUTES.filter((r) => !r.route.hidden).map((r) => r.fullPath));
    for (const r of FLAT_ROUTES.filter((x) => x.route.activeMenu)) expect(visible.has(r.route.activeMenu!), r.fullPath).toBe(true);
  });
});

describe('menus and grants', () => {
  it('builds the full tree for all and only granted children otherwise, with parents only when a child is granted', () => {
    expect(buildMenuTree('all')).toHaveLength(CATALOGUE.length);
    const tree = buildMenuTree(new Set(['/WarehouseManage/packQuery', '/WarehouseManage/packDetail']));
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ path: '/WarehouseManage', component: 'Layout', meta: { title: '仓库管理' } });
    expect(tree[0].children!.map((c) => c.path)).toEqual(['packQuery', 'packDetail']);
    expect(tree[0].children![1]).toMatchObject({ hidden: true, meta: { activeMenu: '/WarehouseManage/packQuery' } });
    expect(buildMenuTree(new Set())).toEqual([]);
  });

  it('expands prefixes to leaf paths without matching a longer name', () => {
    expect(expandGrants(['/vipManage'])).toEqual(['/vipManage/list', '/vipManage/detail/:id', '/vipManage/userLevel']);
    expect(expandGrants(['/WarehouseManage/packagesOutShelves'])).toEqual([
      '/WarehouseManage/packagesOutShelves',
      '/WarehouseManage/packagesOutShelves/controlOutShelves',
    ]);
  });

  it('derives permission keys from granted routes', () => {
    expect([...permissionsOf(['/systemManage/adminUser'])]).toEqual(['system:adminUser']);
    expect(ALL_PERMISSIONS).toContain('system:audit');
  });

  it('grants each seed role routes, and the audit trail only to super_admin', () => {
    for (const role of SEED_ROLES.filter((r) => !r.allRoutes)) {
      const routes = expandGrants(role.grants);
      expect(routes.length, role.key).toBeGreaterThan(0);
      expect(routes, role.key).not.toContain('/systemManage/audit');
      expect(routes, role.key).not.toContain('/systemManage/role');
    }
  });

  it('keeps the backups and sensitive-operation screens to the super admin: no role gets their permission, even when the route is stored for it', () => {
    expect(FLAT_ROUTES.filter((r) => r.route.superAdminOnly).map((r) => r.fullPath)).toEqual(['/systemManage/verifyConfig', '/systemManage/backup']);
    expect(GRANTABLE_PATHS).not.toContain('/systemManage/verifyConfig');
    expect([...permissionsOf(['/systemManage/verifyConfig'])]).toEqual([]);
    expect(GRANTABLE_PATHS).not.toContain('/systemManage/backup');
    expect(ALL_PERMISSIONS).toContain('system:backup');
    expect([...permissionsOf(['/systemManage/backup', '/systemManage/audit'])]).toEqual(['system:audit']);
    const tree = buildMenuTree(new Set(['/systemManage/backup', '/systemManage/audit']));
    expect(tree[0].children!.map((c) => c.path)).toEqual(['audit']);
    expect(
      buildMenuTree('all')
        .find((t) => t.path === '/systemManage')!
        .children!.some((c) => c.path === 'backup'),
    ).toBe(true);
    for (const role of SEED_ROLES.filter((r) => !r.allRoutes)) expect(expandGrants(role.grants), role.key).not.toContain('/systemManage/backup');
  });
});
