import { z } from 'zod';
import { Marketplace } from '../vocab/account';
import { vocab } from '../vocab/labels';
import { password } from '../rules';
import { idParam, PageQuery, pageOf } from './common';
import { Currency } from './ledger';

/**
 * The member API (issue 13): what the member site and app (terminal appId 1) call under /api/open/v1. Its own
 * tokens (Authorization: Bearer …), its own rate limits, the same envelope and error codes as the staff API.
 */

/** SPEC §4 user-facing statuses: what a member is shown for an order line or a package. */
export const MemberFacingStatus = vocab([
  { value: 'ordered', zh: '待支付', en: 'Awaiting payment' },
  { value: 'paid', zh: '已支付', en: 'Paid' },
  { value: 'purchased', zh: '已采购', en: 'Purchased' },
  { value: 'purchase_patch', zh: '待补差价', en: 'Price top-up needed' },
  { value: 'shelved', zh: '已入库', en: 'In the warehouse' },
  { value: 'part_shelved', zh: '部分入库', en: 'Partly in the warehouse' },
  { value: 'pack_ordered', zh: '已提交打包', en: 'Pack order placed' },
  { value: 'packing', zh: '打包中', en: 'Packing' },
  { value: 'patch_wait', zh: '待补运费', en: 'Freight top-up needed' },
  { value: 'wait_ship', zh: '待发货', en: 'Awaiting shipment' },
  { value: 'shipped', zh: '已发货', en: 'Shipped' },
  { value: 'received', zh: '已签收', en: 'Received' },
  { value: 'return_checking', zh: '退货审核中', en: 'Return under review' },
  { value: 'return_doing', zh: '退货中', en: 'Returning' },
  { value: 'return_refund_check', zh: '退款审核中', en: 'Refund under review' },
  { value: 'return_apply_refuse', zh: '退货被拒', en: 'Return refused' },
  { value: 'refunded', zh: '已退款', en: 'Refunded' },
  { value: 'canceled', zh: '已取消', en: 'Canceled' },
  { value: 'closed', zh: '已关闭', en: 'Closed' },
  { value: 'logistics_closed', zh: '物流已关闭', en: 'Delivery closed' },
  { value: 'abNormalPackStatus', zh: '包裹异常', en: 'Package problem' },
] as const);
export type MemberFacingStatus = (typeof MemberFacingStatus.values)[number];

const PURCHASE_FACING: Record<string, MemberFacingStatus> = {
  ordered: 'ordered',
  paying: 'ordered',
  paid: 'paid',
  purchase_wait: 'paid',
  purchasing: 'paid',
  purchase_hold: 'paid',
  purchase_patch: 'purchase_patch',
  purchased: 'purchased',
  stocking_input: 'purchased',
  stocking_photo: 'purchased',
  shelved: 'shelved',
  return_checking: 'return_checking',
  return_doing: 'return_doing',
  returned: 'refunded',
  return_apply_refuse: 'return_apply_refuse',
  purchase_fail: 'closed',
  canceled: 'canceled',
  refunded: 'refunded',
};

/** The member's word for a purchase line's status. */
export const purchaseFacing = (status: string): MemberFacingStatus => PURCHASE_FACING[status] ?? 'closed';

const PACKAGE_FACING: Record<string, MemberFacingStatus> = {
  pack_created: 'pack_ordered',
  ordered: 'pack_ordered',
  pack_pretrial: 'pack_ordered',
  pack_pretrial_pass: 'pack_ordered',
  pack_pretrial_fail: 'pack_ordered',
  paying: 'pack_ordered',
  paid: 'packing',
  remove_wait: 'packing',
  removing: 'packing',
  removed: 'packing',
  packing: 'packing',
  packed: 'packing',
  patch_wait: 'patch_wait',
  pending_launch: 'wait_ship',
  wait_ship: 'wait_ship',
  sorted: 'wait_ship',
  prepare_ship: 'wait_ship',
  shipped: 'shipped',
  received: 'received',
  exception: 'abNormalPackStatus',
  return_ordered: 'return_refund_check',
  return_refund_check: 'return_refund_check',
  return_refund_complete: 'refunded',
  returned: 'logistics_closed',
  canceled: 'canceled',
};

