import type { Readable } from 'node:stream';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BackupDeleteBody, BackupItem, BackupListQuery, BackupListResult, BackupReason } from '@waystation/shared/contract/backup';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { backupRuns } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { enqueueJob, type JobRunner } from '../../core/jobs';
import { offsetOf } from '../../core/paging';
import { currentKey } from '../../core/secrets';
import { createBackup, type BackupResult } from './archive';
import {
  archiveName,
  type BackupDeps,
  insertRun,
  isLive,
  runningState,
  liveRun,
  parseArchiveName,
  recordFinishedBackup,
  type RunRow,
  settleDeadRuns,
  uploadsDirOf,
} from './runs';
import { nextSlotAt, readSettings } from './schedule';
import { backupStorageOf, type StoredBackup } from './storage';

/** The backup target and database kind of this server, for the screen, the jobs and the command line alike. */
export function backupDepsOf(config: AppConfig, dbKind: 'pglite' | 'postgres'): BackupDeps {
  return { config, dbKind, storage: backupStorageOf(config) };
}

const INTERRUPTED = '备份中断：服务器在备份过程中停止（Interrupted: the server stopped during the backup）';

function itemOfRun(run: RunRow, stored: Map<string, StoredBackup> | null, now: Date): BackupItem {
  const stale = runningState(run, now) === 'interrupted';
  return {
    runId: run.id,
    fileName: run.fileName,
    reason: run.reason as BackupReason,
    status: stale ? 'failed' : (run.status as BackupItem['status']),
    startTime: run.startedAt.toISOString(),
    finishTime: run.finishedAt?.toISOString() ?? null,
    bytes: run.bytes,
    tables: run.tableCount,
    rows: run.rowCount,
    error: stale ? INTERRUPTED : run.error,
    operatorName: run.operatorName,
    missing: run.status === 'ok' && !!stored && !stored.has(run.fileName),
  };
}

/**
 * Every backup: the recorded runs (failed ones included) and any archive in the target without a record (copied in
 * by hand), newest first.
 */
export async function listBackups(db: Db, deps: BackupDeps, q: BackupListQuery, now: Date): Promise<BackupListResult> {
  const runs = await db.select().from(backupRuns).where(isNull(backupRuns.deletedAt)).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id));
  let stored: Map<string, StoredBackup> | null = null;
  let targetError = '';
  try {
    stored = new Map((await deps.storage.list()).map((s) => [s.name, s]));
  } catch (err) {
    targetError = `备份目标无法访问（The backup target cannot be read）：${(err as Error).message}`;
  }
  const items = runs.map((r) => itemOfRun(r, stored, now));
  const recorded = new Set(runs.map((r) => r.fileName));
  for (const s of stored?.values() ?? []) {
    const parsed = parseArchiveName(s.name);
    if (recorded.has(s.name) || !parsed) continue;
    items.push({
      runId: null,
      fileName: s.name,
      reason: parsed.reason,
      status: 'ok',
      startTime: parsed.at.toISOString(),
      finishTime: null,
      bytes: s.bytes,
      tables: null,
      rows: null,
      error: '',
      operatorName: '',
      missing: false,
    });
  }
  items.sort((a, b) => b.startTime.localeCompare(a.startTime) || (b.runId ?? 0) - (a.runId ?? 0));
  const settings = await readSettings(db);
  const from = offsetOf(q.page, q.limit);
  return {
    list: items.slice(from, from + q.limit),
    total: items.length,
    running: runs.some((r) => isLive(r, now)),
    target: { kind: deps.storage.kind, where: deps.storage.where },
    targetError,
    nextScheduled: settings.enabled ? nextSlotAt(now, settings.dailyAt).toISOString() : null,
  };
}

/**
 * Starts a manual backup now (one at a time, whoever asks): the run is recorded and queued as a job, then this server
 * runs it at once; the screen follows its state in the list.
 */
