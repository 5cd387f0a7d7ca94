import { defineMessages } from '../../i18n';

export const useStationMessages = defineMessages(
  {
    inboundPlaceholder: '扫描国内快递单号', qcPlaceholder: '扫描商品条码', shelvingPlaceholder: '扫描商品条码，再扫描库位条码',
    otherLocation: '库位 {code} 不是建议库位 {suggested}：确认放在 {code} 请再扫一次，否则请扫描建议库位', otherLocationVoice: '不是建议库位，再扫一次确认',
    parcel: '包裹', lines: '包裹内商品', receive: '确认入库', weight: '重量(g)', length: '长(mm)', width: '宽(mm)', height: '高(mm)',
    received: '已入库', receivedVoice: '入库成功', noMatch: '未匹配到采购单', noMatchVoice: '无主包裹', registerUnclaimed: '登记为无主包裹',
    unclaimed: '无主包裹', unclaimedSaved: '已登记为无主包裹', assign: '认领', assignTo: '采购单号', assigned: '已认领',
    foundLines: '找到 {n} 件商品', nothingToReceive: '该包裹的商品均已入库', pickLines: '请勾选到货商品并填写重量', weightRequired: '请填写重量',
    item: '商品', spec: '规格', memberRemark: '会员备注', status: '状态', photos: '照片/视频', upload: '拍照/上传', qcPass: '质检通过',
    qcPassVoice: '质检完成', qcProblem: '质检问题', problem: '问题', note: '说明', qcHeld: '已挂起，等待会员决定', qcHeldVoice: '质检问题，已挂起',
    needPhoto: '请至少上传一张照片', notForQc: '该商品当前状态为「{status}」，无需质检', scanned: '已扫描',
    suggested: '建议库位', scanLocation: '请扫描库位条码', shelved: '上架成功', scanItemFirst: '请先扫描商品条码', notForShelving: '该商品当前状态为「{status}」，不能上架',
    alreadyShelved: '已上架在 {code}', repeated: '重复操作，状态未变', label: '标签', print: '打印',
    zone: '库区', rows: '排数', levels: '层数', slots: '位数', batchAdd: '批量新增库位', active: '启用', code: '库位码', items: '商品数', created: '新增 {created} 个，已存在 {existing} 个',
    trackingNo: '快递单号', creator: '登记人', createTime: '登记时间',
  },
  {
    inboundPlaceholder: 'Scan the domestic tracking number', qcPlaceholder: 'Scan the item code', shelvingPlaceholder: 'Scan the item code, then the location code',
    otherLocation: '{code} is not the suggested location {suggested}: scan it again to confirm, or scan the suggested one', otherLocationVoice: 'Not the suggested location: scan again to confirm',
    parcel: 'Parcel', lines: 'Lines in the parcel', receive: 'Receive', weight: 'Weight (g)', length: 'L (mm)', width: 'W (mm)', height: 'H (mm)',
    received: 'Received', receivedVoice: 'Received', noMatch: 'No purchase line matches', noMatchVoice: 'Unclaimed parcel', registerUnclaimed: 'Record as unclaimed',
    unclaimed: 'Unclaimed parcels', unclaimedSaved: 'Recorded as unclaimed', assign: 'Assign', assignTo: 'Purchase no.', assigned: 'Assigned',
    foundLines: '{n} line(s) found', nothingToReceive: 'Everything in this parcel is received', pickLines: 'Tick what arrived and enter the weight', weightRequired: 'Enter the weight',
    item: 'Item', spec: 'Spec', memberRemark: 'Member remark', status: 'Status', photos: 'Photos/videos', upload: 'Take/upload', qcPass: 'QC passed',
    qcPassVoice: 'QC done', qcProblem: 'QC problem', problem: 'Problem', note: 'Note', qcHeld: 'On hold for the member', qcHeldVoice: 'QC problem, on hold',
    needPhoto: 'Upload at least one photo', notForQc: 'The item is {status}: no QC needed', scanned: 'Scanned',
    suggested: 'Suggested location', scanLocation: 'Scan the location code', shelved: 'Shelved', scanItemFirst: 'Scan an item first', notForShelving: 'The item is {status}: cannot shelve',
    alreadyShelved: 'Already on {code}', repeated: 'Repeated: nothing changed', label: 'Label', print: 'Print',
    zone: 'Zone', rows: 'Rows', levels: 'Levels', slots: 'Slots', batchAdd: 'Add locations', active: 'Active', code: 'Code', items: 'Items', created: '{created} added, {existing} existed',
    trackingNo: 'Tracking no.', creator: 'Recorded by', createTime: 'Recorded at',
  },
);