/** The member's word for a package's status. */
export const packageFacing = (status: string): MemberFacingStatus => PACKAGE_FACING[status] ?? 'closed';

/**
 * SPEC §4 order status list extras for a package: labelled but not yet sorted into a sack (wait_sort), and how a
 * received package was completed: by staff by hand (completed_handle) or by the auto-receive job (completed_auto).
 */
export const PackageOrderExtra = vocab([
  { value: 'wait_sort', zh: '待分拣', en: 'Waiting to be sorted' },
  { value: 'completed_handle', zh: '人工完成', en: 'Completed by staff' },
  { value: 'completed_auto', zh: '自动完成', en: 'Completed automatically' },
] as const);
export type PackageOrderStatus = MemberFacingStatus | (typeof PackageOrderExtra.values)[number];
export const packageOrderStatus = (p: { status: string; sackId: number | null; receivedBy: string }): PackageOrderStatus => {
  if (p.status === 'wait_ship' && p.sackId === null) return 'wait_sort';
  if (p.status === 'received' && p.receivedBy === 'auto') return 'completed_auto';
  if (p.status === 'received' && p.receivedBy === 'staff') return 'completed_handle';
  return packageFacing(p.status);
};

const isoTime = z.string();
const amount = z.number().int().positive().max(1_000_000_000);

/** Where the member and agent API's calls live. */
export const OPEN_PREFIX = '/api/open/v1';

/** Idempotency-Key header of every write: 8–100 letters, digits, - _ : . */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

// ---------------------------------------------------------------- sign-in

const email = z.string().trim().toLowerCase().max(120, '邮箱格式不正确').pipe(z.email('邮箱格式不正确'));

export const RegisterBody = z.strictObject({
  email,
  password,
  name: z.string().trim().min(1, '请输入姓名').max(60, '姓名最多60个字符'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, '国家代码格式错误')
    .optional(),
  /** The inviting agent's id, when the member came through an agent's site. */
  agentId: z.number().int().positive().optional(),
});
/**
 * What a sign-up answers, the same whether or not the email already has an account: a code was mailed to the email
 * (to a taken email goes a note to its owner instead), and the account exists once that code is confirmed.
 */
export const RegisterStarted = z.object({ email: z.string(), codeExpiresInSeconds: z.number().int() });
export type RegisterStarted = z.infer<typeof RegisterStarted>;
export const RegisterConfirmBody = z.strictObject({ email, code: z.string().regex(/^\d{6}$/, '验证码为6位数字') });
export const LoginBody = z.strictObject({ email, password: z.string().min(1, '请输入密码').max(64, '请输入密码') });
export const ResetRequestBody = z.strictObject({ email });
export const ResetBody = z.strictObject({ email, code: z.string().regex(/^\d{6}$/, '验证码为6位数字'), password });

export const MemberAccount = z.object({ kind: z.string(), currency: z.string(), balance: z.number().int() });
export const MemberProfile = z.object({
  id: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  kycStatus: z.string(),
  accounts: z.array(MemberAccount),
});
export type MemberProfile = z.infer<typeof MemberProfile>;
export const SessionResult = z.object({ token: z.string(), expiresAt: isoTime, member: MemberProfile });
export type SessionResult = z.infer<typeof SessionResult>;

// ---------------------------------------------------------------- balance top-up

export const TopupBody = z.strictObject({ amount, currency: Currency, provider: z.enum(['sandbox']) });
export const TopupIntent = z.object({
  intentNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** Where the member pays: for the sandbox, the sandbox's own pay call. */
  payUrl: z.string(),
  createTime: isoTime,
  paidTime: isoTime.nullable(),
});
export type TopupIntent = z.infer<typeof TopupIntent>;
export const TopupQuery = z.strictObject({ intentNo: z.string().regex(/^TU\d{6,}$/, '充值单号格式错误') });
export const SandboxPayBody = z.strictObject({
  intentNo: z.string().regex(/^TU\d{6,}$/, '充值单号格式错误'),
  outcome: z.enum(['paid', 'failed']).default('paid'),
});
/** What a provider's callback carries (the sandbox's; real providers get their own parser). */
export const ProviderCallbackBody = z.strictObject({
  intentNo: z.string().max(40),
  outcome: z.enum(['paid', 'failed']),
  amount: z.number().int(),
  currency: z.string().max(3),
});

