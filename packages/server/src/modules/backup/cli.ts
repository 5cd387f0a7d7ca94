// npm run backup / npm run restore <archive> [--force] [--key-file <old DATA_DIR>/secret.key | --new-key] — see README "Backups".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { BACKUP_FILE_NAME } from '@waystation/shared/contract/backup';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { configFromEnv } from '../../config';
import { dataDirInUse, type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../../db';
import { checkLedger } from '../ledger/service';
import { currentKey, KEY_FILE, writeKeyFile } from '../../core/secrets';
import { BackupRefused, compareWithManifest, createBackup, loadTables, migrationsUpTo, openArchive, restoreUploads, tablesOf } from './archive';
import { restoreKeyPlan } from './key';
import { commandLineBackup, requestBackupFromServer } from './requests';
import { settleRestoredRuns, uploadsDirOf } from './runs';
import { backupDepsOf } from './service';
import { backupStorageOf } from './storage';

const cfg = configFromEnv(process.env);
const [command, ...args] = process.argv.slice(2);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Said after every backup: the archive does not hold the key its sealed secrets need. */
function keyReminder(key: { id: string; from: string } | null): void {
  if (!key) return;
  console.log(
    `Its sealed secrets need the key ${key.id} (${key.from}), which backups never hold: keep a copy of it apart from them (npm run restore asks for it with --key-file).`,
  );
}

async function backup(): Promise<void> {
  if (!cfg.databaseUrl) {
    const pid = dataDirInUse(cfg.dataDir);
    if (pid) {
      console.log(`The server (pid ${pid}) holds ${cfg.dataDir}: asking it to take the backup…`);
      const a = await requestBackupFromServer(cfg, { serverAlive: () => dataDirInUse(cfg.dataDir) === pid });
      if (!a.ok) throw new Error(String(a.message));
      console.log(`Backup written: ${a.file} (${mb(Number(a.bytes))}, ${a.tables} tables, ${a.rows} rows, ${a.ms} ms)`);
      keyReminder((a.key as { id: string; from: string } | null) ?? null);
      return;
    }
  }
  const database = cfg.databaseUrl
    ? await openPostgres(cfg.databaseUrl, { migrate: false, max: 2 })
    : await openPglite(cfg.dataDir, { migrationsFolder: false });
  try {
    const deps = backupDepsOf(cfg, database.kind);
    // A database not yet migrated to a version with the runs table: the archive alone, unrecorded.
    if (!(await tablesOf(database.db)).includes('backup_runs')) {
      const r = await createBackup(database.db, {
        source: database.kind,
        uploadsDir: uploadsDirOf(cfg),
        outDir: deps.storage.stagingDir(),
        now: new Date(),
        reason: 'manual',
        keyId: currentKey(cfg)?.id ?? null,
      });
      await deps.storage.put(path.basename(r.file), r.file);
      console.log(`Backup written: ${deps.storage.where} ${path.basename(r.file)} (${mb(r.bytes)}, ${r.ms} ms)`);
      keyReminder(currentKey(cfg));
      return;
    }
    const r = await commandLineBackup(database.db, deps);
    console.log(
      `Backup written: ${deps.storage.where}${deps.storage.kind === 'folder' ? path.sep : ''}${r.fileName} (${mb(r.bytes ?? 0)}, ${r.tableCount} tables, ${r.rowCount} rows, ${r.finishedAt!.getTime() - r.startedAt.getTime()} ms)`,
    );
    keyReminder(currentKey(cfg));
  } finally {
    await database.close();
  }
}

/** An archive named by its bare file name that is not here: fetched from the backup target (the folder or the bucket). */
async function fetchFromTarget(file: string): Promise<string | null> {
  if (fs.existsSync(file) || !BACKUP_FILE_NAME.test(file)) return null;
  const storage = backupStorageOf(cfg);
  const got = await storage.get(file);
  if (!got) throw new BackupRefused(`No ${file} here nor in the backup target ${storage.where}`);
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-fetch-')), file);
  await pipeline(got.stream, fs.createWriteStream(local));
  console.log(`Fetched ${file} from ${storage.where} (${mb(got.bytes)})`);
  return local;
}

const USAGE = `Usage: npm run restore -- <archive.tar.gz> [--force] [--key-file <old DATA_DIR>/${KEY_FILE} | --new-key]`;

function restoreArgs() {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { force: { type: 'boolean' }, 'key-file': { type: 'string' }, 'new-key': { type: 'boolean' } },
    });
    if (positionals.length !== 1) throw new Error('one archive');
    return { file: positionals[0], force: !!values.force, keyFile: values['key-file'], newKey: !!values['new-key'] };
  } catch {
    throw new BackupRefused(USAGE);
  }
}

