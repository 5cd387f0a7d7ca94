import { defineMessages } from '../../i18n';

const zh = {
  actor: '操作人',
  exportName: '审计日志',
  action: '动作',
  targetType: '对象类型',
  targetId: '对象ID',
  time: '时间',
  timeRange: '时间范围',
  result: '结果',
  resultOk: '成功',
  resultRefused: '已拒绝',
  ip: 'IP',
  before: '变更前',
  after: '变更后',
};

export const useAuditMessages = defineMessages<keyof typeof zh>(zh, {
  actor: 'Actor',
  exportName: 'Audit log',
  action: 'Action',
  targetType: 'Target type',
  targetId: 'Target id',
  time: 'Time',
  timeRange: 'Time range',
  result: 'Result',
  resultOk: 'OK',
  resultRefused: 'Refused',
  ip: 'IP',
  before: 'Before',
  after: 'After',
});