// ---------------------------------------------------------------- shop orders

export const OrderLineInput = z.strictObject({
  mallType: z.enum(Marketplace.values),
  productUrl: z
    .string()
    .trim()
    .max(500, '商品链接最多500个字符')
    .regex(/^https?:\/\/\S+$/, '请输入正确的商品链接'),
  title: z.string().trim().min(1, '请输入商品名称').max(200, '商品名称最多200个字符'),
  image: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, '请输入正确的图片链接')
    .default(''),
  props: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(100) }))
    .max(20)
    .default([]),
  quantity: z.number().int('数量须为正整数').min(1, '数量须为正整数').max(9999, '数量最多9999'),
  /** Minor units per piece. */
  unitPrice: amount,
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});
export const OrderCreateBody = z.strictObject({
  currency: Currency.default('CNY'),
  lines: z.array(OrderLineInput).min(1, '请至少添加一件商品').max(50, '一个订单最多50件商品'),
});
export const OrderNoBody = z.strictObject({ orderNo: z.string().regex(/^SO\d{6,}$/, '订单号格式错误') });
export const OrderNoQuery = OrderNoBody;
/** Paying an order, optionally with one of the member's coupons (used once, in the payment's transaction). */
export const OrderPayBody = OrderNoBody.extend({
  couponGrantNo: z
    .string()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '优惠券编号格式错误')
    .optional(),
});
export const MemberCoupon = z.object({
  grantNo: z.string(),
  name: z.string(),
  discountType: z.string(),
  amount: z.number().int(),
  discountBp: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minSpend: z.number().int(),
  currency: z.string(),
  scope: z.string(),
  validTo: isoTime,
});
export const MemberCouponList = z.object({ list: z.array(MemberCoupon) });
export const PurchaseNoBody = z.strictObject({ purchaseNo: z.string().regex(/^P[0-9A-Z]{6,}$/, '采购单号格式错误') });
/** POST /orders/refundLine: the money of a line nobody has bought yet, back to the balance. */
export const RefundLineBody = PurchaseNoBody.extend({ reason: z.string().trim().min(1, '请填写退款原因').max(200, '原因最多200个字符') });

