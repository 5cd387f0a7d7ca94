import { NOTIFY_VARIABLES, type NotifyEvent } from '@waystation/shared/vocab/config-content';

/** Default texts per event, used until an operator saves a template. */
export const DEFAULT_TEMPLATES: Record<NotifyEvent, { subject: string; body: string }> = {
  purchased: { subject: '您的商品已采购', body: '{{memberName}}，您好！订单 {{orderNo}} 中的「{{goodsName}}」已采购成功，到仓后我们会通知您。' },
  arrived: { subject: '您的商品已到仓', body: '{{memberName}}，您好！订单 {{orderNo}} 的「{{goodsName}}」已到仓，重量 {{weightG}} g，可以提交打包了。' },
  price_patch: { subject: '订单需要补差价', body: '{{memberName}}，您好！订单 {{orderNo}} 商品价格上涨，需补差价 {{amount}} {{currency}}，请尽快支付。' },
  package_shipped: { subject: '您的包裹已发货', body: '{{memberName}}，您好！包裹 {{packageNo}} 已通过 {{channelName}} 发出，运单号 {{trackingNo}}。' },
  freight_patch: { subject: '包裹需要补运费', body: '{{memberName}}，您好！包裹 {{packageNo}} 实际运费高于已付运费，需补 {{amount}} {{currency}}。' },
  refund_done: { subject: '退款已完成', body: '{{memberName}}，您好！订单 {{orderNo}} 的退款 {{amount}} {{currency}} 已退回您的账户。' },
  storage_reminder: { subject: '仓库中的商品待打包', body: '{{memberName}}，您好！您有 {{itemCount}} 件商品已在仓库存放超过 {{days}} 天，请尽快提交打包。' },
  storage_fee_warning: {
    subject: '商品即将产生仓储费',
    body: '{{memberName}}，您好！您有 {{itemCount}} 件商品将在 7 天内超过 {{days}} 天的免费仓储期，之后每件每天收取仓储费 {{amount}} {{currency}}，请尽快提交打包。',
  },
  qc_problem: {
    subject: '商品质检发现问题，请答复',
    body: '{{memberName}}，您好！订单 {{orderNo}} 的「{{goodsName}}」质检发现问题：{{problem}}。请选择接受、换货、退货或退款。',
  },
  pretrial_failed: {
    subject: '包裹预审未通过',
    body: '{{memberName}}，您好！包裹 {{packageNo}} 预审未通过：{{reason}}。请修改渠道、地址或备注后重新提交，或取消包裹。',
  },
  package_delivered: {
    subject: '您的包裹已签收',
    body: '{{memberName}}，您好！包裹 {{packageNo}}（{{channelName}}，运单号 {{trackingNo}}）已由承运商确认签收。',
  },
  tracking_problem: {
    subject: '您的包裹物流异常',
    body: '{{memberName}}，您好！包裹 {{packageNo}}（运单号 {{trackingNo}}）物流异常：{{problem}}。我们正在跟进，会尽快与您联系。',
  },
};

/** Sample values for previews and test sends. */
export const SAMPLE_VALUES: Record<string, string> = {
  memberName: 'Alice',
  orderNo: 'PO202611220001',
  goodsName: '运动鞋 42码',
  weightG: '1250',
  amount: '12.50',
  currency: 'USD',
  packageNo: 'PK202611220001',
  channelName: 'DHL 快递',
  trackingNo: 'JD0146000012345678',
  itemCount: '3',
  days: '60',
  problem: '尺码不符',
  reason: '含锂电池，请改选可带电渠道',
};

/** Replaces {{variable}} with values; names the variables the event does not have. */
export function renderTemplate(event: NotifyEvent, text: string, values: Record<string, string> = SAMPLE_VALUES): { text: string; unknown: string[] } {
  const allowed = NOTIFY_VARIABLES[event];
  const unknown = new Set<string>();
  const out = text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (m, name: string) => {
    if (!allowed.includes(name)) {
      unknown.add(name);
      return m;
    }
    return values[name] ?? '';
  });
  return { text: out, unknown: [...unknown] };
}
