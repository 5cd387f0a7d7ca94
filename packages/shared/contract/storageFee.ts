import { z } from 'zod';
import { PageQuery, idParam, pageOf, textFilter } from './common';
import { BusinessDay } from './report';
import { defineCall } from './call';

/**
 * Storage fees (issue 15): an item on the shelf and in no pack order longer than the free days (setting
 * warehouse.freeStorageDays) is charged warehouse.storageFeePerDay (minor units of warehouse.storageFeeCurrency) for
 * each further business day, from the member's balance through the ledger, by the daily storageFee.charge job.
 * Members are told STORAGE_FEE_WARN_DAYS before.
 */
export const STORAGE_FEE_WARN_DAYS = 7;
export const STORAGE_FEE_DEFAULTS = { perDay: 100, currency: 'CNY' } as const;

export const StorageFeeStatus = ['charged', 'waived'] as const;
export type StorageFeeStatus = (typeof StorageFeeStatus)[number];

/** GET /api/storageFee/overdue: items past the free days, or within STORAGE_FEE_WARN_DAYS of them. */
export const OverdueQuery = PageQuery.pick({ page: true, limit: true }).extend({
  userCode: textFilter,
  /** overdue: already charged from today on; warning: in the days before. */
  stage: z.enum(['overdue', 'warning']).optional(),
});
export type OverdueQuery = z.input<typeof OverdueQuery>;
export const OverdueItem = z.object({
  itemId: z.number().int(),
  itemCode: z.string(),
  title: z.string(),
  shelfCode: z.string(),
  memberId: z.number().int(),
  userCode: z.string(),
  memberName: z.string(),
  shelvedAt: z.string(),
  days: z.number().int(),
  stage: z.enum(['overdue', 'warning']),
  /** Fees charged for it so far (not waived), minor units. */
  charged: z.number().int(),
  chargedDays: z.number().int(),
});
export type OverdueItem = z.infer<typeof OverdueItem>;
export const OverdueResult = pageOf(OverdueItem).extend({
  freeDays: z.number().int(),
  perDay: z.number().int(),
  currency: z.string(),
});
export type OverdueResult = z.infer<typeof OverdueResult>;

/** GET /api/storageFee/pageList: the fees charged, newest day first. */
export const StorageFeeListQuery = PageQuery.pick({ page: true, limit: true }).extend({
  userCode: textFilter,
  itemCode: textFilter,
  status: z.enum(StorageFeeStatus).optional(),
  from: BusinessDay.optional(),
  to: BusinessDay.optional(),
});
export type StorageFeeListQuery = z.input<typeof StorageFeeListQuery>;
export const StorageFee = z.object({
  id: z.number().int(),
  day: z.string(),
  itemCode: z.string(),
  userCode: z.string(),
  memberName: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(StorageFeeStatus),
  waivedBy: z.string(),
  waivedReason: z.string(),
  waivedAt: z.string().nullable(),
  createTime: z.string(),
});
export type StorageFee = z.infer<typeof StorageFee>;
export const StorageFeeListResult = pageOf(StorageFee);

/** POST /api/storageFee/waive (sensitive: waive_storage_fee): the fees refunded to the balance, with a reason. */
export const StorageFeeWaiveBody = z.strictObject({
  ids: z.array(idParam).min(1, '请选择要减免的仓储费').max(200, '一次最多减免200条'),
  reason: z.string().trim().min(1, '请填写减免原因').max(200, '原因最多200个字符'),
});
export type StorageFeeWaiveBody = z.infer<typeof StorageFeeWaiveBody>;
export const StorageFeeWaiveResult = z.object({ waived: z.number().int(), amount: z.number().int(), currency: z.string() });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const storageFeeOverdueCall = defineCall({ method: 'GET', url: '/api/storageFee/overdue', query: OverdueQuery, data: OverdueResult });
export const storageFeePageListCall = defineCall({ method: 'GET', url: '/api/storageFee/pageList', query: StorageFeeListQuery, data: StorageFeeListResult });
export const storageFeeWaiveCall = defineCall({ method: 'POST', url: '/api/storageFee/waive', body: StorageFeeWaiveBody, data: StorageFeeWaiveResult });
