import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/server';
import { domainEvents, eventDeliveries, notifyChannels } from '../../db/schema';
import { secretBoxFor } from '../../core/secrets';
import { deliverDue } from './events';
import { SECRET_UNSEALABLE } from './service';
import type { NotifyChannel, NotifyLog, NotifyPreviewResult, NotifyTemplate } from '@waystation/shared/contract/notification';

let t: TestApp;
let admin: string;
/** A local stand-in for Discord's webhooks and Telegram's Bot API: records what it receives. */
let provider: http.Server;
let base: string;
const received: { url: string; body: unknown }[] = [];

const ALLOW = '127.0.0.1';
beforeAll(async () => {
  // The stand-in provider runs on loopback: the admin's allow-list names it (without it, it would be refused).
  process.env.OUTBOUND_ALLOW_HOSTS = ALLOW;
  t = await createTestApp();
  admin = await t.login();
  provider = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(data || 'null') });
      if (req.url?.includes('fail')) {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t.close();
  await new Promise((r) => provider.close(r));
});

const save = async (body: Record<string, unknown>) => {
  const r = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', { token: admin, body });
  expect(r.code, JSON.stringify(r)).toBe(20000);
  return r.data.id;
};
const send = (channelId: number, extra: Record<string, unknown> = {}) =>
  t.call<NotifyLog>('POST', '/api/notification/vip/sendTest', { token: admin, body: { channelId, event: 'package_shipped', ...extra } });

describe('notification channels', () => {
  it('never returns a secret in full, and an empty secret on edit keeps it', async () => {
    const secretUrl = `${base}/api/webhooks/123/SECRET-abcd-WXYZ`;
    const id = await save({ type: 'discord', name: 'Discord 会员群', config: { webhookUrl: secretUrl }, events: ['package_shipped'] });
    const list = await t.call<NotifyChannel[]>('GET', '/api/notification/vip/channelList', { token: admin });
    const ch = list.data.find((c) => c.id === id)!;
    expect(ch.config).toEqual({ webhookUrl: '••••••••', webhookUrlSet: true });
    // Sealed at rest with SECRET_KEY.
    const [row] = await t.db.select().from(notifyChannels).where(eq(notifyChannels.id, id));
    expect(String((row.config as { webhookUrl: string }).webhookUrl)).toMatch(/^enc:v1:/);
    await save({ id, type: 'discord', name: 'Discord 会员群（改名）', config: { webhookUrl: '' }, events: ['package_shipped', 'refund_done'] });
    const sent = await send(id);
    expect(sent.data).toMatchObject({ status: 'sent', event: 'package_shipped', test: true });
    expect(received.at(-1)!.url).toBe('/api/webhooks/123/SECRET-abcd-WXYZ');
    expect(String((received.at(-1)!.body as { content: string }).content)).toContain('DHL 快递');
    const everything = JSON.stringify([
      await t.call('GET', '/api/notification/vip/channelList', { token: admin }),
      await t.call('GET', '/api/notification/vip/channelDetail', { token: admin, query: { id } }),
      await t.call('GET', '/api/notification/vip/logPageList', { token: admin }),
      await t.call('GET', '/api/audit/pageList', { token: admin, query: { targetType: 'notifyChannel' } }),
    ]);
    expect(everything).not.toContain('SECRET-abcd');
  });

  it('telegram goes to the Bot API with chat id; failures are logged with the secret masked', async () => {
    const id = await save({ type: 'telegram', name: 'TG', config: { botToken: '999:TOKEN-secret', chatId: '-100123', apiBase: base } });
    const ok = await send(id, { event: 'refund_done' });
    expect(ok.data).toMatchObject({ status: 'sent', recipient: '-100123' });
    expect(received.at(-1)).toMatchObject({ url: '/bot999:TOKEN-secret/sendMessage', body: { chat_id: '-100123' } });
    // A new destination with the stored token is refused: the token must be typed again.
    const moved = await t.call<{ fields: Record<string, string> }>('POST', '/api/notification/vip/saveChannel', {
      token: admin,
      body: { id, type: 'telegram', name: 'TG', config: { botToken: '', chatId: '-100123', apiBase: 'https://attacker.example' } },
    });
    expect(moved.code).toBe(40001);
    expect(moved.data.fields['config.botToken']).toBe('修改了发送地址（apiBase），请重新填写密钥');
    await save({ id, type: 'telegram', name: 'TG', config: { botToken: '999:TOKEN-secret', chatId: '-100123', apiBase: `${base}/fail` } });
    const failed = await send(id);
    expect(failed.data.status).toBe('failed');
    // Our words, not the remote host's answer ("boom").
    expect(failed.data.error).toBe('发送失败：对方返回 HTTP 500');
    const logs = await t.call<{ list: NotifyLog[] }>('GET', '/api/notification/vip/logPageList', { token: admin, query: { channelId: id, status: 'failed' } });
    expect(logs.data.list).toHaveLength(1);
    expect(JSON.stringify(logs.data)).not.toContain('TOKEN-secret');
  });

  it('email to an unreachable SMTP server is logged as failed; site messages need a recipient', async () => {
    const mail = await save({
      type: 'email',
      name: 'SMTP',
      config: { host: '127.0.0.1', port: 1, from: 'noreply@example.com', username: 'u', password: 'pw-secret-1' },
    });
    const r = await send(mail, { recipient: 'alice@example.com' });
    expect(r.data.status).toBe('failed');
    const detail = await t.call<NotifyChannel>('GET', '/api/notification/vip/channelDetail', { token: admin, query: { id: mail } });
    expect(detail.data.config).toMatchObject({ password: '••••••••', passwordSet: true, host: '127.0.0.1' });
    const site = await save({ type: 'site', name: '站内信' });
    expect((await send(site, { recipient: 'U100001' })).data.status).toBe('sent');
    expect((await send(site)).data).toMatchObject({ status: 'failed', error: '请输入会员编号' });
    const bad = await t.call('POST', '/api/notification/vip/saveChannel', {
      token: admin,
      body: { type: 'email', name: 'x', config: { host: 'h', port: 0, from: 'nope' } },
    });
    expect(bad.code).toBe(40001);
    const changeType = await t.call('POST', '/api/notification/vip/saveChannel', { token: admin, body: { id: site, type: 'discord', name: 'x', config: {} } });
    expect(changeType.code).toBe(40001);
  });
});