export const MemberOrderLine = z.object({
  purchaseNo: z.string(),
  mallType: z.string(),
  title: z.string(),
  props: z.array(z.object({ name: z.string() })),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  paidAmount: z.number().int(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  patchAmount: z.number().int(),
  trackingNo: z.string(),
  /** QC photos of the arrived item(s), signed URLs. */
  photos: z.array(z.string()),
});
export const MemberOrder = z.object({
  orderNo: z.string(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  currency: z.string(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  createTime: isoTime,
  payTime: isoTime.nullable(),
  lines: z.array(MemberOrderLine),
});
export type MemberOrder = z.infer<typeof MemberOrder>;
export const OrderListQuery = PageQuery.pick({ page: true, limit: true });
export const OrderListResult = pageOf(MemberOrder);

// ---------------------------------------------------------------- warehouse items and packages

export const MemberItem = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  purchaseNo: z.string(),
  title: z.string(),
  weightG: z.number().int(),
  photos: z.array(z.string()),
  shelvedTime: isoTime.nullable(),
});
export const MemberItemList = z.object({ list: z.array(MemberItem) });

export const AddressInput = z.strictObject({
  receiver: z.string().trim().min(1, '请输入收件人').max(60, '收件人最多60个字符'),
  phone: z.string().trim().max(30, '电话最多30个字符').default(''),
  country: z.string().regex(/^[A-Z]{2}$/, '国家代码格式错误'),
  province: z.string().trim().max(60).default(''),
  city: z.string().trim().max(60).default(''),
  address: z.string().trim().min(1, '请输入详细地址').max(300, '详细地址最多300个字符'),
  postcode: z.string().trim().max(20).default(''),
});
export const MemberAddressOut = AddressInput.extend({ id: z.number().int(), isDefault: z.boolean() });
export const AddressSaveBody = AddressInput.extend({ id: z.number().int().positive().optional(), isDefault: z.boolean().default(false) });
export const AddressList = z.object({ list: z.array(MemberAddressOut) });

export const PackCreateBody = z.strictObject({
  itemIds: z.array(z.number().int().positive()).min(1, '请选择商品').max(200, '一个包裹最多200件商品'),
  channelId: z.number().int().positive(),
  addressId: z.number().int().positive(),
  services: z.array(z.string().max(40)).max(10).default([]),
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});
export const PackageNoBody = z.strictObject({ packageNo: z.string().regex(/^PK\d{8,}$/, '包裹号格式错误') });
export const PackageNoQuery = PackageNoBody;
export const MemberPackage = z.object({
  packageNo: z.string(),
  status: z.string(),
  memberStatus: z.enum(MemberFacingStatus.values),
  /** The member's status refined by the order status list's extras (wait_sort, completed_handle, completed_auto). */
  orderStatus: z.enum([...MemberFacingStatus.values, ...PackageOrderExtra.values]),
  channelId: z.number().int(),
  countryCode: z.string(),
  itemCount: z.number().int(),
  currency: z.string(),
  /** Quoted freight after pre-review (what pay charges), then what was charged, and a top-up due. */
  freightEstimated: z.number().int(),
  freightCharged: z.number().int(),
  patchAmount: z.number().int(),
  weightG: z.number().int().nullable(),
  trackingNo: z.string(),
  pretrialNote: z.string(),
  createTime: isoTime,
  timeline: z.array(z.object({ type: z.string(), status: z.string(), note: z.string(), time: isoTime })),
});
export type MemberPackage = z.infer<typeof MemberPackage>;
export const PackageListQuery = PageQuery.pick({ page: true, limit: true });
export const PackageListResult = pageOf(MemberPackage);

export const OpenIdQuery = z.strictObject({ id: idParam });

export const MemberChannel = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string() });
export const MemberChannelList = z.object({ list: z.array(MemberChannel) });

// ---------------------------------------------------------------- content for the terminals (read-only, ETag)

export const TipsQuery = z.strictObject({
  appId: z.enum(['1', '2']).default('1'),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, '语言代码格式错误')
    .optional(),
});
export const TerminalTips = z.object({ list: z.array(z.object({ tipsKey: z.string(), text: z.string(), images: z.array(z.string()) })) });
export const HelpTree = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nameEn: z.string(),
      articles: z.array(z.object({ id: z.number().int(), title: z.string() })),
      children: z.array(
        z.object({ id: z.number().int(), name: z.string(), nameEn: z.string(), articles: z.array(z.object({ id: z.number().int(), title: z.string() })) }),
      ),
    }),
  ),
});
export const HelpArticleOut = z.object({ id: z.number().int(), title: z.string(), html: z.string(), publishedTime: isoTime.nullable() });
export const AgreementsQuery = z.strictObject({ appId: z.enum(['1', '2']).default('1') });
export const CurrentAgreement = z.object({ code: z.string(), title: z.string(), version: z.number().int(), requireAccept: z.boolean(), content: z.string() });
export const CurrentAgreements = z.object({ list: z.array(CurrentAgreement) });
export const AgreementAcceptBody = z.strictObject({ code: z.string().trim().min(1).max(60), version: z.number().int().positive() });
export const PendingAgreements = z.object({ list: z.array(z.object({ code: z.string(), title: z.string(), version: z.number().int() })) });
export const AppVersionQuery = z.strictObject({
  platform: z.enum(['android', 'ios', 'windows', 'mac', 'web']),
  current: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, '版本号格式为 1.2.3')
    .optional(),
});
export const AppVersionCheck = z.object({
  latest: z.object({ version: z.string(), forceUpdate: z.boolean(), downloadUrl: z.string(), releaseNotes: z.string() }).nullable(),
  updateAvailable: z.boolean(),
  mustUpdate: z.boolean(),
});

// ---------------------------------------------------------------- KYC

