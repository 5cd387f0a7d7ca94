import { z } from 'zod';
import { PageQuery, pageOf, queryInt, textFilter } from './common';
import { defineCall, defineDownload } from './call';

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
  /** When the shelf was last rolled up (hourly, or 立即更新); null before the first run. */
  rolledUpAt: z.string().nullable(),
});
export type StorageAgeResult = z.infer<typeof StorageAgeResult>;

// ---------------------------------------------------------------- date ranges (business days, Asia/Shanghai)

/** A business day, YYYY-MM-DD. */
export const BusinessDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 yyyy-mm-dd')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '请输入正确的日期');
/** The longest range a report answers at once. */
export const REPORT_MAX_DAYS = 366;
const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
/**
 * from..to, both included (at most REPORT_MAX_DAYS days); or, without them, the last `days` business days up to the
 * server's today (default 7: the browser's clock does not decide what "today" is).
 */
export const ReportRange = z.strictObject({ from: BusinessDay.optional(), to: BusinessDay.optional(), days: queryInt(1, REPORT_MAX_DAYS).optional() });
type RangeInput = { from?: string; to?: string };
const bothOrNeither = (q: object) => !(q as RangeInput).from === !(q as RangeInput).to;
const inOrder = (q: object) => !(q as RangeInput).from || (q as RangeInput).from! <= (q as RangeInput).to!;
const notTooLong = (q: object) => !(q as RangeInput).from || dayCount((q as RangeInput).from!, (q as RangeInput).to!) <= REPORT_MAX_DAYS;
export const withRange = <T extends z.ZodRawShape>(shape: T) =>
  ReportRange.extend(shape)
    .refine(bothOrNeither, { message: '请同时给出开始和结束日期', path: ['from'] })
    .refine(inOrder, { message: '开始日期不能晚于结束日期', path: ['to'] })
    .refine(notTooLong, { message: '日期范围不能超过 366 天', path: ['to'] });
/** Every time-series report answers with the range it read and when its roll-ups were last built (null before the first run). */
const RolledUp = z.object({ from: z.string(), to: z.string(), rolledUpAt: z.string().nullable() });

/** POST /api/report/refresh: today's and yesterday's roll-ups rebuilt now. */
export const ReportRefreshResult = z.object({ rolledUpAt: z.string().nullable() });

// ---------------------------------------------------------------- station throughput

/** The stations the throughput report counts, each by the step its scan makes. */
export const REPORT_STATIONS = ['inbound', 'qc', 'shelving', 'removal', 'packing', 'sorting'] as const;
export type ReportStation = (typeof REPORT_STATIONS)[number];
/** A worker's gap between two steps longer than this (seconds) is idle time, not work. */
export const STATION_IDLE_GAP_S = 600;
/**
 * The least busy time a step counts (seconds). A worker's busy time at a station is, per step, the gap since their
 * previous step there when that gap is at most STATION_IDLE_GAP_S, and never less than this; a step after an idle gap
 * (or the day's first) counts this alone. So steps per busy hour is at most 3600 / STATION_STEP_MIN_S.
 */
export const STATION_STEP_MIN_S = 20;

/** GET /api/report/throughput */
export const ThroughputQuery = withRange({ station: z.enum(REPORT_STATIONS).optional() });
export type ThroughputQuery = z.output<typeof ThroughputQuery>;
export const ThroughputWorker = z.object({
  station: z.enum(REPORT_STATIONS),
  actorId: z.number().int(),
  actorName: z.string(),
  scans: z.number().int(),
  /** Hours in which the worker made at least one step. */
  activeHours: z.number().int(),
  busySeconds: z.number().int(),
  idleSeconds: z.number().int(),
  /** Steps per hour of busy time (null with no busy time). */
  perBusyHour: z.number().nullable(),
  /** Mean seconds between consecutive steps while busy, each at least STATION_STEP_MIN_S (null with no two steps within the idle gap). */
  meanGapSeconds: z.number().nullable(),
});
export type ThroughputWorker = z.infer<typeof ThroughputWorker>;
export const ThroughputResult = RolledUp.extend({
  /** Steps per hour of the day (0–23, business time), per station, over the range. */
  byHour: z.partialRecord(z.enum(REPORT_STATIONS), z.array(z.number().int())),
  /** Per day of the range, per station. */
  days: z.array(z.string()),
  byDay: z.partialRecord(z.enum(REPORT_STATIONS), z.array(z.number().int())),
  workers: z.array(ThroughputWorker),
});
export type ThroughputResult = z.infer<typeof ThroughputResult>;

// ---------------------------------------------------------------- lead times