describe('outgoing calls go to public addresses only (issue 12.2)', () => {
  it('refuses loopback, private, link-local and metadata destinations, after DNS, unless the allow-list names them', async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const before = received.length;
      for (const url of [
        `${base}/api/webhooks/1/x`,
        `http://localhost:${new URL(base).port}/x`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.5/hook',
        'http://[::1]:9/x',
      ]) {
        const id = await save({ type: 'discord', name: `SSRF ${url}`, config: { webhookUrl: url } });
        const r = await send(id);
        expect(r.data.status, url).toBe('failed');
        expect(r.data.error, url).toMatch(/^不允许向内部地址/);
      }
      expect(received.length).toBe(before);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = ALLOW;
    }
  });
});

describe('templates', () => {
  it('lists defaults per event and type, previews with sample values, refuses unknown variables', async () => {
    const list = await t.call<NotifyTemplate[]>('GET', '/api/notification/vip/templateList', { token: admin });
    expect(list.data).toHaveLength(12 * 4); // 12 events (仓储费预警 since issue 15, 质检问题待答复 and 包裹预审不通过 since issue 30, 包裹已签收 and 包裹物流异常 since issue 33) × 4 channel types
    const preview = await t.call<NotifyPreviewResult>('POST', '/api/notification/vip/previewTemplate', {
      token: admin,
      body: { event: 'freight_patch', subject: '补运费 {{packageNo}}', body: '需补 {{amount}} {{currency}}，{{orderNo}}' },
    });
    expect(preview.data).toEqual({ subject: '补运费 PK202611220001', body: '需补 12.50 USD，{{orderNo}}', unknownVariables: ['orderNo'] });
    const bad = await t.call('POST', '/api/notification/vip/saveTemplate', {
      token: admin,
      body: { event: 'freight_patch', channelType: 'email', body: '{{orderNo}}' },
    });
    expect(bad.code).toBe(40001);
    const ok = await t.call('POST', '/api/notification/vip/saveTemplate', {
      token: admin,
      body: { event: 'freight_patch', channelType: 'email', subject: '补运费', body: '包裹 {{packageNo}} 需补 {{amount}}' },
    });
    expect(ok.code).toBe(20000);
    const after = await t.call<NotifyTemplate[]>('GET', '/api/notification/vip/templateList', { token: admin });
    expect(after.data.find((x) => x.event === 'freight_patch' && x.channelType === 'email')).toMatchObject({
      saved: true,
      body: '包裹 {{packageNo}} 需补 {{amount}}',
    });
  });
});

describe('secrets that look sealed, and secrets this server cannot unseal (issue #28)', () => {
  it('a typed value that looks sealed ("enc:…") is sealed like any other, and sending with it is an ordinary delivery', async () => {
    const typed = `enc:v1:${'A'.repeat(40)}`;
    const id = await save({ type: 'telegram', name: '看似已加密', config: { botToken: typed, chatId: '-100123', apiBase: base } });
    const [row] = await t.db.select().from(notifyChannels).where(eq(notifyChannels.id, id));
    const stored = String((row.config as { botToken: string }).botToken);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toBe(typed);
    expect(t.app.services.secrets.open(stored)).toBe(typed);
    // Before: stored as typed, and every use threw (the test send answered an error, the events pump retried forever).
    const r = await send(id);
    expect([r.status, r.code]).toEqual([200, 20000]);
    expect([r.data.status, r.data.error]).toEqual(['sent', '']);
    expect(received.at(-1)!.url).toBe(`/bot${typed}/sendMessage`);
  });

  it('a delivery through a channel whose secret cannot be unsealed fails once, with a clear reason', async () => {
    const now = t.clock.now();
    const other = secretBoxFor({ secretKey: 'a-key-of-another-installation', dataDir: '/nonexistent' });
    const [ch] = await t.db
      .insert(notifyChannels)
      .values({
        type: 'discord',
        name: '别的密钥',
        config: { webhookUrl: other.seal(`${base}/x`) },
        events: ['package_shipped'],
        status: 'activity',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const r = await send(ch!.id);
    expect([r.status, r.code]).toEqual([200, 20000]);
    expect(r.data.status).toBe('failed');
    expect(r.data.error).toContain(SECRET_UNSEALABLE);
    const [e] = await t.db.insert(domainEvents).values({ type: 'package.ship', entityType: 'package', entityId: '0', createdAt: now }).returning();
    const [d] = await t.db
      .insert(eventDeliveries)
      .values({ eventId: e!.id, target: 'notify', targetId: ch!.id, nextAttemptAt: now, createdAt: now, updatedAt: now })
      .returning();
    await deliverDue(t.db, t.app.services.secrets, t.clock.now);
    const [after] = await t.db.select().from(eventDeliveries).where(eq(eventDeliveries.id, d!.id));
    expect([after!.status, after!.attempts]).toEqual(['failed', 1]);
    expect(after!.lastError).toContain(SECRET_UNSEALABLE);
  });
});
