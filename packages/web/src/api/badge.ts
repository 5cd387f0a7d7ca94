import type { BadgeKey } from '@waystation/shared/menu';
import { backGetTaskNumCall, backGetTaskNumByTypeCall, backQueueAgesCall, backDailyFlowCall } from '@waystation/shared/contract/badge';
import { call } from './request';

/** GET /api/back/getTaskNum: silent, a failure is only logged by the caller (SPEC §8). */
export const getTaskNum = () => call(backGetTaskNumCall, undefined, { silent: true });

/** POST /api/back/getTaskNumByType */
export const getTaskNumByType = (taskNumType: BadgeKey) => call(backGetTaskNumByTypeCall, { taskNumType }, { silent: true });

/** GET /api/back/queueAges: the dashboard's SLA timers (silent: the counts still show without them). */
export const getQueueAges = () => call(backQueueAgesCall, undefined, { silent: true });

/** GET /api/back/dailyFlow: the dashboard's 30-day charts. */
export const getDailyFlow = () => call(backDailyFlowCall);
