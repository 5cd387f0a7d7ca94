import { eq } from 'drizzle-orm';
import type { BackupSettings, BackupSettingsResult } from '@waystation/shared/contract/backup';
import type { Db } from '../../db';
import { backupSettings } from '../../db/schema';
import { writeAudit, type Actor } from '../../core/audit';
import { enqueueJob, type JobSet } from '../../core/jobs';
import { archiveOldRows } from './archiving';
import { BACKUP_LEASE_MS, type BackupDeps, dropOldFailures, keptScheduledRuns, markDeleted, startSlotRun, takeBackup } from './runs';

/**
 * The daily backup and the monthly archiving on the shared job runner. A day's backup is the job
 * `backup.scheduled:<business date>`, created once by its key whichever server schedules it, and its run row carries
 * the date as a unique slot: two servers on one PostgreSQL take one backup per day. Times are Asia/Shanghai.
 */

const DAY = 86_400_000;
const OFFSET = 8 * 3600_000; // business time is Asia/Shanghai (UTC+8, no daylight saving)
const SYSTEM: Actor = { id: null, name: 'system', ip: '' };

export const DEFAULT_SETTINGS: BackupSettings = {
  enabled: true,
  dailyAt: '03:00',
  keepDaily: 7,
  keepWeekly: 4,
  archiveLogsAfterDays: 180,
  archiveTracesAfterDays: 365,
};

export async function readSettings(db: Db): Promise<BackupSettings & { updatedAt: Date | null; updatedBy: string }> {
  const [row] = await db.select().from(backupSettings).where(eq(backupSettings.id, 1));
  if (!row) return { ...DEFAULT_SETTINGS, updatedAt: null, updatedBy: '' };
  const { id: _id, ...rest } = row;
  return rest;
}

/** The settings as the screen shows them. */
export async function settingsView(db: Db): Promise<BackupSettingsResult> {
  const { updatedAt, updatedBy, ...settings } = await readSettings(db);
  return { ...settings, modifyTime: updatedAt?.toISOString() ?? null, modifiedBy: updatedBy };
}

/** Saves the settings (validated by their schema before), audited with before and after. */
export async function saveSettings(db: Db, actor: Actor, input: BackupSettings, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readSettings(tx);
    await tx
      .insert(backupSettings)
      .values({ id: 1, ...input, updatedAt: now, updatedBy: actor.name })
      .onConflictDoUpdate({ target: backupSettings.id, set: { ...input, updatedAt: now, updatedBy: actor.name } });
    await writeAudit(tx, actor, { action: 'backup.settings', targetType: 'backupSettings', targetId: 1, before, after: input }, now);
  });
}

/** The latest daily slot at or before `now`: its business date and the moment it is due. */
export function latestSlot(now: Date, dailyAt: string): { slot: string; at: Date } {
  const [hh, mm] = dailyAt.split(':').map(Number);
  const local = new Date(now.getTime() + OFFSET);
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hh, mm) - OFFSET;
  if (at > now.getTime()) at -= DAY;
  return { slot: new Date(at + OFFSET).toISOString().slice(0, 10), at: new Date(at) };
}

/** When the next daily backup is due. */
export const nextSlotAt = (now: Date, dailyAt: string): Date => new Date(latestSlot(now, dailyAt).at.getTime() + DAY);

/** A slot's business date is a Sunday: its backup is kept as a weekly one. */
export const isSunday = (slot: string) => new Date(`${slot}T00:00:00Z`).getUTCDay() === 0;

/**
 * Which scheduled backups to keep: the newest `keepDaily` slots, and the newest `keepWeekly` Sunday slots (a Sunday
 * among the newest days counts as one of both). Everything else is dropped.
 */
export function retentionPlan<T extends { slot: string | null }>(runs: T[], keep: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>): { keep: T[]; drop: T[] } {
  const newestFirst = runs.filter((r) => r.slot).sort((a, b) => b.slot!.localeCompare(a.slot!));
  const kept = new Set([...newestFirst.slice(0, keep.keepDaily), ...newestFirst.filter((r) => isSunday(r.slot!)).slice(0, keep.keepWeekly)]);
  return { keep: newestFirst.filter((r) => kept.has(r)), drop: newestFirst.filter((r) => !kept.has(r)) };
}

/** Deletes the scheduled archives beyond the configured counts (manual and pre-migration ones are never touched). */
export async function applyRetention(db: Db, deps: BackupDeps, settings: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>): Promise<string[]> {
  const now = deps.config.now();
  const plan = retentionPlan(await keptScheduledRuns(db), settings);
  for (const run of plan.drop) {
    await deps.storage.delete(run.fileName);
    await db.transaction(async (tx) => {
      await markDeleted(tx, [run.id], 'retention', now);
      await writeAudit(
        tx,
        SYSTEM,
        { action: 'backup.retention', targetType: 'backup', targetId: run.fileName, before: { slot: run.slot, fileName: run.fileName } },
        now,
      );
    });
  }
  const oldest = plan.keep.map((r) => r.startedAt).sort((a, b) => a.getTime() - b.getTime())[0];
  if (oldest) await dropOldFailures(db, oldest, now);
  return plan.drop.map((r) => r.fileName);
}

async function scheduleBackupJobs(db: Db, now: Date): Promise<void> {
  const settings = await readSettings(db);
  const slot = latestSlot(now, settings.dailyAt);
  if (settings.enabled)
    await enqueueJob(db, { kind: 'backup.scheduled', key: `backup.scheduled:${slot.slot}`, payload: { slot: slot.slot }, runAt: slot.at }, now);
  // Archiving: once a month, at the time of the month's first daily slot.
  const month = slot.slot.slice(0, 7);
  const firstAt = new Date(Date.parse(`${month}-01T${settings.dailyAt}:00Z`) - OFFSET);
  if (firstAt <= now) await enqueueJob(db, { kind: 'history.archive', key: `history.archive:${month}`, payload: { month }, runAt: firstAt }, now);
}

/** The backup module's jobs: the daily backup (then retention), a manual backup someone asked for, the monthly archiving. */
export function backupJobs(deps: BackupDeps): JobSet {
  return {
    schedule: scheduleBackupJobs,
    kinds: [
      {
        kind: 'backup.scheduled',
        leaseMs: BACKUP_LEASE_MS,
        async run(job, { db }) {
          const { slot } = job.payload as { slot: string };
          const run = await startSlotRun(db, deps, slot, deps.config.now());
          if (!run) return { slot, skipped: 'the slot has its backup' };
          // A failure is recorded on the run and thrown: the runner retries the slot with back-off.
          const done = await takeBackup(db, deps, run);
          const dropped = await applyRetention(db, deps, await readSettings(db));
          return { slot, file: done.fileName, bytes: done.bytes, dropped };
        },
      },
      {
        kind: 'backup.manual',
        leaseMs: BACKUP_LEASE_MS,
        async run(job, { db }) {
          const { runId } = job.payload as { runId: number };
          // A person asked once: a failure is shown on the screen, not retried behind their back.
          try {
            const done = await takeBackup(db, deps, { id: runId, reason: 'manual' });
            return { runId, file: done.fileName, bytes: done.bytes };
          } catch (err) {
            return { runId, failed: (err as Error).message };
          }
        },
      },
      {
        kind: 'history.archive',
        leaseMs: 30 * 60_000,
        async run(_job, { db, now, heartbeat }) {
          return archiveOldRows(db, await readSettings(db), now(), heartbeat);
        },
      },
    ],
  };
}
