import type { BadgeKey } from '@waystation/shared/menu';
import { DailyFlow, QueueAges, TaskNumByTypeResult, TaskNumResult } from '@waystation/shared/contract/badge';
import { request } from './request';

/** GET /api/back/getTaskNum: silent, a failure is only logged by the caller (SPEC §8). */
export const getTaskNum = () => request('/api/back/getTaskNum', { schema: TaskNumResult, silent: true });

/** POST /api/back/getTaskNumByType */
export const getTaskNumByType = (taskNumType: BadgeKey) =>
  request('/api/back/getTaskNumByType', { method: 'POST', body: { taskNumType }, schema: TaskNumByTypeResult, silent: true });

/** GET /api/back/queueAges: the dashboard's SLA timers (silent: the counts still show without them). */
export const getQueueAges = () => request('/api/back/queueAges', { schema: QueueAges, silent: true });

/** GET /api/back/dailyFlow: the dashboard's 30-day charts. */
export const getDailyFlow = () => request('/api/back/dailyFlow', { schema: DailyFlow });
