import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { BackupReason } from '@waystation/shared/contract/backup';
import type { AppConfig } from '../../config';
import { type Db, parseProcessIdentity, processLives, thisProcess } from '../../db';
import { backupRuns, jobs } from '../../db/schema';
import { currentKey } from '../../core/secrets';
import { createBackup, type BackupResult, type Manifest } from './archive';
import type { BackupStorage } from './storage';

/**
 * Backup runs: every backup is recorded in backup_runs before its dump starts and ends there as ok (file, size,
 * tables, rows) or failed (the message), so the screen lists failures as well as archives.
 */

export type RunRow = typeof backupRuns.$inferSelect;

export interface BackupDeps {
  config: Pick<AppConfig, 'dataDir' | 'now' | 'secretKey'>;
  dbKind: 'pglite' | 'postgres';
  storage: BackupStorage;
}

/** A claimed backup job holds its lease this long; a run still "running" after it is treated as interrupted. */
export const BACKUP_LEASE_MS = 60 * 60_000;

export const uploadsDirOf = (config: { dataDir: string }) => path.join(config.dataDir, 'uploads');

/** waystation-20261124-031500-scheduled-r12.tar.gz: time (UTC), reason, and the run's id so two in one second differ. */
export function archiveName(at: Date, reason: BackupReason, runId?: number): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `waystation-${stamp}-${reason}${runId ? `-r${runId}` : ''}.tar.gz`;
}

