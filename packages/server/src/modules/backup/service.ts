import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { createBackup, type BackupResult } from './archive';

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirOf = (config: { dataDir: string }) => path.resolve(process.env.BACKUP_DIR || path.join(config.dataDir, 'backups'));
export const uploadsDirOf = (config: { dataDir: string }) => path.join(config.dataDir, 'uploads');

/** Before new migrations change an embedded database that has data, a backup of it as it was. */
export async function preMigrationBackup(db: Db, config: { dataDir: string; now: () => Date }): Promise<BackupResult> {
  const r = await createBackup(db, { source: 'pglite', uploadsDir: uploadsDirOf(config), outDir: backupDirOf(config), now: config.now(), reason: 'pre-migration' });
  console.log(`New migrations to apply: backed up the database first → ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB, ${r.ms} ms)`);
  return r;
}

const REQUESTS = 'requests';

/**
 * `npm run backup` while the server holds the embedded database: the command leaves a request file in the backups
 * folder and the server takes the backup (it alone may open the database), then leaves the answer next to it.
 */
export function watchBackupRequests(db: Db, config: { dataDir: string; now: () => Date }, everyMs = 1000): { stop(): void } {
  const dir = path.join(backupDirOf(config), REQUESTS);
  let busy = false;
  const tick = async () => {
    if (busy || !fs.existsSync(dir)) return;
    const pending = fs.readdirSync(dir).filter((n) => n.endsWith('.request'));
    if (!pending.length) return;
    busy = true;
    try {
      for (const name of pending) {
        const id = name.replace(/\.request$/, '');
        fs.rmSync(path.join(dir, name), { force: true });
        let answer: object;
        try {
          const r = await createBackup(db, { source: 'pglite', uploadsDir: uploadsDirOf(config), outDir: backupDirOf(config), now: config.now(), reason: 'manual' });
          answer = { ok: true, file: r.file, bytes: r.bytes, ms: r.ms, tables: Object.keys(r.manifest.tables).length, rows: Object.values(r.manifest.tables).reduce((a, b) => a + b, 0) };
        } catch (err) {
          answer = { ok: false, message: (err as Error).message };
        }
        fs.writeFileSync(path.join(dir, `${id}.answer`), JSON.stringify(answer));
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Leaves a request for the running server and waits for its answer. */
export async function requestBackupFromServer(config: { dataDir: string }, timeoutMs = 30 * 60_000): Promise<Record<string, unknown>> {
  const dir = path.join(backupDirOf(config), REQUESTS);
  fs.mkdirSync(dir, { recursive: true });
  const id = `${Date.now()}-${process.pid}`;
  fs.writeFileSync(path.join(dir, `${id}.request`), '');
  const answer = path.join(dir, `${id}.answer`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(answer)) {
      const a = JSON.parse(fs.readFileSync(answer, 'utf8')) as Record<string, unknown>;
      fs.rmSync(answer, { force: true });
      return a;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.rmSync(path.join(dir, `${id}.request`), { force: true });
  throw new Error('The running server did not answer the backup request in time.');
}
