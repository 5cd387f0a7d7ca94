import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupItem, BackupListResult, BackupSettingsResult } from '@waystation/shared/contract/backup';
import { auditLogs, backupRuns } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { DEFAULT_SETTINGS } from './schedule';

/** Issue 17: the 数据备份 screen's calls — list, run, download, delete, settings — for super admins only. */
let t: TestApp;
let work: string;
let admin: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-backup-screen-'));
  t = await createTestApp({ dataDir: work });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const list = () => t.call<BackupListResult>('GET', '/api/backup/list', { token: admin });
const lastAudit = async () => (await t.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('数据备份 API', () => {
  it('runs a manual backup: running at once, then ok with its file, size, tables and rows', async () => {
    const empty = await list();
    expect(empty.data).toMatchObject({ list: [], total: 0, running: false, target: { kind: 'folder', where: path.join(work, 'backups') }, targetError: '' });
    expect(empty.data.nextScheduled).toBe('2026-11-22T19:00:00.000Z'); // 03:00 in Shanghai after the clock's 16:00

    const run = await t.call<{ runId: number }>('POST', '/api/backup/run', { token: admin, body: {} });
    expect(run.code).toBe(20000);
    const during = await list();
    expect(during.data.running).toBe(true);
    expect(during.data.list[0]).toMatchObject({ runId: run.data.runId, status: 'running', reason: 'manual', operatorName: expect.any(String) });
    // A second press while it runs is refused.
    const again = await t.call('POST', '/api/backup/run', { token: admin, body: {} });
    expect(again.code).toBe(40900);

    await t.jobs.settled();
    const done = await list();
    expect(done.data.running).toBe(false);
    const item = done.data.list[0];
    expect(item).toMatchObject({ runId: run.data.runId, status: 'ok', reason: 'manual', error: '', missing: false });
    expect(item.fileName).toMatch(/^waystation-\d{8}-\d{6}-manual-r\d+\.tar\.gz$/);
    expect(item.bytes).toBe(fs.statSync(path.join(work, 'backups', item.fileName)).size);
    expect(item.tables).toBeGreaterThan(50);
    expect(item.rows).toBeGreaterThan(100);
    expect(await lastAudit()).toMatchObject({ action: 'backup.run', targetId: String(run.data.runId) });
  });

  it('downloads an archive: the same bytes as the file, audited', async () => {
    const [item] = (await list()).data.list;
    const res = await t.app.inject({ method: 'GET', url: '/api/backup/download', query: { name: item.fileName }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${item.fileName}"`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(work, 'backups', item.fileName)))).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: 'backup.download', targetId: item.fileName });

    const missing = await t.call('GET', '/api/backup/download', { token: admin, query: { name: 'waystation-20260101-000000-manual.tar.gz' } });
    expect(missing.code).toBe(40400);
    for (const name of ['../../etc/passwd', 'waystation-x.tar.gz', `${item.fileName}/../x`]) {
      expect((await t.call('GET', '/api/backup/download', { token: admin, query: { name } })).code).toBe(40001);
    }
  });

  it('lists an archive copied in by hand, and a run whose archive went missing', async () => {
    fs.copyFileSync(
      path.join(work, 'backups', (await list()).data.list[0].fileName),
      path.join(work, 'backups', 'waystation-20261001-010000-pre-migration.tar.gz'),
    );
    const [recorded] = await t.db
      .insert(backupRuns)
      .values({
        reason: 'manual',
        status: 'ok',
        target: 'folder',
        fileName: 'waystation-20261101-010000-manual-r999.tar.gz',
        startedAt: new Date('2026-11-01T01:00:00Z'),
        bytes: 10,
      })
      .returning();
    const items = (await list()).data.list;
    expect(items.find((i) => i.fileName.includes('pre-migration'))).toMatchObject({
      runId: null,
      reason: 'pre-migration',
      status: 'ok',
      startTime: '2026-10-01T01:00:00.000Z',
    });
    expect(items.find((i) => i.runId === recorded.id)).toMatchObject({ missing: true });
    expect(items.map((i) => i.startTime)).toEqual([...items.map((i) => i.startTime)].sort().reverse());
  });

  it('deletes one archive with its record, audited; a failed run by its id; unknown ones are 40400', async () => {
    const before = (await list()).data.list;
    const target = before.find((i) => i.reason === 'manual' && i.status === 'ok' && !i.missing) as BackupItem;
    const del = await t.call('POST', '/api/backup/delete', { token: admin, body: { runId: target.runId } });
    expect(del.code).toBe(20000);
    expect(fs.existsSync(path.join(work, 'backups', target.fileName))).toBe(false);
    const after = (await list()).data.list;
    expect(after.map((i) => i.fileName)).not.toContain(target.fileName);
    expect(after).toHaveLength(before.length - 1);
    expect(await lastAudit()).toMatchObject({ action: 'backup.delete', targetId: target.fileName });
    const [row] = await t.db.select().from(backupRuns).where(eq(backupRuns.id, target.runId!));
    expect(row.deletedAt).not.toBeNull();

    // An archive without a record goes by its name.
    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: { name: 'waystation-20261001-010000-pre-migration.tar.gz' } })).code).toBe(20000);
    expect(fs.existsSync(path.join(work, 'backups', 'waystation-20261001-010000-pre-migration.tar.gz'))).toBe(false);

    const [failed] = await t.db
      .insert(backupRuns)
      .values({ reason: 'manual', status: 'failed', target: 'folder', error: 'disk full', startedAt: t.clock.now() })
      .returning();
    expect((await list()).data.list.find((i) => i.runId === failed.id)).toMatchObject({ status: 'failed', error: 'disk full', fileName: '' });
    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: { runId: failed.id } })).code).toBe(20000);
    expect((await list()).data.list.find((i) => i.runId === failed.id)).toBeUndefined();

    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: { runId: failed.id } })).code).toBe(40400);
    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: { name: 'waystation-20200101-000000-manual.tar.gz' } })).code).toBe(40400);
    const both = await t.call('POST', '/api/backup/delete', { token: admin, body: { name: target.fileName, runId: 1 } });
    expect(both).toMatchObject({ code: 40001, message: expect.stringContaining('二选一') });
    expect((await t.call('POST', '/api/backup/delete', { token: admin, body: {} })).code).toBe(40001);
  });

  it('saves the settings, refuses bad ones with the field and a clear message, and changes nothing then', async () => {
    const initial = await t.call<BackupSettingsResult>('GET', '/api/backup/settings', { token: admin });
    expect(initial.data).toEqual({ ...DEFAULT_SETTINGS, modifyTime: null, modifiedBy: '' });
    const good = { enabled: true, dailyAt: '02:30', keepDaily: 10, keepWeekly: 6, archiveLogsAfterDays: 365, archiveTracesAfterDays: 730 };
    expect((await t.call('POST', '/api/backup/saveSettings', { token: admin, body: good })).code).toBe(20000);
    const saved = await t.call<BackupSettingsResult>('GET', '/api/backup/settings', { token: admin });
    expect(saved.data).toMatchObject({ ...good, modifiedBy: '超级管理员' });
    expect(await lastAudit()).toMatchObject({ action: 'backup.settings', after: good });

    const cases: [object, string, string][] = [
      [{ dailyAt: '3:00' }, 'dailyAt', '每日备份时间格式为 HH:mm（00:00~23:59）'],
      [{ dailyAt: '24:00' }, 'dailyAt', '每日备份时间格式为 HH:mm（00:00~23:59）'],
      [{ keepDaily: 0 }, 'keepDaily', '保留每日备份份数须为 1~90 的整数'],
      [{ keepDaily: 1.5 }, 'keepDaily', '保留每日备份份数须为 1~90 的整数'],
      [{ keepWeekly: 53 }, 'keepWeekly', '保留每周备份份数须为 0~52 的整数'],
      [{ archiveLogsAfterDays: 29 }, 'archiveLogsAfterDays', '日志归档天数须为 30~3650 的整数'],
      [{ archiveTracesAfterDays: '365' }, 'archiveTracesAfterDays', '轨迹归档天数须为 90~3650 的整数'],
      [{ enabled: 'yes' }, 'enabled', '请选择是否开启每日备份'],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.call<{ fields: Record<string, string> }>('POST', '/api/backup/saveSettings', { token: admin, body: { ...good, ...change } });
      expect(res.code, field).toBe(40001);
      expect(res.data.fields[field], field).toBe(message);
    }
    expect((await t.call('POST', '/api/backup/saveSettings', { token: admin, body: { ...good, extra: 1 } })).code).toBe(40001);
    expect((await t.call<BackupSettingsResult>('GET', '/api/backup/settings', { token: admin })).data).toMatchObject(good);
  });

  it('answers 40300 to everyone but the super admin, on every call', async () => {
    const ops = await t.login('ops1', DEMO_PASSWORD);
    const calls: [string, string, object?][] = [
      ['GET', '/api/backup/list'],
      ['POST', '/api/backup/run', {}],
      ['GET', '/api/backup/download?name=waystation-20261001-010000-manual.tar.gz'],
      ['POST', '/api/backup/delete', { runId: 1 }],
      ['GET', '/api/backup/settings'],
      ['POST', '/api/backup/saveSettings', DEFAULT_SETTINGS],
    ];
    const runsBefore = await t.db.select().from(backupRuns);
    for (const [method, url, body] of calls) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { 'x-token': ops }, ...(body ? { payload: body } : {}) });
      expect(res.json().code, url).toBe(40300);
    }
    expect(await t.db.select().from(backupRuns)).toEqual(runsBefore);
  });
});
