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
  },
);
