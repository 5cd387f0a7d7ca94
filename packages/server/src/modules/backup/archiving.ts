import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { BackupSettings } from '@waystation/shared/contract/backup';
import { type Db, queryRows } from '../../db';
import {
  auditLogs,
  auditLogsArchive,
  notifyLogs,
  notifyLogsArchive,
  outboxMessages,
  outboxMessagesArchive,
  packageTraces,
  packageTracesArchive,
  traceEvents,
  traceEventsArchive,
} from '../../db/schema';

/**
 * Retention of what grows without end: audit rows, delivery logs, outbox messages and the purchase-line and package
 * traces older than a setting move to archive tables so the hot tables stay small. Nothing is ever dropped.
 *
 * One archive table per source with the same columns and the rows' own ids (rather than a table per month): the
 * schema stays fixed, so migrations, backups and restores know every table, and a read that must still see old rows
 * (the audit list, a package's or a purchase line's timeline) is a UNION ALL of two indexed tables. Traces are moved
 * too — a package's history depends on them, and it keeps them: its timeline reads the archive as well (goodsOut and
 * purchase queries). The ledger and everything money depends on never moves.
 */

const BATCH = 5000;
const DAY = 86_400_000;

type Setting = keyof Pick<BackupSettings, 'archiveLogsAfterDays' | 'archiveTracesAfterDays'>;

export const ARCHIVED: { source: PgTable; archive: PgTable; after: Setting }[] = [
  { source: auditLogs, archive: auditLogsArchive, after: 'archiveLogsAfterDays' },
  { source: notifyLogs, archive: notifyLogsArchive, after: 'archiveLogsAfterDays' },
  { source: outboxMessages, archive: outboxMessagesArchive, after: 'archiveLogsAfterDays' },
  { source: traceEvents, archive: traceEventsArchive, after: 'archiveTracesAfterDays' },
  { source: packageTraces, archive: packageTracesArchive, after: 'archiveTracesAfterDays' },
];

/** Moves one batch of rows older than `cutoff` (one statement, so one transaction); returns how many moved. */
async function moveBatch(db: Db, source: PgTable, archive: PgTable, cutoff: Date): Promise<number> {
  const cols = sql.join(
    Object.values(getTableColumns(source)).map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`with moved as (
          delete from ${source} where id in (select id from ${source} where created_at < ${cutoff.toISOString()}::timestamptz order by created_at, id limit ${BATCH})
          returning ${cols}
        ), kept as (insert into ${archive} (${cols}) select ${cols} from moved returning 1)
        select count(*)::int as n from kept`,
  );
  return n;
}

/** Moves every row older than its setting into its archive table, batch by batch; returns the counts per table. */
export async function archiveOldRows(
  db: Db,
  settings: Pick<BackupSettings, Setting>,
  now: Date,
  heartbeat: () => Promise<void> = async () => {},
): Promise<{ moved: Record<string, number>; cutoffs: Record<string, string> }> {
  const moved: Record<string, number> = {};
  const cutoffs: Record<string, string> = {};
  for (const { source, archive, after } of ARCHIVED) {
    const name = getTableConfig(source).name;
    const cutoff = new Date(now.getTime() - settings[after] * DAY);
    cutoffs[name] = cutoff.toISOString();
    moved[name] = 0;
    for (;;) {
      const n = await moveBatch(db, source, archive, cutoff);
      moved[name] += n;
      await heartbeat();
      if (n < BATCH) break;
    }
  }
  return { moved, cutoffs };
}
