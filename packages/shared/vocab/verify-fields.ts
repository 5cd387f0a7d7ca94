import { vocab } from './labels';

/** The fields of sensitive operations as the verify dialog and the verifier's code message name them. */
export const VerifyField = vocab([
  { value: 'memberId', zh: '会员', en: 'Member' },
  { value: 'direction', zh: '方向', en: 'Direction' },
  { value: 'amount', zh: '金额', en: 'Amount' },
  { value: 'currency', zh: '币种', en: 'Currency' },
  { value: 'remark', zh: '备注', en: 'Remark' },
  { value: 'reason', zh: '原因', en: 'Reason' },
  { value: 'status', zh: '状态', en: 'Status' },
  { value: 'result', zh: '审核结果', en: 'Review result' },
  { value: 'addressId', zh: '地址编号', en: 'Address no.' },
  { value: 'receiver', zh: '收件人', en: 'Receiver' },
  { value: 'phone', zh: '电话', en: 'Phone' },
  { value: 'country', zh: '国家', en: 'Country' },
  { value: 'province', zh: '省/州', en: 'Province / state' },
  { value: 'city', zh: '城市', en: 'City' },
  { value: 'address', zh: '地址', en: 'Address' },
  { value: 'postcode', zh: '邮编', en: 'Postcode' },
  { value: 'kfcAdminId', zh: '客服', en: 'Service contact' },
  { value: 'ids', zh: '所选记录', en: 'Selected records' },
  { value: 'password', zh: '密码', en: 'Password' },
  { value: 'tradePassword', zh: '交易密码', en: 'Trade password' },
  { value: 'rebate', zh: '返利比例（%）', en: 'Rebate (%)' },
  { value: 'account', zh: '提现账户', en: 'Withdrawal account' },
  { value: 'weightG', zh: '重量', en: 'Weight' },
  { value: 'attrs', zh: '属性', en: 'Attributes' },
  { value: 'services', zh: '增值服务', en: 'Services' },
  { value: 'declaredValue', zh: '申报价值', en: 'Declared value' },
  { value: 'insuranceFee', zh: '保价费', en: 'Insurance fee' },
  { value: 'channelId', zh: '渠道', en: 'Channel' },
  { value: 'freightReal', zh: '实际运费', en: 'Freight' },
  { value: 'resolution', zh: '处理说明', en: 'Resolution' },
  { value: 'event', zh: '步骤', en: 'Step' },
  { value: 'note', zh: '备注', en: 'Note' },
  // A lucky draw's balance prize pool (modify_draw_balance_pool).
  { value: 'activity', zh: '活动', en: 'Activity' },
  { value: 'kind', zh: '活动类型', en: 'Activity type' },
  { value: 'balancePrize', zh: '余额奖品', en: 'Balance prize' },
  { value: 'balanceCap', zh: '余额发放总额上限', en: 'Total balance cap' },
  { value: 'balanceIssued', zh: '已发放余额', en: 'Balance credited so far' },
  { value: 'freeDrawsPerDay', zh: '每日免费次数', en: 'Free draws per day' },
  // `id` names the operation's object: its label depends on the operation.
  { value: 'member', zh: '会员', en: 'Member' },
  { value: 'package', zh: '包裹', en: 'Package' },
  { value: 'agent', zh: '代理', en: 'Agent' },
  { value: 'purchase', zh: '采购单', en: 'Purchase order' },
  { value: 'id', zh: '编号', en: 'ID' },
] as const);

/** A balance or commission adjustment's direction. */
export const AdjustDirection = vocab([
  { value: 'add', zh: '增加', en: 'Add' },
  { value: 'deduct', zh: '扣减', en: 'Deduct' },
] as const);
