import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every backup taken (manual, scheduled, pre-migration), failed ones included, so the 数据备份 screen shows failures.
 * A scheduled run carries its slot (the business date): unique, so two servers never both back up one slot.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    slot: text('slot'),
    fileName: text('file_name').notNull().default(''),
    target: text('target').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    tableCount: integer('table_count'),
    rowCount: bigint('row_count', { mode: 'number' }),
    error: text('error').notNull().default(''),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    deletedAt: ts('deleted_at'),
    deletedBy: text('deleted_by').notNull().default(''),
    /** The process taking the backup (JSON of db/index.ts ProcessIdentity), '' until one starts it. */
    runner: text('runner').notNull().default(''),
    /** Its work folder while it runs (removed when the run ends, or when its runner is found dead). */
    workDir: text('work_dir').notNull().default(''),
  },
  (t) => [uniqueIndex('backup_runs_slot_key').on(t.slot), index('backup_runs_started_idx').on(t.startedAt, t.id)],
);

/**
 * The schedule, retention and archiving settings: one row (id 1), absent until a super admin first saves them (the
 * defaults apply meanwhile). Its own table rather than the generic config data, which other roles may write.
 */
export const backupSettings = pgTable(
  'backup_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    dailyAt: text('daily_at').notNull().default('03:00'),
    keepDaily: integer('keep_daily').notNull().default(7),
    keepWeekly: integer('keep_weekly').notNull().default(4),
    archiveLogsAfterDays: integer('archive_logs_after_days').notNull().default(180),
    archiveTracesAfterDays: integer('archive_traces_after_days').notNull().default(365),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: text('updated_by').notNull().default(''),
  },
  (t) => [check('backup_settings_one_row', sql`${t.id} = 1`)],
);
