import { z } from 'zod';
import { numberWith, RuleMessage } from '../rules';
import { SORT_FIELDS } from '../vocab/account';

export { ErrorCode, httpStatusOf, LOGOUT_CODES } from './codes';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

/** Query-string integers arrive as text: accept digits only, never silently coerce other text. */
export const queryInt = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), numberWith(RuleMessage.integer).int(RuleMessage.integer).min(min).max(max));

export const idParam = queryInt(1, 2_147_483_647);

/** DESIGN §4 list paging: page from 1, limit 1–200 (default 20), sort among SPEC §3 fields, order. */
export const PageQuery = z.strictObject({
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, 200).default(20),
  sort: z.enum(SORT_FIELDS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * One entry of a timeline (purchase line, package): a transition or modification with who, when, before and after.
 * `type` is one of the vocabulary's values, or a value the vocabulary lacks (a row written before it, e.g. the demo
 * history's old 'status' rows): a history row must never make its detail unreadable, the screen shows it raw with its event.
 */
export const traceEntryOf = <const T extends readonly [string, ...string[]]>(types: T) =>
  z.object({
    id: z.number().int(),
    type: z.union([z.enum(types), z.string()]),
    event: z.string(),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    actorName: z.string(),
    note: z.string(),
    createTime: z.string(),
  });

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int(), totalExact: z.boolean().optional() });

export interface Page<T> {
  list: T[];
  total: number;
  totalExact?: boolean;
}

export const Empty = z.null();

/** Optional trimmed text filter from a query string: empty means "no filter". */
export const textFilter = z
  .string()
  .max(100)
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s ? s : undefined));
