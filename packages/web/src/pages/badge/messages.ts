import type { BadgeKey } from '@waystation/shared/menu/types';
import { defineMessages } from '../../i18n';

export const useDashboardMessages = defineMessages(
  {
    welcome: '欢迎，{name}',
    queues: '待办队列',
    notCounted: '暂未统计',
    notCountedTip: '该队列所属的业务模块尚未上线',
    pageNotOpen: '页面暂未开放',
    noQueues: '您的角色没有需要处理的工作队列',
    stations: '仓库作业',
    waiting: '等待',
    doneToday: '我今日已完成',
    refresh: '刷新',
    oldest: '最久已等 {age}',
    overSla: '超时 {n}',
    withinSla: '均在时限内',
    slaTip: '时限 {hours} 小时（参数 sla.{key}.hours 可修改）',
    minutes: '{n} 分钟',
    hours: '{n} 小时',
    days: '{n} 天',
  },
  {
    welcome: 'Welcome, {name}',
    queues: 'Work queues',
    notCounted: 'Not counted yet',
    notCountedTip: 'The part of the system this queue belongs to is not live yet',
    pageNotOpen: 'Page not available',
    noQueues: 'Your roles have no work queues',
    stations: 'Warehouse stations',
    waiting: 'Waiting',
    doneToday: 'Done by me today',
    refresh: 'Refresh',
    oldest: 'Oldest waited {age}',
    overSla: '{n} over SLA',
    withinSla: 'All within SLA',
    slaTip: 'SLA {hours} h (setting sla.{key}.hours)',
    minutes: '{n} min',
    hours: '{n} h',
    days: '{n} d',
  },
);

/** The seven work queues (SPEC §3) by badge key. */
export const QUEUE_ZH: Record<BadgeKey, string> = {
  purchase_wait: '待采购',
  purchase_hold: '挂起订单',
  pack_wait_audit: '待预审包裹',
  remove_wait: '待下架包裹',
  return_wait: '退货待审核',
  pack_exception: '异常待处理',
  sort_wait: '待分拣包裹',
};
export const QUEUE_EN: Record<BadgeKey, string> = {
  purchase_wait: 'Awaiting purchase',
  purchase_hold: 'Held purchases',
  pack_wait_audit: 'Awaiting pre-review',
  remove_wait: 'Awaiting removal',
  return_wait: 'Returns to review',
  pack_exception: 'Open exceptions',
  sort_wait: 'Awaiting sorting',
};
