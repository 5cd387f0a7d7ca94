import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Daily roll-ups the reports read (issue 15), one set of rows per business day (Asia/Shanghai, 'YYYY-MM-DD'). The
 * report.rollup job rebuilds a day's rows in one transaction; this table says which days are built and when.
 */
export const reportRollupDays = pgTable('report_rollup_days', {
  day: text('day').primaryKey(),
  computedAt: ts('computed_at').notNull(),
});

/** Station steps per hour, station and worker, with the time between a worker's consecutive steps (busy or idle). */
export const reportStationHours = pgTable(
  'report_station_hours',
  {
    day: text('day').notNull(),
    hour: integer('hour').notNull(),
    station: text('station').notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    scans: integer('scans').notNull(),
    /** Working time: per step the gap since the worker's previous step when at most STATION_IDLE_GAP_S, never under STATION_STEP_MIN_S (a step after idle: that minimum). */
    busySeconds: integer('busy_seconds').notNull(),
    /** How many steps came within the idle gap of the previous one (their mean is the worker's pace). */
    busyGaps: integer('busy_gaps').notNull(),
    /** Longer gaps within the day, less the next step's minimum: waiting or away. */
    idleSeconds: integer('idle_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.station, t.actorId, t.hour] })],
);

/** Ledger movements per day, category, logistics channel (0: none) and currency; plus the non-ledger service fees. */
export const reportMoneyDays = pgTable(
  'report_money_days',
  {
    day: text('day').notNull(),
    category: text('category').notNull(),
    channelId: integer('channel_id').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.category, t.channelId, t.currency] })],
);

/**
 * Lead-time histograms: per day a stage ended, how many lines or packages took `hours` whole hours, per marketplace
 * (purchase stages) or channel (shipping). Medians and p90 of any range merge these counts.
 */
export const reportLeadTimes = pgTable(
  'report_lead_times',
  {
    day: text('day').notNull(),
    stage: text('stage').notNull(),
    dimension: text('dimension').notNull(),
    hours: integer('hours').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.stage, t.dimension, t.hours] })],
);

/**
 * Storage fees (issue 15): one row per item and business day beyond the free days, charged from the member's balance
 * through the ledger; the unique key is what makes the daily job safe to run twice. Waived rows are refunded.
 */
export const storageFees = pgTable(
  'storage_fees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    memberId: integer('member_id').notNull(),
    day: text('day').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** charged | waived */
    status: text('status').notNull(),
    waivedBy: text('waived_by').notNull().default(''),
    waivedReason: text('waived_reason').notNull().default(''),
    waivedAt: ts('waived_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('storage_fees_item_day_key').on(t.itemId, t.day), index('storage_fees_member_idx').on(t.memberId, t.day)],
);

/**
 * The shelf per member (库龄报表), rebuilt by each roll-up run: items on the shelf and in no pack order by age bucket
 * at the time of the build, and the member's oldest item (its age is read at query time).
 */
export const reportStorageMembers = pgTable('report_storage_members', {
  memberId: integer('member_id').primaryKey(),
  d0_30: integer('d0_30').notNull(),
  d31_60: integer('d31_60').notNull(),
  d61_90: integer('d61_90').notNull(),
  d90Plus: integer('d90_plus').notNull(),
  total: integer('total').notNull(),
  oldestShelvedAt: ts('oldest_shelved_at').notNull(),
});

/** Exports (issue 15): a list's rows written to Excel by the export.run job, for the admin who asked. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    columns: jsonb('columns').$type<unknown[]>().notNull(),
    status: text('status').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    fileUri: text('file_uri'),
    size: bigint('size', { mode: 'number' }),
    error: text('error').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('export_jobs_admin_idx').on(t.adminId, t.id)],
);