/** The flow's stages, each from the previous step to its own: paid → purchased → arrived → shelved → pack order → shipped. */
export const LEAD_STAGES = ['purchase', 'arrival', 'shelving', 'pack_order', 'shipping'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
/** GET /api/report/leadTimes: weekly median and p90 in hours, by marketplace or by channel. */
export const LeadTimeQuery = withRange({ by: z.enum(['all', 'marketplace', 'channel']).default('all') });
export type LeadTimeQuery = z.output<typeof LeadTimeQuery>;
export const LeadTimeRow = z.object({
  /** Monday of the week (YYYY-MM-DD). */
  week: z.string(),
  stage: z.enum(LEAD_STAGES),
  /** 'all', a marketplace (taobao …) or a channel's name. */
  group: z.string(),
  n: z.number().int(),
  p50Hours: z.number().int(),
  p90Hours: z.number().int(),
});
export type LeadTimeRow = z.infer<typeof LeadTimeRow>;
export const LeadTimeResult = RolledUp.extend({ list: z.array(LeadTimeRow) });
export type LeadTimeResult = z.infer<typeof LeadTimeResult>;

// ---------------------------------------------------------------- money

/** What the money report sums from the ledger (every ledger row falls in one) and the service fees beside it. */
export const MONEY_CATEGORIES = [
  'topup',
  'goods',
  'freight',
  'price_topup',
  'freight_topup',
  'storage_fee',
  'payment_fee',
  'refund',
  'commission',
  'withdrawal',
  'adjustment',
] as const;
export type MoneyCategory = (typeof MONEY_CATEGORIES)[number];
/** GET /api/report/money */
export const MoneyReportQuery = withRange({ channelId: queryInt(0, 2_147_483_647).optional(), currency: z.string().max(8).optional() });
export type MoneyReportQuery = z.output<typeof MoneyReportQuery>;
export const MoneyReportDay = z.object({
  day: z.string(),
  currency: z.string(),
  /** Signed sums as the ledger holds them (a member's payment is negative on the member's balance). */
  amounts: z.record(z.enum(MONEY_CATEGORIES), z.number().int()),
  /** The net of every ledger row of the day: equals the ledger's own sum. */
  net: z.number().int(),
  entries: z.number().int(),
  /** Insurance and service fees included in the freight of the packages paid that day (not a ledger row of its own). */
  serviceFees: z.number().int(),
});
export type MoneyReportDay = z.infer<typeof MoneyReportDay>;
export const MoneyReportChannel = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  currency: z.string(),
  freight: z.number().int(),
  entries: z.number().int(),
});
export const MoneyReportResult = RolledUp.extend({ days: z.array(MoneyReportDay), byChannel: z.array(MoneyReportChannel) });
export type MoneyReportResult = z.infer<typeof MoneyReportResult>;

/**
 * GET /api/report/moneyReconcile (same range): the ledger's own sums per currency over the range, read live from the
 * ledger rows, beside the roll-up's — equal when the roll-ups are current.
 */
export const MoneyReconcileQuery = withRange({ currency: z.string().max(8).optional() });
export type MoneyReconcileQuery = z.output<typeof MoneyReconcileQuery>;
const Sums = z.object({ net: z.number().int(), entries: z.number().int() });
export const MoneyReconcileResult = RolledUp.extend({
  list: z.array(z.object({ currency: z.string(), ledger: Sums, report: Sums, matches: z.boolean() })),
});
export type MoneyReconcileResult = z.infer<typeof MoneyReconcileResult>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const reportStorageAgeCall = defineCall({ method: 'GET', url: '/api/report/storageAge', query: StorageAgeQuery, data: StorageAgeResult });
export const reportThroughputCall = defineCall({ method: 'GET', url: '/api/report/throughput', query: ThroughputQuery, data: ThroughputResult });
export const reportLeadTimesCall = defineCall({ method: 'GET', url: '/api/report/leadTimes', query: LeadTimeQuery, data: LeadTimeResult });
export const reportMoneyCall = defineCall({ method: 'GET', url: '/api/report/money', query: MoneyReportQuery, data: MoneyReportResult });
export const reportMoneyReconcileCall = defineCall({
  method: 'GET',
  url: '/api/report/moneyReconcile',
  query: MoneyReconcileQuery,
  data: MoneyReconcileResult,
});
export const reportRefreshCall = defineCall({ method: 'POST', url: '/api/report/refresh', data: ReportRefreshResult });
// Each report's Excel: the same query as its screen.
export const reportThroughputExportFile = defineDownload({ url: '/api/report/throughput/export', query: ThroughputQuery });
export const reportLeadTimesExportFile = defineDownload({ url: '/api/report/leadTimes/export', query: LeadTimeQuery });
export const reportMoneyExportFile = defineDownload({ url: '/api/report/money/export', query: MoneyReportQuery });
