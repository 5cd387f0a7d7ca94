import { vocab } from './labels';

/** Item attributes a ship channel allows or refuses (bindChannelAttr). */
export const ItemAttr = vocab([
  { value: 'battery', zh: '带电', en: 'Battery' },
  { value: 'liquid', zh: '液体', en: 'Liquid' },
  { value: 'powder', zh: '粉末', en: 'Powder' },
  { value: 'brand', zh: '品牌', en: 'Brand' },
  { value: 'cosmetics', zh: '化妆品', en: 'Cosmetics' },
  { value: 'food', zh: '食品', en: 'Food' },
  { value: 'magnetic', zh: '带磁', en: 'Magnetic' },
  { value: 'blade', zh: '刀具', en: 'Blades' },
] as const);
export type ItemAttr = (typeof ItemAttr.values)[number];

/** Status of configuration records: the SPEC's general status without "deleted". */
export const ConfigStatus = vocab([
  { value: 'activity', zh: '启用', en: 'Enabled' },
  { value: 'disabled', zh: '禁用', en: 'Disabled' },
] as const);
export type ConfigStatus = (typeof ConfigStatus.values)[number];

/** SPEC §9 app ids: 1 member terminal, 2 agent terminal. */
export const AppId = vocab([
  { value: '1', zh: '会员端', en: 'Member terminal' },
  { value: '2', zh: '代理端', en: 'Agent terminal' },
] as const);

export const PaymentProvider = vocab([
  { value: 'paypal', zh: 'PayPal', en: 'PayPal' },
  { value: 'card', zh: '银行卡', en: 'Card' },
  { value: 'alipay', zh: '支付宝', en: 'Alipay' },
  { value: 'wechat', zh: '微信支付', en: 'WeChat Pay' },
  { value: 'usdt', zh: 'USDT', en: 'USDT' },
  { value: 'bank_transfer', zh: '银行转账', en: 'Bank transfer' },
  { value: 'balance', zh: '余额', en: 'Balance' },
] as const);
export type PaymentProvider = (typeof PaymentProvider.values)[number];

/** The provider that takes a channel's money (issue #32); a channel without one is only listed. */
export const PaymentGateway = vocab([
  { value: 'stripe', zh: 'Stripe', en: 'Stripe' },
  { value: 'alipay', zh: '支付宝', en: 'Alipay' },
  { value: 'paypal', zh: 'PayPal', en: 'PayPal' },
] as const);
export type PaymentGateway = (typeof PaymentGateway.values)[number];

export const PaymentScenario = vocab([
  { value: 'recharge', zh: '充值', en: 'Recharge' },
  { value: 'order_pay', zh: '订单支付', en: 'Order payment' },
  { value: 'package_pay', zh: '包裹支付', en: 'Package payment' },
  { value: 'patch_pay', zh: '补款支付', en: 'Top-up payment' },
] as const);
export type PaymentScenario = (typeof PaymentScenario.values)[number];

export const NotifyChannelType = vocab([
  { value: 'email', zh: '邮件(SMTP)', en: 'Email (SMTP)' },
  { value: 'discord', zh: 'Discord', en: 'Discord' },
  { value: 'telegram', zh: 'Telegram', en: 'Telegram' },
  { value: 'site', zh: '站内信', en: 'Site message' },
] as const);
export type NotifyChannelType = (typeof NotifyChannelType.values)[number];

/** Business events members are notified of, with the variables their templates may use. */
export const NotifyEvent = vocab([
  { value: 'purchased', zh: '已采购', en: 'Purchased' },
  { value: 'arrived', zh: '已到仓', en: 'Arrived at warehouse' },
  { value: 'price_patch', zh: '需补差价', en: 'Price top-up needed' },
  { value: 'package_shipped', zh: '包裹已发货', en: 'Package shipped' },
  { value: 'freight_patch', zh: '需补运费', en: 'Freight top-up needed' },
  { value: 'refund_done', zh: '退款完成', en: 'Refund done' },
  { value: 'storage_reminder', zh: '仓储提醒', en: 'Storage reminder' },
  { value: 'storage_fee_warning', zh: '仓储费预警', en: 'Storage fee warning' },
  { value: 'qc_problem', zh: '质检问题待答复', en: 'QC problem to answer' },
  { value: 'pretrial_failed', zh: '包裹预审不通过', en: 'Pre-review failed' },
  { value: 'package_delivered', zh: '包裹已签收', en: 'Package delivered' },
  { value: 'tracking_problem', zh: '包裹物流异常', en: 'Package tracking problem' },
] as const);
export type NotifyEvent = (typeof NotifyEvent.values)[number];

