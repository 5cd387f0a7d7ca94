import { vocab } from './labels';

/** SPEC §4 general account status. */
export const AccountStatus = vocab([
  { value: 'activity', zh: '正常', en: 'Active' },
  { value: 'disabled', zh: '禁用', en: 'Disabled' },
  { value: 'stop', zh: '停用', en: 'Stopped' },
  { value: 'deleted', zh: '已删除', en: 'Deleted' },
] as const);
export type AccountStatus = (typeof AccountStatus.values)[number];

/** SPEC §3 user login sources; password is shown as email, agent_id as Agent. */
export const LoginSource = vocab([
  { value: 'discord', zh: 'Discord', en: 'Discord' },
  { value: 'google', zh: 'Google', en: 'Google' },
  { value: 'password', zh: 'email', en: 'email' },
  { value: 'agent_id', zh: 'Agent', en: 'Agent' },
] as const);

/** SPEC §4 marketplaces. */
export const Marketplace = vocab([
  { value: 'TB', zh: '淘宝', en: 'Taobao' },
  { value: 'T1688', zh: '1688', en: '1688' },
  { value: 'XY', zh: '闲鱼', en: 'Xianyu' },
  { value: 'JD', zh: '京东', en: 'JD' },
  { value: 'WD', zh: '微店', en: 'Weidian' },
] as const);

/** SPEC §4 Yes/No flag. */
export const YesNo = vocab([
  { value: '1', zh: '是', en: 'Yes' },
  { value: '0', zh: '否', en: 'No' },
] as const);

/** SPEC §6 sensitive operation types that need an extra verification. */
export const SensitiveOperation = vocab([
  { value: 'admin_login', zh: '管理员登录', en: 'Admin login' },
  { value: 'query_discord', zh: '查询Discord', en: 'Query Discord' },
  { value: 'modify_package_attr', zh: '修改包裹属性', en: 'Modify package attributes' },
  { value: 'modify_package_addr', zh: '修改包裹地址', en: 'Modify package address' },
  { value: 'modify_package_channel', zh: '修改包裹渠道', en: 'Modify package channel' },
  { value: 'modify_package_freight', zh: '修改包裹运费', en: 'Modify package freight' },
  { value: 'modify_package_status', zh: '修改包裹状态', en: 'Modify package status' },
  { value: 'cancel_purchase', zh: '取消采购', en: 'Cancel purchase' },
  { value: 'modify_user_amount', zh: '修改用户余额', en: 'Modify member balance' },
  { value: 'modify_user_commission', zh: '修改用户佣金', en: 'Modify member commission' },
  { value: 'modify_user_address', zh: '修改用户地址', en: 'Modify member address' },
  { value: 'modify_user_status', zh: '修改用户状态', en: 'Modify member status' },
  { value: 'modify_user_kfc', zh: '修改用户客服', en: 'Modify member service contact' },
  { value: 'modify_agent_status', zh: '修改代理状态', en: 'Modify agent status' },
  { value: 'reset_agent_pwd', zh: '重置代理密码', en: 'Reset agent password' },
  { value: 'reset_agent_trade_pwd', zh: '重置代理交易密码', en: 'Reset agent trade password' },
  { value: 'reset_agent_phone', zh: '重置代理手机', en: 'Reset agent phone' },
  { value: 'modify_agent_platform_rebate', zh: '修改代理平台返利', en: 'Modify agent platform rebate' },
  { value: 'modify_agent_withdrawal_account', zh: '修改代理提现账户', en: 'Modify agent withdrawal account' },
  { value: 'refund_review', zh: '退款审核', en: 'Refund review' },
  { value: 'return_review', zh: '退货审核', en: 'Return review' },
  { value: 'waive_storage_fee', zh: '减免仓储费', en: 'Waive storage fees' },
  { value: 'reset_admin_pwd', zh: '重置管理员密码', en: 'Reset a staff password' },
  { value: 'modify_draw_balance_pool', zh: '修改抽奖余额奖池', en: 'Modify a lucky draw’s balance prizes' },
] as const);
export type SensitiveOperation = (typeof SensitiveOperation.values)[number];

/** SPEC §3 table sort fields. */
export const SORT_FIELDS = ['id', 'sort', 'modify_time', 'create_time', 'pay_time', 'purchase_end_time', 'cancel_time', 'use_time', 'expire_time'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