export async function requestManualBackup(db: Db, deps: BackupDeps, jobs: Pick<JobRunner, 'runNow'>, actor: Actor, now: Date): Promise<{ runId: number }> {
  const run = await db.transaction(async (tx) => {
    // Two people pressing at once: the second waits here, then sees the first one's run.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('waystation.backup.run'))`);
    // A run whose server died mid-backup (kill -9) is over: it must not block this one for its lease.
    await settleDeadRuns(tx, deps, now);
    const live = await liveRun(tx, now);
    if (live) throw conflict(`已有备份正在进行（${live.reason}，开始于 ${live.startedAt.toISOString()}），请等待它完成 / A backup is already running`);
    const row = await insertRun(tx, deps, { reason: 'manual', operatorId: actor.id, operatorName: actor.name }, now);
    await enqueueJob(tx, { kind: 'backup.manual', key: `backup.manual:${row.id}`, payload: { runId: row.id }, runAt: now }, now);
    await writeAudit(tx, actor, { action: 'backup.run', targetType: 'backup', targetId: row.id }, now);
    return row;
  });
  void jobs.runNow(`backup.manual:${run.id}`);
  return { runId: run.id };
}

/** An archive's bytes for download; the download is audited. */
export async function openDownload(db: Db, deps: BackupDeps, actor: Actor, name: string, now: Date): Promise<{ stream: Readable; bytes: number }> {
  const file = await deps.storage.get(name);
  if (!file) throw notFound('备份文件不存在 / No such backup');
  await writeAudit(db, actor, { action: 'backup.download', targetType: 'backup', targetId: name, after: { bytes: file.bytes } }, now);
  return file;
}

/** Deletes one archive (by file name) or one run's record (by id, with its archive if it has one); audited. */
export async function deleteBackup(db: Db, deps: BackupDeps, actor: Actor, body: BackupDeleteBody, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(backupRuns)
      .where(and(isNull(backupRuns.deletedAt), body.runId ? eq(backupRuns.id, body.runId) : eq(backupRuns.fileName, body.name!)))
      .limit(1);
    if (!run && (body.runId || !(await deps.storage.list()).some((s) => s.name === body.name))) throw notFound('备份不存在 / No such backup');
    const name = run ? run.fileName : body.name!;
    if (run && isLive(run, now)) throw conflict('备份正在进行，完成后才能删除 / The backup is still running');
    if (run) await tx.update(backupRuns).set({ deletedAt: now, deletedBy: actor.name }).where(eq(backupRuns.id, run.id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'backup.delete',
        targetType: 'backup',
        targetId: name || `run:${run?.id}`,
        before: run ? { runId: run.id, reason: run.reason, status: run.status, fileName: run.fileName, bytes: run.bytes } : { fileName: name },
      },
      now,
    );
    // Last, inside the transaction: when the target refuses, the record stays as it was.
    if (name) await deps.storage.delete(name);
  });
}

/** Before new migrations change an embedded database that has data, a backup of it as it was (into the target). */
export async function preMigrationBackup(db: Db, deps: BackupDeps): Promise<BackupResult & { name: string; startedAt: Date }> {
  const startedAt = deps.config.now();
  const name = archiveName(startedAt, 'pre-migration');
  const r = await createBackup(db, {
    source: deps.dbKind,
    uploadsDir: uploadsDirOf(deps.config),
    outDir: deps.storage.stagingDir(),
    fileName: name,
    now: startedAt,
    reason: 'pre-migration',
    keyId: currentKey(deps.config)?.id ?? null,
  });
  await deps.storage.put(name, r.file);
  console.log(
    `New migrations to apply: backed up the database first → ${deps.storage.where}${deps.storage.kind === 'folder' ? '/' : ''}${name} (${(r.bytes / 1e6).toFixed(1)} MB, ${r.ms} ms)`,
  );
  return { ...r, name, startedAt };
}

/** Once the migrations created the runs table: the pre-migration backup's record. */
export const recordPreMigrationBackup = (db: Db, deps: BackupDeps, r: BackupResult & { name: string; startedAt: Date }) =>
  recordFinishedBackup(db, deps, r, 'pre-migration', r.startedAt);
