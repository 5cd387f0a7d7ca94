// Backup and restore at scale: BENCH_PACKAGES packages (default 100,000; 2 items and 4 trace rows each, made by the
// goods-out generator) on the embedded PGlite and on PostgreSQL, then `npm run backup` and `npm run restore` as an
// operator runs them (the server stopped), timed from outside with their peak memory (RSS) and the archive's size.
// BENCH_DB=pglite|postgres runs only one of them.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app';
import { configFromEnv } from '../packages/server/src/config';
import { queryRows } from '../packages/server/src/db';
import { withDatabase } from '../packages/server/src/testing/db';
import { generateGoodsOut } from './_goods-out-data';
import { fmt, postgresUrl } from './_lib';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 100_000);
const ROOT = path.resolve(import.meta.dirname, '..');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Runs `npm run backup|restore …` in its own process; wall time and peak RSS measured by /usr/bin/time. */
function timed(args: string[], env: NodeJS.ProcessEnv): { seconds: number; rssMb: number; stdout: string } {
  const t0 = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'peak-rss-kb %M', process.execPath, path.join(ROOT, 'scripts/backup.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, VITEST: '', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - t0) / 1000;
  if (run.status !== 0) throw new Error(`${args[0]} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  const rss = Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { seconds, rssMb: rss / 1024, stdout: run.stdout.trim() };
}

/** A database of this kind with the seeds, demo data and the generated packages; closed again when returned. */
async function prepare(kind: 'pglite' | 'postgres', work: string, url?: string): Promise<{ env: NodeJS.ProcessEnv; rows: number; tables: number }> {
  const config = {
    ...configFromEnv({}),
    dataDir: path.join(work, 'source'),
    databaseUrl: url,
    demo: true,
    logLevel: 'silent',
    adminPassword: 'bench12345',
    webDist: undefined,
    secretKey: 'waystation-bench-secret-key',
  };
  const { app, database } = await buildApp(config);
  try {
    const t0 = performance.now();
    await generateGoodsOut(database.db, PACKAGES, (s) => console.log(`${kind}: ${s.trim()}`));
    // Every package's history: four trace rows each.
    await database.db.execute(sql`insert into package_traces (package_id, type, event, from_status, to_status, actor_name, note, created_at)
      select p.id, s.type, s.type, s.from_status, s.to_status, 'bench', '', p.created_at + (s.k || ' minutes')::interval
      from packages p, (values (0, 'package_create', null, 'pack_created'), (1, 'pretrial_pass', 'pack_pretrial', 'pack_pretrial_pass'),
        (2, 'package_paid', 'paying', 'paid'), (3, 'shipped', 'prepare_ship', 'shipped')) s(k, type, from_status, to_status)
      where p.package_no like 'PK%'`);
    if (kind === 'pglite') await database.db.execute(sql`vacuum analyze`);
    const tables = await queryRows<{ name: string }>(database.db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
    let rows = 0;
    for (const { name } of tables) rows += (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n;
    console.log(
      `${kind}: ${PACKAGES.toLocaleString('en')} packages generated (${rows.toLocaleString('en')} rows in ${tables.length} tables) in ${fmt((performance.now() - t0) / 1000)} s`,
    );
    return { env: url ? { DATABASE_URL: url, DATA_DIR: config.dataDir } : { DATABASE_URL: '', DATA_DIR: config.dataDir }, rows, tables: tables.length };
  } finally {
    await app.close();
  }
}

async function bench(kind: 'pglite' | 'postgres', serverUrl?: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `ws-bench-backup-${kind}-`));
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
  const names = serverUrl ? [`ws_bench_src_${crypto.randomBytes(4).toString('hex')}`, `ws_bench_dst_${crypto.randomBytes(4).toString('hex')}`] : [];
  try {
    if (admin) {
      await admin.connect();
      for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    }
    const source = await prepare(kind, work, serverUrl ? withDatabase(serverUrl, names[0]) : undefined);
    const backupDir = path.join(work, 'backups');
    const backup = timed(['backup'], { ...source.env, BACKUP_DIR: backupDir });
    const [archive] = fs.readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'));
    const bytes = fs.statSync(path.join(backupDir, archive)).size;
    console.log(`${kind}: backup ${fmt(backup.seconds)} s, peak RSS ${backup.rssMb.toFixed(0)} MB, archive ${mb(bytes)} (${archive})`);
    // What the archive holds unpacked: the restore reads these files line by line (a whole one may exceed a JS string).
    await tar.x({ file: path.join(backupDir, archive), cwd: work, filter: (p) => p === 'manifest.json' });
    const files = Object.entries((JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as { files: Record<string, { bytes: number }> }).files);
    const [largest, largestInfo] = files.sort((a, b) => b[1].bytes - a[1].bytes)[0];
    console.log(
      `${kind}: unpacked ${mb(files.reduce((a, [, f]) => a + f.bytes, 0))} in ${files.length} files, the largest ${largest} ${mb(largestInfo.bytes)}`,
    );
    const target = serverUrl
      ? { DATABASE_URL: withDatabase(serverUrl, names[1]), DATA_DIR: path.join(work, 'restored') }
      : { DATABASE_URL: '', DATA_DIR: path.join(work, 'restored') };
    const restore = timed(['restore', path.join(backupDir, archive)], target);
    if (!restore.stdout.includes('equal to the manifest')) throw new Error(`restore did not prove the manifest:\n${restore.stdout}`);
    console.log(`${kind}: restore ${fmt(restore.seconds)} s, peak RSS ${restore.rssMb.toFixed(0)} MB — ${restore.stdout.split('\n').pop()}`);
    const line = `${kind}\t${PACKAGES}\tpackages\t${source.rows}\trows\t${source.tables}\ttables\tbackup_s\t${fmt(backup.seconds)}\tbackup_rss_mb\t${backup.rssMb.toFixed(0)}\tarchive_mb\t${(bytes / 1e6).toFixed(1)}\trestore_s\t${fmt(restore.seconds)}\trestore_rss_mb\t${restore.rssMb.toFixed(0)}`;
    console.log(`RESULT\t${line}`);
  } finally {
    if (admin) {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
console.log(`backup/restore of ${PACKAGES.toLocaleString('en')} packages on ${os.cpus().length} cores`);
if (!only || only === 'pglite') await bench('pglite');
if (!only || only === 'postgres') {
  const url = await postgresUrl();
  if (url) await bench('postgres', url);
  else console.log('postgres: no PostgreSQL server reachable (DATABASE_URL), skipped');
}