async function restore(): Promise<void> {
  const { file, force, keyFile, newKey } = restoreArgs();
  const started = Date.now();
  const fetched = await fetchFromTarget(file);
  let opened: Awaited<ReturnType<typeof openArchive>>;
  const archive = { name: path.basename(file), bytes: fs.statSync(fetched ?? path.resolve(file), { throwIfNoEntry: false })?.size ?? 0 };
  try {
    opened = await openArchive(fetched ?? path.resolve(file));
  } finally {
    if (fetched) fs.rmSync(path.dirname(fetched), { recursive: true, force: true });
  }
  const { dir, manifest } = opened;
  console.log(
    `Archive ${file}: checksums OK (${Object.keys(manifest.files).length} files), taken ${manifest.createdAt} from ${manifest.source}, schema ${manifest.schema.migrations} migrations`,
  );
  let database: Database | undefined;
  // What to do if the restore is refused once the target has been written: put the target back as it was.
  let undo: (() => Promise<string>) | undefined;
  let aside: string | null = null;
  try {
    // Before anything is written: the restored server must be able to open what the archive holds sealed.
    const key = restoreKeyPlan(manifest, cfg, { keyFile, newKey, force });
    if (cfg.databaseUrl) {
      database = await openPostgres(cfg.databaseUrl, { migrate: false, max: 2 });
      if ((await tablesOf(database.db)).length) {
        if (!force) throw new BackupRefused('The target database is not empty: restore into an empty database, or add --force to replace everything in it.');
        await emptyPostgres(database.db);
      }
      const db = database.db;
      undo = async () => {
        await emptyPostgres(db);
        return 'The target database was emptied again (nothing of this archive is left in it).';
      };
      await migratePg(database.db as never, { migrationsFolder: migrationsUpTo(manifest.schema.migrations) });
    } else {
      if (dataDirInUse(cfg.dataDir)) throw new BackupRefused(`A server is running on ${cfg.dataDir}: stop it first.`);
      const pgDir = path.join(cfg.dataDir, 'pglite');
      if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length) {
        if (!force)
          throw new BackupRefused(
            `The data directory ${cfg.dataDir} already holds a database: restore into an empty one (another DATA_DIR), or add --force to replace it.`,
          );
        // Kept aside until the restore has proved itself, and put back if it is refused.
        aside = `${pgDir}.before-restore-${Date.now()}`;
        fs.renameSync(pgDir, aside);
      }
      undo = async () => {
        await database?.close().catch(() => {});
        database = undefined;
        fs.rmSync(pgDir, { recursive: true, force: true });
        if (aside) fs.renameSync(aside, pgDir);
        return aside ? `${cfg.dataDir} holds its database as before the restore.` : `${cfg.dataDir} holds no database, as before the restore.`;
      };
      database = await openPglite(cfg.dataDir, { migrationsFolder: migrationsUpTo(manifest.schema.migrations) });
    }
    await loadTables(database.db, dir, manifest);
    const problems = await compareWithManifest(database.db, manifest);
    if (problems.length) throw new BackupRefused(`The restored data does not match the manifest:\n  ${problems.join('\n  ')}`);
    const ledger = await checkLedger(database.db);
    const bad = ledger.balanceMismatches.length + ledger.runningMismatches + ledger.orphanEntries;
    if (bad) throw new BackupRefused(`The ledger check failed after the restore: ${bad} mismatches`);
    // The archive's schema is in place with its data; newer migrations (if any) run now.
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    else await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    await settleRestoredRuns(database.db, manifest, archive, new Date());
    const files = restoreUploads(dir, uploadsDirOf(cfg));
    const installed = key.install ? writeKeyFile(cfg.dataDir, key.install) : null;
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${Object.keys(manifest.tables).length} tables (${rows} rows, equal to the manifest), ${files} uploaded files; ledger check OK (${ledger.entries} rows); ${Date.now() - started} ms`,
    );
    if (installed) console.log(`Key ${keyFile} copied to ${installed}`);
    for (const note of key.notes) console.log(note);
    undo = undefined;
    await database.close();
    if (aside) fs.rmSync(aside, { recursive: true, force: true });
  } catch (err) {
    if (undo && err instanceof BackupRefused) {
      const restored = await undo().catch((e: Error) => `Putting the target back failed too: ${e.message}`);
      throw new BackupRefused(`${err.message}\n${restored}`);
    }
    throw err;
  } finally {
    await database?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An emptied PostgreSQL database (the schema of the application and of its migrations dropped). */
async function emptyPostgres(db: Database['db']): Promise<void> {
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
  await db.execute(sql`drop schema if exists drizzle cascade`);
}

try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new BackupRefused('Usage: backup | restore <archive> [--force]');
} catch (err) {
  console.error(err instanceof BackupRefused ? `Refused: ${err.message}` : err);
  process.exitCode = 1;
}
