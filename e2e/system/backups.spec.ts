import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app';
import { configFromEnv } from '../../packages/server/src/config';
import { openFromSidebar, TEST_ADMIN, toast, useE2E, typeByHand } from '../support/browser';

// The server's backups go to a folder of this spec's own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-e2e-backups-'));
const e2e = useE2E({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const ROOT = path.resolve(import.meta.dirname, '../..');

async function logIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await typeByHand(page.getByLabel(/用户名|Username/), TEST_ADMIN.username);
  await typeByHand(page.getByLabel(/^(密码|Password)$/), TEST_ADMIN.password);
  await page.keyboard.press('Enter');
  await page.getByTestId('app-wrapper').waitFor();
}

/** 立即备份 → confirm → 已开始备份; the new row turns 成功 by itself and the button reads 立即备份 again. */
async function backUpNow(page: Page) {
  await page.getByRole('button', { name: '立即备份' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('现在备份整个数据库和上传的文件吗？').waitFor();
  await confirm.getByRole('button', { name: '立即备份' }).click();
  // On the embedded database the backup holds the one connection while it reads: on a loaded machine the answer and
  // the finished row take longer than other screens' (a person waits for them too).
  await confirm.waitFor({ state: 'hidden', timeout: 30_000 });
  await toast(page, '已开始备份').waitFor({ timeout: 30_000 });
}

describe('数据备份', () => {
  it('a super admin opens 数据备份, backs up now after confirming, sees the new backup ok, downloads it and deletes it', async () => {
    const e = e2e();
    const page = await e.page();
    await logIn(page, e.url(''));

    // Through the menu: 系统管理 › 数据备份.
    expect(await openFromSidebar(page, '系统管理', '数据备份')).toBe('/systemManage/backup');
    await page.getByText('备份与归档设置').waitFor();
    await page.getByText(path.join(dataDir, 'backups')).waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    expect(await rows.count()).toBe(0);

    await backUpNow(page);

    // The row appears, and turns 成功 by itself (the list polls while a backup runs).
    const row = rows.filter({ hasText: '手动' });
    await row.getByText('成功').waitFor({ timeout: 60_000 });
    expect(await rows.count()).toBe(1);
    const [fileName] = fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'));
    expect(fileName).toMatch(/^waystation-\d{8}-\d{6}-manual-r\d+\.tar\.gz$/);
    await row.getByText(fileName).waitFor();
    await row.getByText(/\d+ 张表 \/ [\d,]+ 行/).waitFor();
    await page.getByRole('button', { name: '立即备份' }).waitFor(); // enabled again, no longer 备份中…

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /下载/ }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = path.join(dataDir, 'downloaded.tar.gz');
    await download.saveAs(saved);
    expect(fs.readFileSync(saved).equals(fs.readFileSync(path.join(dataDir, 'backups', fileName)))).toBe(true);

    await row.getByRole('button', { name: /删除/ }).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.getByText(`确定删除备份「${fileName}」吗？删除后无法恢复。`).waitFor();
    await ask.getByRole('button', { name: /^删\s*除$/ }).click();
    await toast(page, '已删除').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(fs.existsSync(path.join(dataDir, 'backups', fileName))).toBe(false);
  });

  it('after the round trip (立即备份, restore into a new data directory, start on it) the restored screen is ready: its backup 成功, 立即备份 finishes again', async () => {
    const e = e2e();
    // The backup the archive comes from: taken on the screen, so the archive caught its own run still running.
    const page = await e.page();
    await logIn(page, e.url(''));
    await openFromSidebar(page, '系统管理', '数据备份');
    await backUpNow(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: '手动' }).first().getByText('成功').waitFor({ timeout: 60_000 });
    const [archive] = fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'));

    // npm run restore into another data directory, as an operator types it (the same SECRET_KEY as the server's).
    const restoredDir = path.join(dataDir, 'restored');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: '', VITEST: '', SECRET_KEY: e.server.config.secretKey };
    const restore = spawn(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), 'restore', path.join(dataDir, 'backups', archive)], { env });
    let out = '';
    restore.stdout.on('data', (c) => (out += c));
    restore.stderr.on('data', (c) => (out += c));
    expect(await new Promise((r) => restore.on('close', r)), out).toBe(0);

    const webDist = inject('webDist');
    const restored = await buildApp({
      ...configFromEnv({}),
      dataDir: restoredDir,
      demo: false,
      logLevel: 'silent',
      secretKey: e.server.config.secretKey,
      ...(webDist ? { webDist } : {}),
    });
    try {
      await restored.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(restored.app.server.address() as AddressInfo).port}`;
      const other = await e.page();
      await logIn(other, origin);
      expect(await openFromSidebar(other, '系统管理', '数据备份')).toBe('/systemManage/backup');
      // The archive's own backup is 成功 there, and nothing is left 进行中: the button is ready, not 备份中….
      const restoredRows = other.locator('.ant-table-tbody tr.ant-table-row');
      await restoredRows.filter({ hasText: archive }).getByText('成功').waitFor();
      expect(await other.getByText('进行中').count()).toBe(0);
      await other.getByRole('button', { name: '立即备份' }).waitFor();
      await backUpNow(other);
      await restoredRows.filter({ hasText: '手动' }).filter({ hasNotText: archive }).getByText('成功').waitFor({ timeout: 60_000 });
      await other.getByRole('button', { name: '立即备份' }).waitFor();
      expect(await other.getByText('备份中…').count()).toBe(0);
    } finally {
      await restored.app.close();
    }
  }, 300_000);
});