export const NOTIFY_VARIABLES: Record<NotifyEvent, readonly string[]> = {
  purchased: ['memberName', 'orderNo', 'goodsName'],
  arrived: ['memberName', 'orderNo', 'goodsName', 'weightG'],
  price_patch: ['memberName', 'orderNo', 'amount', 'currency'],
  package_shipped: ['memberName', 'packageNo', 'channelName', 'trackingNo'],
  freight_patch: ['memberName', 'packageNo', 'amount', 'currency'],
  refund_done: ['memberName', 'orderNo', 'amount', 'currency'],
  storage_reminder: ['memberName', 'itemCount', 'days'],
  storage_fee_warning: ['memberName', 'itemCount', 'days', 'amount', 'currency'],
  qc_problem: ['memberName', 'orderNo', 'goodsName', 'problem'],
  pretrial_failed: ['memberName', 'packageNo', 'reason'],
  package_delivered: ['memberName', 'packageNo', 'channelName', 'trackingNo'],
  tracking_problem: ['memberName', 'packageNo', 'trackingNo', 'problem'],
};

export const AppPlatform = vocab([
  { value: 'android', zh: 'Android', en: 'Android' },
  { value: 'ios', zh: 'iOS', en: 'iOS' },
  { value: 'windows', zh: 'Windows', en: 'Windows' },
  { value: 'mac', zh: 'macOS', en: 'macOS' },
] as const);

export const ArticleStatus = vocab([
  { value: 'draft', zh: '草稿', en: 'Draft' },
  { value: 'published', zh: '已发布', en: 'Published' },
] as const);

/** Languages member-facing texts are translated into (zh-CN is the source). */
export const TRANSLATION_LANGUAGES = ['en', 'fr', 'de', 'es', 'ja', 'ko'] as const;

/**
 * The system parameters the shop starts with (参数设置), by key: their names and remarks in both languages. A name or
 * remark staff have changed is shown as typed.
 */
export const ParamName = vocab([
  { value: 'order.autoCancelMinutes', zh: '未支付订单自动取消（分钟）', en: 'Cancel unpaid orders after (minutes)' },
  { value: 'warehouse.freeStorageDays', zh: '免费仓储天数', en: 'Free storage days' },
  { value: 'warehouse.storageFeePerDay', zh: '超期仓储费（分/件/天）', en: 'Storage fee past the free days (cents per item per day)' },
  { value: 'package.maxItems', zh: '单个包裹最多商品数', en: 'Most items in one package' },
  { value: 'service.feePercent', zh: '代购服务费（%）', en: 'Purchasing service fee (%)' },
  { value: 'sla.purchase_wait.hours', zh: '时限：付款后采购（小时）', en: 'Time limit: purchase after payment (hours)' },
  { value: 'sla.purchase_hold.hours', zh: '时限：挂起后处理（小时）', en: 'Time limit: handle a held order (hours)' },
  { value: 'sla.pack_wait_audit.hours', zh: '时限：提交打包后预审（小时）', en: 'Time limit: pre-review after the pack order (hours)' },
  { value: 'sla.remove_wait.hours', zh: '时限：付运费后打包（小时）', en: 'Time limit: packing after the freight payment (hours)' },
  { value: 'sla.return_wait.hours', zh: '时限：退货申请审核（小时）', en: 'Time limit: review a return request (hours)' },
  { value: 'sla.pack_exception.hours', zh: '时限：异常包裹处理（小时）', en: 'Time limit: handle an exception (hours)' },
  { value: 'sla.sort_wait.hours', zh: '时限：贴单后分拣（小时）', en: 'Time limit: sorting after the label (hours)' },
] as const);

export const ParamRemark = vocab([
  { value: 'warehouse.storageFeePerDay', zh: '超过免费天数后每件商品每天收取', en: 'Charged per item and day past the free days' },
  { value: 'service.feePercent', zh: '按商品金额收取', en: 'Charged on the goods amount' },
] as const);