export const KycDocumentType = vocab([
  { value: 'passport', zh: '护照', en: 'Passport' },
  { value: 'id_card', zh: '身份证', en: 'Identity card' },
  { value: 'driver_license', zh: '驾驶证', en: 'Driving licence' },
] as const);
export const KycSubmitBody = z.strictObject({
  fullName: z.string().trim().min(1, '请输入姓名').max(100, '姓名最多100个字符'),
  documentType: z.enum(KycDocumentType.values),
  documentNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{5,30}$/, '证件号码为5~30位字母或数字'),
  country: z.string().regex(/^[A-Z]{2}$/, '国家代码格式错误'),
});
export const KycState = z.object({
  status: z.enum(['none', 'pending', 'passed', 'rejected']),
  fullName: z.string(),
  documentType: z.string(),
  documentHint: z.string(),
  reason: z.string(),
  submitTime: isoTime.nullable(),
});

// ---------------------------------------------------------------- after-sales, lucky draws

export const ReturnApplyBody = z.strictObject({
  purchaseNo: z.string().regex(/^P[0-9A-Z]{6,}$/, '采购单号格式错误'),
  reason: z.string().trim().min(1, '请填写退货原因').max(500, '退货原因最多500个字符'),
});
export const ReturnApplyResult = z.object({ returnNo: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() });
export const DrawBody = z.strictObject({ activityId: z.number().int().positive() });
export const MemberDrawResult = z.object({
  prizeName: z.string(),
  prizeType: z.string(),
  amount: z.number().int(),
  couponGrantNo: z.string().nullable(),
  free: z.boolean(),
  costAmount: z.number().int(),
});

// ---------------------------------------------------------------- a member site's server (X-Api-Key)

/**
 * POST /auth/siteLogin: the site signed the member in with Discord or Google and vouches for the email; the member
 * with that email is signed in, or created.
 */
export const SiteLoginBody = z
  .strictObject({
    loginSource: z.enum(['discord', 'google']),
    email,
    name: z.string().trim().min(1, '请输入姓名').max(60, '姓名最多60个字符'),
    /** The Discord account (id or handle), for loginSource discord. */
    discordId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.#-]{2,64}$/, 'Discord 账号格式不正确')
      .optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, '国家代码格式错误')
      .optional(),
    agentId: z.number().int().positive().optional(),
  })
  .refine((b) => b.loginSource !== 'discord' || !!b.discordId, { message: '请提供 Discord 账号', path: ['discordId'] });

// ---------------------------------------------------------------- the agent terminal (appId 2)

export const AgentLoginBody = z.strictObject({
  /** The agent's name or email. */
  account: z.string().trim().min(1, '请输入账号').max(120, '请输入账号'),
  password: z.string().min(1, '请输入密码').max(64, '请输入密码'),
});
export const AgentProfile = z.object({
  id: z.number().int(),
  agentName: z.string(),
  contactName: z.string(),
  email: z.string(),
  currency: z.string(),
  /** The platform rebate, percent text ("5.00"). */
  rebate: z.string(),
  memberCount: z.number().int(),
  commissionBalance: z.number().int(),
  withdrawalAccountSet: z.boolean(),
});
export const AgentSessionResult = z.object({ token: z.string(), expiresAt: isoTime, agent: AgentProfile });
export const AgentMemberQuery = PageQuery.pick({ page: true, limit: true }).extend({
  keyword: z.string().trim().max(60).optional(),
});
export const AgentMember = z.object({
  userCode: z.string(),
  name: z.string(),
  /** Masked: the agent sees whose account it is, not the whole address. */
  email: z.string(),
  country: z.string(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  registerTime: isoTime,
});
export const AgentMemberList = pageOf(AgentMember);
export const AgentCommission = z.object({
  id: z.number().int(),
  type: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  currency: z.string(),
  remark: z.string(),
  time: isoTime,
});
export const AgentCommissionList = pageOf(AgentCommission);
export const AgentWithdrawal = z.object({
  withdrawalNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  reviewRemark: z.string(),
  createTime: isoTime,
  paidTime: isoTime.nullable(),
});
export const AgentWithdrawalList = pageOf(AgentWithdrawal);
export const AgentWithdrawBody = z.strictObject({
  amount,
  /** The agent's trade password (staff set it with reset_agent_trade_pwd). */
  tradePassword: z.string().min(1, '请输入交易密码').max(64, '请输入交易密码'),
  remark: z.string().trim().max(200).default(''),
});
