import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupListResult } from '@waystation/shared/contract/backup';
import type { MemberProfile, SessionResult } from '@waystation/shared/contract/openAccounts';
import type { TopupIntent } from '@waystation/shared/contract/openTopups';
import { type BuiltApp, buildApp } from '../../app';
import { type AppConfig, configFromEnv } from '../../config';
import { SEALED_BY_ANOTHER_KEY } from '../../core/secrets';
import { watchBackupRequests } from './requests';
import { backupDepsOf } from './service';
import { SECRET_UNSEALABLE } from '../notification/service';
import { emailCode } from '../../testing/member';

/**
 * Issue 27.5: the README's round trip as an operator types it — `npm run backup` while the server runs, `mv data
 * data.old`, `npm run restore -- data.old/backups/… --key-file data.old/secret.key`, start — and the shop is whole:
 * members top up, sealed secrets open, 立即备份 is free. Without the key the restore refuses before writing anything,
 * saying how to give it; restored with --new-key, what cannot be opened answers 40900, never a 500.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let work: string;
/** A local stand-in for Discord's webhooks: the paths it was called on. */
let provider: http.Server;
let base: string;
const received: string[] = [];
const SECRET_PATH = '/api/webhooks/27/SECRET-roundtrip-XYZ';

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-roundtrip-'));
  provider = http.createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume().on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await new Promise((r) => provider.close(r));
  fs.rmSync(work, { recursive: true, force: true });
});

