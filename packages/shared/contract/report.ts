import { z } from 'zod';
import { PageQuery, pageOf, queryInt, textFilter } from './common';

/** Storage age buckets (issue 15), in whole days on the shelf. */
export const STORAGE_BUCKETS = [
  { key: 'd0_30', min: 0, max: 30 },
  { key: 'd31_60', min: 31, max: 60 },
  { key: 'd61_90', min: 61, max: 90 },
  { key: 'd90_plus', min: 91, max: null },
] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number]['key'];

const Buckets = z.object({ d0_30: z.number().int(), d31_60: z.number().int(), d61_90: z.number().int(), d90_plus: z.number().int() });

/** GET /api/report/storageAge: items on the shelf (not in a pack order) by age, in all and per member. */
export const StorageAgeQuery = PageQuery.pick({ page: true, limit: true }).extend({
  userCode: textFilter,
  /** Only members with items at least this many days on the shelf. */
  minDays: queryInt(0, 3650).optional(),
});
export type StorageAgeQuery = z.input<typeof StorageAgeQuery>;
export const StorageAgeMember = Buckets.extend({
  memberId: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  total: z.number().int(),
  oldestDays: z.number().int(),
});
export type StorageAgeMember = z.infer<typeof StorageAgeMember>;
export const StorageAgeResult = pageOf(StorageAgeMember).extend({
  /** Every item on the shelf, by bucket (the filters narrow the member list, not these). */
  buckets: Buckets,
  freeDays: z.number().int(),
});
export type StorageAgeResult = z.infer<typeof StorageAgeResult>;
