import { z } from 'zod';
import { BADGE_KEYS } from '../menu/types';

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
