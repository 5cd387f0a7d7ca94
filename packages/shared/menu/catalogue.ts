import type { CatalogueRoute } from './types';

const t = (zh: string, en: string) => ({ zh, en });
const page = (path: string, component: string, title: ReturnType<typeof t>, extra: Partial<CatalogueRoute> = {}): CatalogueRoute => ({
  path,
  component,
  title,
  permissions: extra.permissions ?? [`${component.split('/')[0]}:${path.split('/')[0].replace(/[:/].*$/, '')}`],
  ...extra,
});
const hidden = (path: string, component: string, title: ReturnType<typeof t>, extra: Partial<CatalogueRoute> = {}) =>
  page(path, component, title, { hidden: true, ...extra });

const VIP_TERMINAL_TEXTS: [string, string, string][] = [
  ['purchaseAgreement', '代购协议', 'Purchase agreement'],
  ['productClaim', '商品认领说明', 'Product claim'],
  ['KYCAuthHelp', 'KYC认证帮助', 'KYC help'],
  ['withdrawalHelp', '提现帮助', 'Withdrawal help'],
  ['RechargeTip', '充值提示', 'Recharge tip'],
  ['afterLoginDialog', '登录后弹窗', 'After-login pop-up'],
  ['calculatorHelp', '运费计算器帮助', 'Calculator help'],
  ['FAQ', '常见问题', 'FAQ'],
  ['otherList', '风险提示', 'Risk tips'],
  ['homeDialog', '首页弹窗', 'Home pop-up'],
  ['helpCenter', '帮助中心配置', 'Help centre'],
  ['helpCenterModal', '帮助中心弹窗', 'Help centre pop-up'],
  ['agreementConfig', '协议配置', 'Agreements'],
  ['paySecurityTip', '支付安全提示', 'Payment security tip'],
  ['combinationBalanceTip', '组合余额支付提示', 'Combined balance tip'],
  ['insuranceTip', '保险提示', 'Insurance tip'],
  ['PackPriceTip', '打包价格提示', 'Pack price tip'],
  ['purchasePatchPreReturnTip', '补差价预退提示', 'Price top-up pre-return tip'],
  ['redeemCoupon', '兑换优惠券说明', 'Redeem coupon'],
  ['agreementArticleConfig', '协议文章配置', 'Agreement articles'],
  ['returnPackTip', '退包提示', 'Return package tip'],
];

const AGENT_TERMINAL_PAGES: [string, string, string][] = [
  ['botManage', '机器人管理', 'Bots'],
  ['serverManage', '客服管理', 'Service staff'],
  ['myDomain', '我的域名', 'My domains'],
  ['vipManage', '会员管理', 'Members'],
  ['share', '分享配置', 'Share'],
];

/**
 * The one catalogue of server-delivered routes (SPEC §2): every menu and hidden route with its title,
 * icon, component, permission keys and badge. Roles grant routes by full path.
 */
