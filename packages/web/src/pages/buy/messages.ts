import { defineMessages } from '../../i18n';

export const useBuyMessages = defineMessages(
  {
    purchaseNo: '采购单号', orderNo: '订单号', member: '会员', product: '商品', props: '规格', quantity: '数量', unitPrice: '单价', paid: '实付',
    mall: '平台', status: '状态', purchaser: '采购员', remark: '会员备注', payTime: '支付时间', purchaseEndTime: '采购完成时间', createTime: '下单时间',
    numberType: '单号类型', numberValue: '单号', mine: '只看我的', all: '全部', claim: '领取', detail: '详情',
    mallOrderNo: '平台订单号', realPrice: '实际采购价', domesticFee: '国内运费', trackingNo: '国内快递单号', logistics: '国内物流',
    holdReason: '挂起/失败原因', patch: '差价', refunded: '已退款', item: '入库信息', itemCode: '商品条码', quickCode: '快捷码', weight: '重量',
    volume: '体积', size: '尺寸', shelf: '库位', photos: '质检照片', creator: '制单人', trace: '轨迹', siblings: '同订单商品', actions: '操作',
    reason: '原因', note: '备注', amount: '金额（元）', targetPurchaser: '转交给', logisticsStatus: '物流状态', confirmTitle: '确认操作',
    done: '操作成功', basic: '采购信息', record: '采购记录', open: '打开商品链接', noItem: '尚未入库', none: '无', qcProblem: '质检问题',
  },
  {
    purchaseNo: 'Purchase no.', orderNo: 'Order no.', member: 'Member', product: 'Product', props: 'Spec', quantity: 'Qty', unitPrice: 'Unit price', paid: 'Paid',
    mall: 'Marketplace', status: 'Status', purchaser: 'Purchaser', remark: 'Member remark', payTime: 'Paid at', purchaseEndTime: 'Bought at', createTime: 'Ordered at',
    numberType: 'Number type', numberValue: 'Number', mine: 'Mine only', all: 'All', claim: 'Claim', detail: 'Detail',
    mallOrderNo: 'Marketplace order no.', realPrice: 'Real price', domesticFee: 'Domestic shipping', trackingNo: 'Domestic tracking no.', logistics: 'Domestic logistics',
    holdReason: 'Hold/failure reason', patch: 'Price difference', refunded: 'Refunded', item: 'Warehouse item', itemCode: 'Item code', quickCode: 'Quick code', weight: 'Weight',
    volume: 'Volume', size: 'Size', shelf: 'Location', photos: 'QC photos', creator: 'Created by', trace: 'Trace', siblings: 'Same order', actions: 'Actions',
    reason: 'Reason', note: 'Note', amount: 'Amount (CNY)', targetPurchaser: 'Transfer to', logisticsStatus: 'Logistics status', confirmTitle: 'Confirm',
    done: 'Done', basic: 'Purchase', record: 'Purchase record', open: 'Open product page', noItem: 'Not received yet', none: 'None', qcProblem: 'QC problem',
  },
);

/** Button labels of the machine's events. */
export const useEventLabels = defineMessages(
  {
    claim: '领取', transfer: '转交', hold: '挂起', release: '取消挂起', qc_release: '会员确认，继续质检', purchase: '采购完成', patch_request: '申请补差价',
    patch_paid: '确认已补差价', patch_refund: '退差价', patch_match: '无需补退', fail: '采购失败', cancel: '取消采购', logistics: '更新物流',
    pay: '支付', pay_done: '支付完成', queue: '进入采购', manual_paid: '确认收款', refund: '退款', inbound: '入库', photo: '拍照', qc_hold: '质检挂起', shelve: '上架',
    return_apply: '申请退货', return_pass: '退货通过', return_refuse: '退货拒绝', return_done: '退货完成',
  },
  {
    claim: 'Claim', transfer: 'Transfer', hold: 'Hold', release: 'Release', qc_release: 'Member accepts: back to QC', purchase: 'Purchased', patch_request: 'Request top-up',
    patch_paid: 'Top-up paid', patch_refund: 'Refund difference', patch_match: 'Price matched', fail: 'Purchase failed', cancel: 'Cancel purchase', logistics: 'Update logistics',
    pay: 'Pay', pay_done: 'Paid', queue: 'Queue', manual_paid: 'Mark paid', refund: 'Refund', inbound: 'Receive', photo: 'Photo', qc_hold: 'QC hold', shelve: 'Shelve',
    return_apply: 'Return', return_pass: 'Approve return', return_refuse: 'Refuse return', return_done: 'Returned',
  },
);
