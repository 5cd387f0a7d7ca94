import { defineMessages } from '../../i18n';

export const useUnpaidMessages = defineMessages(
  {
    orderNo: '订单号', member: '会员', amount: '应付金额', lines: '商品数', createTime: '下单时间', detail: '详情', manualPaid: '确认收款',
    cancel: '取消订单', note: '收款说明', reason: '取消原因', product: '商品', spec: '规格', quantity: '数量', unitPrice: '单价', status: '状态', items: '订单商品',
  },
  {
    orderNo: 'Order no.', member: 'Member', amount: 'Amount due', lines: 'Lines', createTime: 'Ordered at', detail: 'Detail', manualPaid: 'Mark paid',
    cancel: 'Cancel order', note: 'Payment note', reason: 'Reason', product: 'Product', spec: 'Spec', quantity: 'Qty', unitPrice: 'Unit price', status: 'Status', items: 'Lines',
  },
);
