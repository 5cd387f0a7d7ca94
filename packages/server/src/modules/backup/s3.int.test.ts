import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupListResult } from '@waystation/shared/contract/backup';
import type { S3Settings } from '../../config';
import { createTestApp, type TestApp } from '../../testing/server';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-standin';
import { s3Storage } from './s3';

/**
 * Issue 17: an S3-compatible bucket as the backup target, through AWS's client against a local S3-speaking stand-in
 * (there is no outside network here): backup into it, list (paged), download, delete, and restore from it.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);
let t: TestApp;
let s3: S3StandIn;
let work: string;
let admin: string;
let settings: S3Settings;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-backup-s3-'));
  s3 = await startS3StandIn({ bucket: 'ws-backups', accessKeyId: 'AKIDTEST', pageSize: 2 });
  settings = { bucket: 'ws-backups', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', prefix: 'prod/' };
  t = await createTestApp({ dataDir: path.join(work, 'source'), backupS3: settings });
  admin = await t.login();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const list = () => t.call<BackupListResult>('GET', '/api/backup/list', { token: admin });

describe('S3-compatible backup target', () => {
  let name: string;

  it('puts a manual backup into the bucket under the prefix, and lists it from there', async () => {
    expect((await t.call('POST', '/api/backup/run', { token: admin, body: {} })).code).toBe(20000);
    await t.jobs.settled();
    const res = await list();
    expect(res.data.target).toEqual({ kind: 's3', where: 's3://ws-backups/prod/' });
    expect(res.data.targetError).toBe('');
    const [item] = res.data.list;
    expect(item).toMatchObject({ status: 'ok', reason: 'manual', missing: false });
    name = item.fileName;
    const stored = s3.objects.get(`prod/${name}`);
    expect(stored?.body.length).toBe(item.bytes);
    expect(stored!.body.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true); // gzip
    // Nothing is left in the folder target or the staging place.
    expect(fs.existsSync(path.join(work, 'source', 'backups', name))).toBe(false);
    expect(s3.requests.some((r) => r.method === 'PUT' && r.path.startsWith(`/ws-backups/prod/${name}`))).toBe(true);
  });

  it('lists across pages, keeps other keys out, and downloads the same bytes', async () => {
    const copy = 'waystation-20261001-010000-pre-migration.tar.gz';
    s3.objects.set(`prod/${copy}`, { body: Buffer.from('older archive'), modified: new Date() });
    s3.objects.set('prod/notes.txt', { body: Buffer.from('not a backup'), modified: new Date() });
    s3.objects.set(`staging/${copy}`, { body: Buffer.from('other prefix'), modified: new Date() });
    const names = (await list()).data.list.map((i) => i.fileName);
    expect(names).toEqual([name, copy]);
    expect(s3.requests.filter((r) => r.path.includes('list-type=2') && r.path.includes('continuation-token')).length).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'GET', url: '/api/backup/download', query: { name }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(s3.objects.get(`prod/${name}`)!.body)).toBe(true);
    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: { name: copy } })).code).toBe(20000);
    expect(s3.objects.has(`prod/${copy}`)).toBe(false);
  });

  it('restores from the bucket with npm run restore <name>: checksums, rows and ledger equal the manifest', async () => {
    const dataDir = path.join(work, 'restored');
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      VITEST: '',
      BACKUP_DIR: path.join(work, 'no-such-folder'),
      BACKUP_S3_BUCKET: settings.bucket,
      BACKUP_S3_ENDPOINT: settings.endpoint,
      BACKUP_S3_REGION: settings.region,
      BACKUP_S3_ACCESS_KEY_ID: settings.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      BACKUP_S3_PREFIX: 'prod',
    };
    // Asynchronously: the stand-in answers from this process.
    const out = await run(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'restore', name], { cwd: ROOT, env, encoding: 'utf8' });
    expect(out.stdout).toContain(`Fetched ${name} from s3://ws-backups/prod/`);
    expect(out.stdout).toContain('equal to the manifest');
    expect(out.stdout).toContain('ledger check OK');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    const unknown = await run(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'restore', 'waystation-20200101-000000-manual.tar.gz'], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: path.join(work, 'r2') },
      encoding: 'utf8',
    }).catch((e: { code: number; stderr: string }) => e);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('nor in the backup target s3://ws-backups/prod/') });
  }, 120_000);

  it('shows a clear message when the bucket refuses, and still lists the runs', async () => {
    const wrong = s3Storage({ ...settings, accessKeyId: 'SOMEONE-ELSE' }, () => work);
    await expect(wrong.list()).rejects.toThrow(/Access ?Denied/i);
    await s3.close();
    const res = await list();
    expect(res.code).toBe(20000);
    expect(res.data.targetError).toMatch(/^备份目标无法访问/);
    expect(res.data.list.map((i) => i.fileName)).toContain(name);
  });
});