/** What an archive's name says about it (for archives in the target that have no run record). */
export function parseArchiveName(name: string): { at: Date; reason: BackupReason } | null {
  const m = /^waystation-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(manual|scheduled|pre-migration)(?:-r\d+)?\.tar\.gz$/.exec(name);
  if (!m) return null;
  return { at: new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`), reason: m[7] as BackupReason };
}

/**
 * Where a run marked running really is: 'live' (still going), 'interrupted' (left behind by a server that stopped
 * mid-backup: its lease ran out); null for a finished run.
 */
export const runningState = (run: Pick<RunRow, 'status' | 'startedAt'>, now: Date): 'live' | 'interrupted' | null =>
  run.status !== 'running' ? null : now.getTime() - run.startedAt.getTime() < BACKUP_LEASE_MS ? 'live' : 'interrupted';

/** Whether a run marked running is really still going. */
export const isLive = (run: Pick<RunRow, 'status' | 'startedAt'>, now: Date) => runningState(run, now) === 'live';

/** A live run, if any: one backup at a time. */
export async function liveRun(db: Db, now: Date): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'running'), sql`${backupRuns.startedAt} > ${new Date(now.getTime() - BACKUP_LEASE_MS).toISOString()}::timestamptz`))
    .limit(1);
  return row ?? null;
}

export async function insertRun(
  db: Db,
  deps: BackupDeps,
  run: { reason: BackupReason; operatorId?: number | null; operatorName: string },
  now: Date,
): Promise<RunRow> {
  const [row] = await db
    .insert(backupRuns)
    .values({
      reason: run.reason,
      status: 'running',
      target: deps.storage.kind,
      operatorId: run.operatorId ?? null,
      operatorName: run.operatorName,
      startedAt: now,
      // The process that asked for it, until one takes it: a run queued by a server that then died is over too.
      runner: JSON.stringify(thisProcess()),
    })
    .returning();
  return row;
}

/**
 * The run of a scheduled slot: created once (the slot is unique); a failed or interrupted one is started again by the
 * job's retry; null when the slot already has its backup.
 */
export async function startSlotRun(db: Db, deps: BackupDeps, slot: string, now: Date): Promise<RunRow | null> {
  const [row] = await db
    .insert(backupRuns)
    .values({
      reason: 'scheduled',
      status: 'running',
      slot,
      target: deps.storage.kind,
      operatorName: 'system',
      startedAt: now,
      runner: JSON.stringify(thisProcess()),
    })
    .onConflictDoUpdate({
      target: backupRuns.slot,
      set: { status: 'running', startedAt: now, finishedAt: null, error: '', target: deps.storage.kind, runner: JSON.stringify(thisProcess()), workDir: '' },
      setWhere: and(ne(backupRuns.status, 'ok'), isNull(backupRuns.deletedAt)),
    })
    .returning();
  return row ?? null;
}

/** Takes the backup of a started run into the target and records how it ended; a failure is recorded, then thrown. */
export async function takeBackup(db: Db, deps: BackupDeps, run: Pick<RunRow, 'id' | 'reason'>): Promise<RunRow> {
  const now = deps.config.now();
  const name = archiveName(now, run.reason as BackupReason, run.id);
  let staged: string | null = null;
  let workDir: string | undefined;
  try {
    // Who takes it and where it works, recorded before the work starts: a kill -9 leaves both for the next start.
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), `ws-backup-r${run.id}-`));
    await db
      .update(backupRuns)
      .set({ runner: JSON.stringify(thisProcess()), workDir })
      .where(eq(backupRuns.id, run.id));
    const r = await createBackup(db, {
      workDir,
      source: deps.dbKind,
      uploadsDir: uploadsDirOf(deps.config),
      outDir: deps.storage.stagingDir(),
      fileName: name,
      now,
      reason: run.reason,
      keyId: currentKey(deps.config)?.id ?? null,
      runId: run.id,
    });
    staged = r.file;
    await deps.storage.put(name, r.file);
    staged = null;
    const [row] = await db
      .update(backupRuns)
      .set({ status: 'ok', ...summaryOf(r), fileName: name, finishedAt: deps.config.now() })
      .where(eq(backupRuns.id, run.id))
      .returning();
    return row;
  } catch (err) {
    if (staged) fs.rmSync(staged, { force: true });
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
    await db
      .update(backupRuns)
      .set({ status: 'failed', error: ((err as Error).message || String(err)).slice(0, 1000), finishedAt: deps.config.now() })
      .where(eq(backupRuns.id, run.id));
    throw err;
  }
}

const summaryOf = (r: BackupResult) => ({
  bytes: r.bytes,
  tableCount: Object.keys(r.manifest.tables).length,
  rowCount: Object.values(r.manifest.tables).reduce((a, b) => a + b, 0),
});

/** Records a backup taken where no run row could exist yet (before the migrations that create the table). */
export async function recordFinishedBackup(db: Db, deps: BackupDeps, r: BackupResult & { name: string }, reason: BackupReason, startedAt: Date): Promise<void> {
  await db.insert(backupRuns).values({
    reason,
    status: 'ok',
    target: deps.storage.kind,
    fileName: r.name,
    operatorName: 'system',
    startedAt,
    finishedAt: deps.config.now(),
    ...summaryOf(r),
  });
}

/** Runs whose archive this target holds no longer: marked deleted (by whom). */
export async function markDeleted(db: Db, ids: number[], by: string, now: Date): Promise<void> {
  for (const id of ids) await db.update(backupRuns).set({ deletedAt: now, deletedBy: by }).where(eq(backupRuns.id, id));
}

/** Scheduled runs that hold an archive, for retention. */
export function keptScheduledRuns(db: Db): Promise<RunRow[]> {
  return db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.reason, 'scheduled'), eq(backupRuns.status, 'ok'), isNull(backupRuns.deletedAt)));
}

/** Failed scheduled runs older than the oldest kept backup: nothing left to look at. */
export async function dropOldFailures(db: Db, before: Date, now: Date): Promise<void> {
  await db
    .update(backupRuns)
    .set({ deletedAt: now, deletedBy: 'retention' })
    .where(
      and(
        eq(backupRuns.reason, 'scheduled'),
        or(eq(backupRuns.status, 'failed'), eq(backupRuns.status, 'running')),
        lt(backupRuns.startedAt, before),
        isNull(backupRuns.deletedAt),
      ),
    );
}

export const RESTORED_MID_RUN = '备份中断：恢复的数据取自它进行期间的备份（Interrupted: the data was restored from a backup taken while it ran）';

/**
 * After a restore: the archive read the runs table while its own run (and maybe another) was still running, and in
 * the restored database nothing will ever finish them. The archive's own run ended ok with this archive; any other
 * ended there, and its manual job with it (else the runner would take it up again after its lease).
 */
export async function settleRestoredRuns(db: Db, manifest: Manifest, archive: { name: string; bytes: number }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (manifest.runId)
      await tx
        .update(backupRuns)
        .set({
          status: 'ok',
          fileName: archive.name,
          bytes: archive.bytes,
          tableCount: Object.keys(manifest.tables).length,
          rowCount: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
          finishedAt: new Date(manifest.createdAt),
          error: '',
        })
        .where(and(eq(backupRuns.id, manifest.runId), eq(backupRuns.status, 'running')));
    await tx.update(backupRuns).set({ status: 'failed', error: RESTORED_MID_RUN, finishedAt: now }).where(eq(backupRuns.status, 'running'));
    await tx
      .update(jobs)
      .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, result: { restored: true } })
      .where(and(eq(jobs.kind, 'backup.manual'), or(eq(jobs.status, 'pending'), eq(jobs.status, 'running'))));
  });
}

export const RUNNER_DIED = '备份中断：执行它的服务器进程已停止（Interrupted: the server process taking it stopped）';

/**
 * Runs left "running" by a process that no longer lives (killed mid-backup, kill -9 or a crash): marked failed, their
 * work folder and half-written archive removed, and a manual run's job ended (a person asked once; they ask again). Run
 * at start and before a new manual backup, so a dead run never blocks 立即备份 for its lease. A run of a process on
 * another host (servers sharing a PostgreSQL database) is left to its lease: it cannot be checked from here.
 */
export async function settleDeadRuns(db: Db, deps: Pick<BackupDeps, 'config' | 'storage'>, now: Date): Promise<number[]> {
  const running = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'running'), ne(backupRuns.runner, '')));
  const settled: number[] = [];
  for (const run of running) {
    const runner = parseProcessIdentity(run.runner);
    if (!runner || processLives(runner)) continue;
    const [row] = await db
      .update(backupRuns)
      .set({ status: 'failed', error: `${RUNNER_DIED} (pid ${runner.pid})`, finishedAt: now, workDir: '' })
      .where(and(eq(backupRuns.id, run.id), eq(backupRuns.status, 'running'), eq(backupRuns.runner, run.runner)))
      .returning();
    if (!row) continue;
    settled.push(run.id);
    if (run.workDir && path.basename(run.workDir).startsWith(`ws-backup-r${run.id}-`)) fs.rmSync(run.workDir, { recursive: true, force: true });
    try {
      const staging = deps.storage.stagingDir();
      for (const n of fs.readdirSync(staging)) if (n.endsWith(`-r${run.id}.tar.gz`)) fs.rmSync(path.join(staging, n), { force: true });
    } catch {} // nothing staged
    if (run.reason === 'manual')
      await db
        .update(jobs)
        .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, result: { runId: run.id, failed: RUNNER_DIED } })
        .where(and(eq(jobs.key, `backup.manual:${run.id}`), or(eq(jobs.status, 'pending'), eq(jobs.status, 'running'))));
  }
  return settled;
}
