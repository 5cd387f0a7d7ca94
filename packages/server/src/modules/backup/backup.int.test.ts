import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { configFromEnv } from '../../config';
import { openPostgres } from '../../db';
import { createTestApp, type TestApp } from '../../testing/server';
import { withDatabase } from '../../testing/db';
import { newLine } from '../../testing/factories/goods-in';
import { newPackage } from '../goodsOut/factory';
import { checkLedger } from '../ledger/service';
import { BackupRefused, compareWithManifest, createBackup, loadTables, migrationsUpTo, openArchive } from './archive';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';

/** Issue 17: a backup taken while writes run restores, to the row, into an empty directory and an empty PostgreSQL database. */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let t: TestApp;
let work: string;
let archive: string;
let packageId: number;
let timeline: string[];

const timelineOf = async (app: TestApp['app'], token: string, id: number) => {
  const res = await app.inject({ method: 'GET', url: `/api/warehouse/package/detail?id=${id}`, headers: { 'x-token': token } });
  return (res.json().data.trace as { type: string; note: string }[]).map((x) => `${x.type} ${x.note}`);
};

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-backup-test-'));
  t = await createTestApp({ dataDir: path.join(work, 'source') });
  const p = await newPackage(t.db, { status: 'shipped', country: 'DE' });
  packageId = p.id;
  timeline = await timelineOf(t.app, await t.login(), p.id);
  fs.mkdirSync(path.join(work, 'source', 'uploads', 'qc', '202611'), { recursive: true });
  fs.writeFileSync(path.join(work, 'source', 'uploads', 'qc', '202611', 'photo.png'), crypto.randomBytes(2048));
  // The backup is taken while new purchase lines keep being written.
  let writing = true;
  const writes = (async () => {
    let n = 0;
    while (writing && n < 200) {
      await newLine(t.db, { trackingNo: `BK${n++}` });
    }
  })();
  const r = await createBackup(t.db, {
    source: 'pglite',
    uploadsDir: path.join(work, 'source', 'uploads'),
    outDir: path.join(work, 'backups'),
    now: new Date(),
    reason: 'manual',
  });
  writing = false;
  await writes;
  archive = r.file;
  expect(r.manifest.tables.packages).toBeGreaterThan(0);
  expect(r.manifest.files['uploads/qc/202611/photo.png'].bytes).toBe(2048);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into an empty data directory with npm run restore: every table and the ledger equal the manifest, and the package keeps its timeline', async () => {
    const dataDir = path.join(work, 'restored');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'restore', archive], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', VITEST: '' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('equal to the manifest');
    expect(run.status).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'qc', '202611', 'photo.png')).length).toBe(2048);
    // Restoring over it again is refused without --force.
    const again = spawnSync(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'restore', archive], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a database');
    // The restored server serves the package with its whole timeline, logging in as before.
    const { app } = await buildApp({
      ...configFromEnv({}),
      dataDir,
      demo: false,
      logLevel: 'silent',
      adminPassword: 'admin12345',
      webDist: undefined,
      secretKey: 'waystation-test-secret-key',
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'admin12345' } });
      expect(await timelineOf(app, login.json().data.token, packageId)).toEqual(timeline);
    } finally {
      await app.close(); // closes the database it opened
    }
  }, 120_000);

  it('restores into an empty PostgreSQL database', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return; // npm run test:pg runs this part
    const name = `ws_restore_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const target = await openPostgres(withDatabase(url, name), { migrate: false, max: 2 });
      try {
        const { dir, manifest } = await openArchive(archive);
        await migratePg(target.db as never, { migrationsFolder: migrationsUpTo(manifest.schema.migrations) });
        await loadTables(target.db, dir, manifest);
        expect(await compareWithManifest(target.db, manifest)).toEqual([]);
        const ledger = await checkLedger(target.db);
        expect(ledger.balanceMismatches.length + ledger.runningMismatches + ledger.orphanEntries).toBe(0);
        fs.rmSync(dir, { recursive: true, force: true });
      } finally {
        await target.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it('refuses an archive with one byte changed, with a clear message', async () => {
    const bytes = fs.readFileSync(archive);
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 12]) {
      const bad = Buffer.from(bytes);
      bad[at] ^= 0xff;
      const file = path.join(work, `corrupt-${at}.tar.gz`);
      fs.writeFileSync(file, bad);
      await expect(openArchive(file)).rejects.toBeInstanceOf(BackupRefused);
      await expect(openArchive(file)).rejects.toThrow(/备份文件已损坏/);
    }
  });
});