export const CATALOGUE: CatalogueRoute[] = [
  {
    path: '/WarehouseManage',
    component: 'Layout',
    title: t('仓库管理', 'Warehouse'),
    icon: 'warehouse',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('orderQuery', 'warehouse/OrderQuery', t('订单查询', 'Order query'), { icon: 'search' }),
      hidden('orderDetail', 'warehouse/OrderDetail', t('订单详情', 'Order detail'), {
        activeMenu: '/WarehouseManage/orderQuery',
        permissions: ['warehouse:orderQuery'],
      }),
      page('inboundScan', 'warehouse/InboundScan', t('入库扫描', 'Inbound scan'), { icon: 'scan' }),
      page('qcPhoto', 'warehouse/QcPhoto', t('拍照质检', 'QC photos'), { icon: 'camera' }),
      page('shelving', 'warehouse/Shelving', t('上架', 'Shelving'), { icon: 'shelf' }),
      page('shelfLocation', 'warehouse/ShelfLocation', t('库位管理', 'Shelf locations'), { icon: 'location' }),
      page('shelfCount', 'warehouse/ShelfCount', t('库位盘点', 'Location count'), { icon: 'scan' }),
      page('packQuery', 'warehouse/PackQuery', t('包裹查询', 'Package query'), { icon: 'package' }),
      hidden('packDetail', 'warehouse/PackDetail', t('包裹详情', 'Package detail'), {
        activeMenu: '/WarehouseManage/packQuery',
        permissions: ['warehouse:packQuery'],
      }),
      page('packPretrial', 'warehouse/PackPretrial', t('包裹预审', 'Pre-review'), { icon: 'audit', badge: 'pack_wait_audit' }),
      page('packagesOutShelves', 'warehouse/OutShelves', t('包裹下架', 'Removal from shelves'), { icon: 'unshelve', badge: 'remove_wait' }),
      hidden('packagesOutShelves/controlOutShelves', 'warehouse/ControlOutShelves', t('待下架列表', 'Awaiting removal'), {
        activeMenu: '/WarehouseManage/packagesOutShelves',
        permissions: ['warehouse:packagesOutShelves'],
      }),
      page('packing', 'warehouse/Packing', t('打包称重', 'Packing and weighing'), { icon: 'box' }),
      page('abnormalPackage', 'warehouse/AbnormalPackage', t('异常包裹', 'Exceptions'), { icon: 'warning', badge: 'pack_exception' }),
      hidden('abnormalPackageDetail', 'warehouse/AbnormalPackageDetail', t('异常包裹详情', 'Exception detail'), {
        activeMenu: '/WarehouseManage/abnormalPackage',
        permissions: ['warehouse:abnormalPackage'],
      }),
      page('sortingOutStorage', 'warehouse/SortingOutStorage', t('分拣出库', 'Sorting and out-of-storage'), { icon: 'sort', badge: 'sort_wait' }),
      hidden('sortingOutStorage/bindSack', 'warehouse/BindSack', t('绑定麻袋身份卡', 'Bind sack card'), {
        activeMenu: '/WarehouseManage/sortingOutStorage',
        permissions: ['warehouse:sortingOutStorage'],
      }),
    ],
  },
  {
    path: '/buyModule',
    component: 'Layout',
    title: t('采购管理', 'Purchasing'),
    icon: 'shopping',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('buyOrder', 'buy/BuyOrderList', t('采购订单', 'Purchase orders'), { icon: 'list', badge: 'purchase_wait' }),
      page('holdOrder', 'buy/HoldOrderList', t('挂起订单', 'Held orders'), { icon: 'pause', badge: 'purchase_hold', permissions: ['buy:buyOrder'] }),
      hidden('orderDetail', 'buy/OrderDetail', t('采购订单详情', 'Purchase order detail'), {
        activeMenu: '/buyModule/buyOrder',
        permissions: ['buy:buyOrder'],
      }),
    ],
  },
  {
    path: '/afterSalesManage',
    component: 'Layout',
    title: t('售后管理', 'After-sales'),
    icon: 'customer-service',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('refunded', 'afterSales/RefundedList', t('退款管理', 'Refunds')),
      hidden('refundedDetail', 'afterSales/RefundedDetail', t('退款详情', 'Refund detail'), {
        activeMenu: '/afterSalesManage/refunded',
        permissions: ['afterSales:refunded'],
      }),
      page('returnReview', 'afterSales/ReturnReview', t('退货审核', 'Return review'), { badge: 'return_wait' }),
    ],
  },
  {
    path: '/vipManage',
    component: 'Layout',
    title: t('会员管理', 'Members'),
    icon: 'user',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('list', 'vip/VipList', t('会员列表', 'Member list')),
      hidden('detail/:id', 'vip/VipDetail', t('会员详情', 'Member detail'), { activeMenu: '/vipManage/list', permissions: ['vip:list'], noCache: true }),
      page('userLevel', 'vip/UserLevel', t('会员等级', 'Member levels')),
    ],
  },
  {
    path: '/transaction',
    component: 'Layout',
    title: t('交易流水', 'Transactions'),
    icon: 'transaction',
    redirect: 'noRedirect',
    children: [
      page('list', 'transaction/TransactionList', t('交易流水', 'Transactions'), { icon: 'transaction' }),
      hidden('detail/:id', 'transaction/TransactionDetail', t('交易详情', 'Transaction detail'), {
        activeMenu: '/transaction/list',
        permissions: ['transaction:list'],
        noCache: true,
      }),
    ],
  },
  {
    path: '/waitPaidOrder',
    component: 'Layout',
    title: t('待支付订单', 'Unpaid orders'),
    icon: 'clock',
    redirect: 'noRedirect',
    children: [
      page('list', 'waitPaidOrder/WaitPaidList', t('待支付订单', 'Unpaid orders'), { icon: 'clock' }),
      hidden('detail/:id', 'waitPaidOrder/WaitPaidDetail', t('待支付订单详情', 'Unpaid order detail'), {
        activeMenu: '/waitPaidOrder/list',
        permissions: ['waitPaidOrder:list'],
        noCache: true,
      }),
    ],
  },
  {
    path: '/financialManage',
    component: 'Layout',
    title: t('财务管理', 'Finance'),
    icon: 'money',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('agentWithdrawalManage', 'finance/AgentWithdrawalList', t('代理提现管理', 'Agent withdrawals')),
      hidden('agentWithdrawalManage/agentWithdrawalListDetail', 'finance/AgentWithdrawalDetail', t('代理提现详情', 'Withdrawal detail'), {
        activeMenu: '/financialManage/agentWithdrawalManage',
        permissions: ['finance:agentWithdrawalManage'],
      }),
      page('storageFee', 'storageFee/StorageFeeList', t('仓储费', 'Storage fees'), { icon: 'clock', permissions: ['finance:storageFee'] }),
    ],
  },
  {
    path: '/paymentManage',
    component: 'Layout',
    title: t('支付管理', 'Payments'),
    icon: 'wallet',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('channelList', 'payment/ChannelList', t('支付渠道', 'Payment channels')),
      hidden('channelConfig', 'payment/ChannelConfig', t('支付渠道配置', 'Channel configuration'), {
        activeMenu: '/paymentManage/channelList',
        permissions: ['payment:channelList'],
      }),
      page('configRule', 'payment/ConfigRuleList', t('支付规则', 'Payment rules')),
      page('reconcile', 'payment/Reconcile', t('支付对账', 'Payment reconciliation')),
      hidden('config-rule-operate', 'payment/ConfigRuleOperate', t('编辑支付规则', 'Edit payment rule'), {
        activeMenu: '/paymentManage/configRule',
        permissions: ['payment:configRule'],
        noCache: true,
      }),
      hidden('config-rule-detail', 'payment/ConfigRuleDetail', t('支付规则详情', 'Payment rule detail'), {
        activeMenu: '/paymentManage/configRule',
        permissions: ['payment:configRule'],
      }),
    ],
  },
  {
    path: '/logisticsChannelsManage',
    component: 'Layout',
    title: t('物流渠道管理', 'Logistics channels'),
    icon: 'truck',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('channelList', 'logistics/ChannelList', t('物流渠道', 'Ship channels')),
      hidden('countryAreaConfig', 'logistics/CountryAreaConfig', t('国家区域配置', 'Country areas'), {
        activeMenu: '/logisticsChannelsManage/channelList',
        permissions: ['logistics:channelList'],
      }),
      hidden('provinceConfig', 'logistics/ProvinceConfig', t('省份配置', 'Provinces'), {
        activeMenu: '/logisticsChannelsManage/channelList',
        permissions: ['logistics:channelList'],
      }),
      hidden('bindChannelAttr', 'logistics/BindChannelAttr', t('绑定渠道属性', 'Channel attributes'), {
        activeMenu: '/logisticsChannelsManage/channelList',
        permissions: ['logistics:channelList'],
      }),
      page('forwarder', 'logistics/ForwarderList', t('货代管理', 'Forwarders')),
      page('freightCalculator', 'logistics/FreightCalculator', t('运费计算器', 'Freight calculator')),
    ],
  },
  {
    path: '/marketingManage',
    component: 'Layout',
    title: t('营销管理', 'Marketing'),
    icon: 'gift',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('couponManage', 'marketing/CouponList', t('优惠券管理', 'Coupons')),
      hidden('couponManage/operateConstCoupon', 'marketing/OperateConstCoupon', t('固定优惠券', 'Fixed coupon'), {
        activeMenu: '/marketingManage/couponManage',
        permissions: ['marketing:couponManage'],
        noCache: true,
      }),
      hidden('couponManage/operateCycleCoupon', 'marketing/OperateCycleCoupon', t('周期优惠券', 'Cycle coupon'), {
        activeMenu: '/marketingManage/couponManage',
        permissions: ['marketing:couponManage'],
        noCache: true,
      }),
      hidden('couponManage/couponSendRecord', 'marketing/CouponSendRecord', t('发放明细', 'Issue details'), {
        activeMenu: '/marketingManage/couponManage',
        permissions: ['marketing:couponManage'],
      }),
      page('resourceSpace', 'marketing/ResourceSpaceList', t('资源位管理', 'Resource slots')),
      hidden('resourceSpace/resourceTask', 'marketing/ResourceTask', t('资源位任务', 'Resource tasks'), {
        activeMenu: '/marketingManage/resourceSpace',
        permissions: ['marketing:resourceSpace'],
      }),
      page('activitiesManage', 'marketing/ActivityList', t('活动管理', 'Lucky draws')),
      hidden('activitiesManage/turntableConfig', 'marketing/TurntableConfig', t('大转盘奖品配置', 'Turntable prizes'), {
        activeMenu: '/marketingManage/activitiesManage',
        permissions: ['marketing:activitiesManage'],
      }),
      hidden('activitiesManage/tigerMachinesConfig', 'marketing/TigerMachinesConfig', t('老虎机奖品配置', 'Slot machine prizes'), {
        activeMenu: '/marketingManage/activitiesManage',
        permissions: ['marketing:activitiesManage'],
      }),
      hidden('activitiesManage/hammerEggConfig', 'marketing/HammerEggConfig', t('砸金蛋奖品配置', 'Egg smashing prizes'), {
        activeMenu: '/marketingManage/activitiesManage',
        permissions: ['marketing:activitiesManage'],
      }),
    ],
  },
  {
    path: '/helpCenter',
    component: 'Layout',
    title: t('帮助中心', 'Help centre'),
    icon: 'question',
    redirect: 'noRedirect',
    children: [
      page('home', 'help/HelpHome', t('帮助中心', 'Help centre'), { icon: 'question' }),
      hidden('homeOperate', 'help/HomeOperate', t('文章编辑', 'Edit article'), { activeMenu: '/helpCenter/home', permissions: ['help:home'], noCache: true }),
    ],
  },
  {
    path: '/proxyManage',
    component: 'Layout',
    title: t('代理管理', 'Agents'),
    icon: 'team',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('list', 'proxy/ProxyList', t('代理列表', 'Agent list')),
      hidden('manage', 'proxy/ProxyManage', t('代理编辑', 'Edit agent'), { activeMenu: '/proxyManage/list', permissions: ['proxy:list'], noCache: true }),
      hidden('detail', 'proxy/ProxyDetail', t('代理详情', 'Agent detail'), { activeMenu: '/proxyManage/list', permissions: ['proxy:list'] }),
      page('agentUser', 'proxy/AgentUserList', t('代理用户', 'Agent users')),
    ],
  },
  {
    path: '/report',
    component: 'Layout',
    title: t('数据报表', 'Reports'),
    icon: 'chart',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('throughput', 'report/Throughput', t('工位效率', 'Station throughput'), { icon: 'dashboard', permissions: ['report:throughput'] }),
      page('leadTimes', 'report/LeadTimes', t('流转时效', 'Lead times'), { icon: 'time', permissions: ['report:leadTimes'] }),
      page('money', 'report/Money', t('资金报表', 'Money report'), { icon: 'money', permissions: ['report:money'] }),
      page('storage', 'report/StorageAge', t('库龄报表', 'Storage age'), { icon: 'clock', permissions: ['report:storage'] }),
    ],
  },
  {
    path: '/notification',
    component: 'Layout',
    title: t('通知管理', 'Notifications'),
    icon: 'bell',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('vip/channelList', 'notification/ChannelList', t('会员通知渠道', 'Member channels'), { hidden: true, permissions: ['notification:vip'] }),
      page('vip/index', 'notification/NotificationHome', t('会员通知', 'Member notifications'), { permissions: ['notification:vip'] }),
      hidden('vip/operateChannel', 'notification/OperateChannel', t('编辑通知渠道', 'Edit channel'), {
        activeMenu: '/notification/vip/index',
        permissions: ['notification:vip'],
        noCache: true,
      }),
    ],
  },
  {
    path: '/systemManage',
    component: 'Layout',
    title: t('系统管理', 'System'),
    icon: 'setting',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      page('adminUser', 'system/AdminUserList', t('管理员账号', 'Staff accounts'), { icon: 'user' }),
      page('role', 'system/RoleList', t('角色管理', 'Roles'), { icon: 'safety' }),
      page('audit', 'system/AuditList', t('审计日志', 'Audit trail'), { icon: 'file-search' }),
      page('webhooks', 'notification/WebhookList', t('事件推送', 'Webhooks'), { icon: 'api', permissions: ['notification:webhook'] }),
      page('siteKeys', 'notification/SiteKeyList', t('站点密钥', 'Site API keys'), { icon: 'key', permissions: ['notification:siteKey'] }),
      page('vipTerminalConfig', 'system/VipTerminalConfig', t('会员端配置', 'Member terminal')),
      hidden('vipTerminalConfig/FAQOperate', 'system/FAQOperate', t('FAQ编辑', 'Edit FAQ'), {
        activeMenu: '/systemManage/vipTerminalConfig',
        permissions: ['system:vipTerminalConfig'],
        noCache: true,
      }),
      ...VIP_TERMINAL_TEXTS.map(([key, zh, en]) =>
        hidden(`vipTerminalConfig/${key}`, 'system/TipsConfig', t(zh, en), {
          activeMenu: '/systemManage/vipTerminalConfig',
          permissions: ['system:vipTerminalConfig'],
        }),
      ),
      page('agentBackendConfig', 'system/AgentBackendConfig', t('代理端配置', 'Agent terminal')),
      ...AGENT_TERMINAL_PAGES.map(([key, zh, en]) =>
        hidden(`agentBackendConfig/${key}`, `system/agent${key[0].toUpperCase()}${key.slice(1)}`, t(zh, en), {
          activeMenu: '/systemManage/agentBackendConfig',
          permissions: ['system:agentBackendConfig'],
        }),
      ),
      page('param', 'system/ParamList', t('系统参数', 'Parameters')),
      page('appVersion', 'system/AppVersion', t('版本管理', 'App versions')),
      page('referenceData', 'system/ReferenceData', t('基础数据', 'Reference data')),
      page('verifyConfig', 'system/VerifyConfig', t('敏感操作验证', 'Sensitive operations'), { superAdminOnly: true }),
      page('backup', 'system/BackupList', t('数据备份', 'Backups'), { icon: 'backup', superAdminOnly: true }),
    ],
  },
];
