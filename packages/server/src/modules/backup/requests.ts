import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { currentKey } from '../../core/secrets';
import { BackupRefused } from './archive';
import { type BackupDeps, insertRun, takeBackup } from './runs';
import { backupDirOf } from './storage';

const REQUESTS = 'requests';

/** Takes a manual backup for the command line (`npm run backup`), recorded like any other run. */
export async function commandLineBackup(db: Db, deps: BackupDeps) {
  const run = await insertRun(db, deps, { reason: 'manual', operatorName: 'npm run backup' }, deps.config.now());
  return takeBackup(db, deps, run);
}

/**
 * `npm run backup` while the server holds the embedded database: the command leaves a request file in the backups
 * folder and the server takes the backup (it alone may open the database), then leaves the answer next to it.
 */
export function watchBackupRequests(db: Db, deps: BackupDeps, config: { dataDir: string; backupDir?: string }, everyMs = 1000): { stop(): void } {
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
          const r = await commandLineBackup(db, deps);
          answer = {
            ok: true,
            file: `${deps.storage.where}${deps.storage.kind === 'folder' ? path.sep : ''}${r.fileName}`,
            bytes: r.bytes,
            tables: r.tableCount,
            rows: r.rowCount,
            ms: r.finishedAt!.getTime() - r.startedAt.getTime(),
            key: currentKey(deps.config),
          };
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

/** How long the server may take to pick a request up (it looks every second) before the command gives up. */
export const PICKUP_MS = 10_000;

/**
 * Leaves a request for the running server and waits for its answer. Answers promptly when it cannot proceed: the
 * server does not pick the request up within PICKUP_MS (no Waystation server is watching the folder), or it stops
 * before answering. `serverAlive` tells whether the server holding the data directory still runs.
 */
export async function requestBackupFromServer(
  config: { dataDir: string; backupDir?: string },
  opts: { serverAlive: () => boolean; pickupMs?: number; timeoutMs?: number },
): Promise<Record<string, unknown>> {
  const dir = path.join(backupDirOf(config), REQUESTS);
  fs.mkdirSync(dir, { recursive: true });
  const id = `${Date.now()}-${process.pid}`;
  const request = path.join(dir, `${id}.request`);
  fs.writeFileSync(request, '');
  const answer = path.join(dir, `${id}.answer`);
  const started = Date.now();
  const until = started + (opts.timeoutMs ?? 6 * 60 * 60_000);
  try {
    while (Date.now() < until) {
      if (fs.existsSync(answer)) {
        const a = JSON.parse(fs.readFileSync(answer, 'utf8')) as Record<string, unknown>;
        fs.rmSync(answer, { force: true });
        return a;
      }
      const pickedUp = !fs.existsSync(request);
      if (!pickedUp && Date.now() - started > (opts.pickupMs ?? PICKUP_MS))
        throw new BackupRefused(
          `The process holding ${config.dataDir} did not take the backup request within ${Math.round((opts.pickupMs ?? PICKUP_MS) / 1000)} s: it is not a Waystation server watching ${dir}. Stop it (or, if it is an older Waystation version, stop it and run npm run backup again).`,
        );
      if (!opts.serverAlive()) {
        if (fs.existsSync(answer)) continue;
        throw new BackupRefused(
          'The server stopped before it answered the backup request: run npm run backup again (it takes the backup itself while no server runs).',
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('The running server did not answer the backup request in time.');
  } finally {
    fs.rmSync(request, { force: true });
  }
}
