import { z } from 'zod';
import { BADGE_KEYS } from '../menu/types';
import { defineCall } from './call';

/** GET /api/back/getTaskNum: SPEC §3 part B fields; a counter whose domain is not built yet is absent. */
export const TaskNumResult = z.object({
  waitPurchaseNum: z.number().int().optional(),
  purchaseHoldNum: z.number().int().optional(),
  packPretrialNum: z.number().int().optional(),
  removeWaitNum: z.number().int().optional(),
  returnCheckingNum: z.number().int().optional(),
  exceptionUnDealNum: z.number().int().optional(),
  waitSortNum: z.number().int().optional(),
});
export type TaskNumResult = z.infer<typeof TaskNumResult>;

/** POST /api/back/getTaskNumByType */
export const TaskNumByTypeBody = z.strictObject({ taskNumType: z.enum(BADGE_KEYS) });
export const TaskNumByTypeResult = z.number().int();

/**
 * Each work queue's promise (issue 15), in hours from the moment its clock starts: purchase within 24 h of payment,
 * pre-review within 4 h of the pack order, pack within 48 h of the freight payment… Staff change one with the setting
 * `sla.<queue>.hours` (系统设置 › 参数设置).
 */
export const QUEUE_SLA_HOURS: Record<(typeof BADGE_KEYS)[number], number> = {
  purchase_wait: 24,
  purchase_hold: 24,
  pack_wait_audit: 4,
  remove_wait: 48,
  return_wait: 48,
  pack_exception: 24,
  sort_wait: 24,
};
export const slaParamKey = (key: (typeof BADGE_KEYS)[number]) => `sla.${key}.hours`;

/** GET /api/back/queueAges: for each queue the caller sees, its oldest item's start and how many are past the SLA. */
export const QueueAge = z.object({
  key: z.enum(BADGE_KEYS),
  oldestTime: z.string().nullable(),
  /** How long the oldest has waited by the server's clock (the browser's may differ). */
  waitedMinutes: z.number().int(),
  overSla: z.number().int(),
  slaHours: z.number(),
});
export type QueueAge = z.infer<typeof QueueAge>;
export const QueueAges = z.object({ list: z.array(QueueAge) });

/** GET /api/back/dailyFlow: the last 30 business days (Asia/Shanghai): parcels received, items shelved, packages shipped. */
export const FLOW_DAYS = 30;
export const DailyFlow = z.object({
  days: z.array(z.string()),
  received: z.array(z.number().int()),
  shelved: z.array(z.number().int()),
  shipped: z.array(z.number().int()),
});
export type DailyFlow = z.infer<typeof DailyFlow>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const backGetTaskNumCall = defineCall({ method: 'GET', url: '/api/back/getTaskNum', data: TaskNumResult });
export const backGetTaskNumByTypeCall = defineCall({ method: 'POST', url: '/api/back/getTaskNumByType', body: TaskNumByTypeBody, data: TaskNumByTypeResult });
export const backQueueAgesCall = defineCall({ method: 'GET', url: '/api/back/queueAges', data: QueueAges });
export const backDailyFlowCall = defineCall({ method: 'GET', url: '/api/back/dailyFlow', data: DailyFlow });