/** A server as `npm start` runs it on a data directory: the key in DATA_DIR/secret.key (no SECRET_KEY). */
async function startServer(dir: string) {
  const config: AppConfig = {
    ...configFromEnv({}),
    dataDir: path.join(work, dir),
    demo: false,
    paymentSandbox: true,
    logLevel: 'silent',
    adminPassword: 'admin12345',
    webDist: undefined,
    secretKey: undefined,
  };
  const built: BuiltApp = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  let seq = 0;
  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    p: string,
    o: { token?: string; member?: string; body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${url}${p}${o.query ? `?${new URLSearchParams(o.query)}` : ''}`, {
      method,
      headers: {
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { 'x-token': o.token } : {}),
        ...(o.member ? { authorization: `Bearer ${o.member}` } : {}),
        // The member API wants an Idempotency-Key on every write but the sign-in.
        ...(method === 'POST' && p.startsWith('/api/open/') && !p.endsWith('/auth/login') ? { 'idempotency-key': `rt-${Date.now()}-${++seq}` } : {}),
      },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    return { status: res.status, ...((await res.json()) as { code: number; message: string; data: T }) };
  };
  const login = await call<{ token: string }>('POST', '/api/admin/login', { body: { username: 'admin', password: 'admin12345' } });
  expect(login.code, login.message).toBe(20000);
  return { built, config, call, admin: login.data.token };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** Tops a member up by 100.00 CNY through the sandbox provider (a signed callback over HTTP); the intent's status. */
async function topUp(s: Server, member: string) {
  const intent = await s.call<TopupIntent>('POST', '/api/open/v1/topups', { member, body: { amount: 10_000, currency: 'CNY', provider: 'sandbox' } });
  expect(intent.code, intent.message).toBe(20000);
  return s.call<TopupIntent>('POST', '/api/open/v1/sandbox/pay', { member, body: { intentNo: intent.data.intentNo } });
}
const memberLogin = async (s: Server) => {
  const r = await s.call<SessionResult>('POST', '/api/open/v1/auth/login', { body: { email: 'roundtrip@example.com', password: 'secret123' } });
  expect(r.code, r.message).toBe(20000);
  return r.data.token;
};
const balanceOf = async (s: Server, member: string) =>
  (await s.call<MemberProfile>('GET', '/api/open/v1/me', { member })).data.accounts.find((a) => a.kind === 'balance' && a.currency === 'CNY')?.balance;

/**
 * `node scripts/backup.mjs …` in `work` as the operator runs `npm run backup|restore` there: ./data is work/data
 * unless DATA_DIR names another.
 */
function operator(args: string[], dataDir?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', VITEST: '', OUTBOUND_ALLOW_HOSTS: '' };
  if (dataDir) env.DATA_DIR = path.join(work, dataDir);
  else delete env.DATA_DIR;
  delete env.SECRET_KEY;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), ...args], { cwd: work, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

let archive: string;
let webhookSecret: string;
let channelId: number;

// Its servers and scripts run on PGlite whatever DATABASE_URL says (the README's round trip is the embedded one): the
// PostgreSQL phase of CI (npm run test:pg) would repeat it as it is, 46 s of a file's time, so it runs on PGlite only.
describe.skipIf(!!process.env.DATABASE_URL)('the README backup round trip', () => {
  it('backs up while the server runs; the restore refuses without the key and brings the shop back whole with it', async () => {
    const s1 = await startServer('data');
    let webhookId: number;
    try {
      await s1.call('POST', '/api/open/v1/auth/register', {
        body: { email: 'roundtrip@example.com', password: 'secret123', name: 'Round Trip', country: 'US' },
      });
      const reg = await s1.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
        body: { email: 'roundtrip@example.com', code: await emailCode(s1.built.database.db, 'roundtrip@example.com') },
      });
      expect(reg.code, reg.message).toBe(20000);
      expect((await topUp(s1, reg.data.token)).data.status).toBe('paid');
      const ch = await s1.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
        token: s1.admin,
        body: { type: 'discord', name: 'Discord 会员群', config: { webhookUrl: `${base}${SECRET_PATH}` }, events: ['package_shipped'] },
      });
      expect(ch.code, ch.message).toBe(20000);
      channelId = ch.data.id;
      const hook = await s1.call<{ id: number; secret: string }>('POST', '/api/notification/webhook/save', {
        token: s1.admin,
        body: { name: '订单系统', url: `${base}/hook`, events: [] },
      });
      expect(hook.code, hook.message).toBe(20000);
      webhookSecret = hook.data.secret;
      webhookId = hook.data.id;

      // npm run backup while the server holds the embedded database: it asks the server (main.ts watches likewise).
      const watcher = watchBackupRequests(s1.built.database.db, backupDepsOf(s1.config, 'pglite'), s1.config, 200);
      const backup = await operator(['backup']);
      watcher.stop();
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      const keyId = /need the key ([0-9a-f]{16}) \(/.exec(backup.stdout)?.[1];
      expect(keyId, backup.stdout).toBeDefined();
      expect(backup.stdout).not.toContain(fs.readFileSync(path.join(work, 'data', 'secret.key'), 'utf8'));
      [archive] = fs.readdirSync(path.join(work, 'data', 'backups')).filter((n) => n.endsWith('-manual-r1.tar.gz'));
      expect(archive).toBeDefined();
    } finally {
      await s1.built.app.close();
    }
    fs.renameSync(path.join(work, 'data'), path.join(work, 'data.old'));
    const from = `data.old/backups/${archive}`;

    // Without the key: refused before anything is written, saying how to give it.
    const bare = await operator(['restore', from]);
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain('Refused: This backup holds');
    expect(bare.stderr).toContain('--key-file <the old data directory>/secret.key');
    expect(bare.stderr).toContain('No key was given, and');
    expect(fs.existsSync(path.join(work, 'data', 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'data', 'secret.key'))).toBe(false);
    // Another key is refused alike.
    fs.writeFileSync(path.join(work, 'other.key'), crypto.randomBytes(32).toString('hex'));
    const wrong = await operator(['restore', from, '--key-file', 'other.key']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('other.key holds another key');
    expect(fs.existsSync(path.join(work, 'data', 'pglite'))).toBe(false);

    const restored = await operator(['restore', from, '--key-file', 'data.old/secret.key']);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('equal to the manifest');
    expect(fs.readFileSync(path.join(work, 'data', 'secret.key'), 'utf8')).toBe(fs.readFileSync(path.join(work, 'data.old', 'secret.key'), 'utf8'));
    expect(fs.statSync(path.join(work, 'data', 'secret.key')).mode & 0o777).toBe(0o600);

    const s2 = await startServer('data');
    try {
      // Members top up as before; the balance holds both top-ups.
      const member = await memberLogin(s2);
      expect((await topUp(s2, member)).data.status).toBe('paid');
      expect(await balanceOf(s2, member)).toBe(20_000);
      // Sealed secrets open: the channel posts to its secret address, the webhook shows its secret's end.
      const sent = await s2.call('POST', '/api/notification/vip/sendTest', { token: s2.admin, body: { channelId, event: 'package_shipped' } });
      expect(sent.code, sent.message).toBe(20000);
      expect(received.at(-1)).toBe(SECRET_PATH);
      const hooks = await s2.call<{ id: number; secretHint: string }[]>('GET', '/api/notification/webhook/list', { token: s2.admin });
      expect(hooks.data.find((h) => h.id === webhookId)?.secretHint).toBe(`••••${webhookSecret.slice(-4)}`);
      // The backup that made the archive ended ok there (it was still running when its own row was read): 立即备份 is free.
      const list = await s2.call<BackupListResult>('GET', '/api/backup/list', { token: s2.admin, query: { page: '1', limit: '20' } });
      expect(list.data.running).toBe(false);
      expect(list.data.list.find((b) => b.runId === 1)).toMatchObject({ status: 'ok', fileName: archive });
      const run = await s2.call<{ runId: number }>('POST', '/api/backup/run', { token: s2.admin, body: {} });
      expect(run.code, run.message).toBe(20000);
      await s2.built.jobs.settled();
      const after = await s2.call<BackupListResult>('GET', '/api/backup/list', { token: s2.admin, query: { page: '1', limit: '20' } });
      expect(after.data.running).toBe(false);
      expect(after.data.list.find((b) => b.runId === run.data.runId)?.status).toBe('ok');
    } finally {
      await s2.built.app.close();
    }
  }, 600_000);

  it('restored with --new-key: top-ups work, and a secret sealed with the lost key says what to do (40900, or a failed test send), never a 500', async () => {
    const restored = await operator(['restore', `data.old/backups/${archive}`, '--new-key'], 'data-new-key');
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('Restoring with --new-key');
    const s3 = await startServer('data-new-key');
    try {
      const member = await memberLogin(s3);
      expect((await topUp(s3, member)).data.status).toBe('paid');
      expect(await balanceOf(s3, member)).toBe(20_000);
      // The channel's test send is an ordinary failed send that says what to do (no retry can succeed until it is typed again).
      const sent = await s3.call<{ status: string; error: string }>('POST', '/api/notification/vip/sendTest', {
        token: s3.admin,
        body: { channelId, event: 'package_shipped' },
      });
      expect([sent.status, sent.code, sent.data.status]).toEqual([200, 20000, 'failed']);
      expect(sent.data.error).toContain(SECRET_UNSEALABLE);
      expect(sent.data.error).toContain(SEALED_BY_ANOTHER_KEY);
      // The lists still show: the webhook whose secret cannot be opened says so instead of failing the page.
      const hooks = await s3.call<{ secretHint: string }[]>('GET', '/api/notification/webhook/list', { token: s3.admin });
      expect(hooks.code).toBe(20000);
      expect(hooks.data.map((h) => h.secretHint)).toEqual(['••••????']);
    } finally {
      await s3.built.app.close();
    }
  }, 600_000);
});
