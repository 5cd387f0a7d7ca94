import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDelivery } from '@waystation/shared/contract/notification';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import { domainEvents, eventDeliveries, notifyLogs, purchaseOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/server';
import { emailCode } from '../../testing/member';
import { post } from '../ledger/service';
import { deliverDue, dispatchEvents } from './events';
import { remindStorage } from './storageReminder';
import { newShelvedItem } from '../goodsOut/factory';
import { verifySignature } from '../payment/topups';

/** A member site's webhook receiver: records what arrives; answers `status()` (500 to make us retry). */
function startReceiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status).end('ok');
    });
  });
  return new Promise<{ url: string; got: typeof got; answer: (s: number) => void; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        got,
        answer: (s) => (status = s),
        close: () => server.close(),
      }),
    ),
  );
}

let t: TestApp;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await createTestApp();
  admin = await t.login();
  receiver = await startReceiver();
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  receiver.close();
  await t.close();
});

let n = 0;
const open = <T>(path: string, token: string, body?: unknown, method: 'GET' | 'POST' = 'POST') =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'idempotency-key': `events-${++n}-${Date.now()}` } : {}) },
  });

/** A member with money who ordered and paid one line: its purchase line is waiting to be bought. */
async function memberWithPaidOrder() {
  const email = `events${Date.now()}${++n}@example.com`;
  await t.call('POST', '/api/open/v1/auth/register', {
    body: { email, password: 'secret123', name: 'Eve Events' },
    headers: { 'idempotency-key': `reg-${n}-${Date.now()}` },
  });
  const reg = await t.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
    body: { email, code: await emailCode(t.db, email) },
    headers: { 'idempotency-key': `reg-confirm-${n}-${Date.now()}` },
  });
  const { token, member } = reg.data;
  await t.db.transaction((tx) =>
    post(tx, { ownerType: 'member', ownerId: member.id, kind: 'balance', currency: 'CNY', amount: 100_000, type: 'recharge', remark: 'test' }, t.clock.now()),
  );
  const order = await open<MemberOrder>('/orders', token, {
    lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/x', title: '帆布包', quantity: 1, unitPrice: 8_800 }],
  });
  const paid = await open<MemberOrder>('/orders/pay', token, { orderNo: order.data.orderNo });
  expect(paid.code, paid.message).toBe(20000);
  const [line] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.purchaseNo, paid.data.lines[0]!.purchaseNo));
  return { token, member, line: line! };
}

/** A Discord channel for purchased lines whose server keeps each request waiting until the test answers it (`held`). */
async function heldDiscordChannel(name: string) {
  const held: http.ServerResponse[] = [];
  const slow = http.createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
    token: admin,
    body: { type: 'discord', name, config: { webhookUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/x` }, events: ['purchased'] },
  });
  expect(ch.code, ch.message).toBe(20000);
  return { held, slow, ch };
}

describe('events out', () => {
  it('signs each event to a subscribed webhook once, retries with back-off, and can resend from the log', async () => {
    const saved = await t.call<{ id: number; secret: string }>('POST', '/api/notification/webhook/save', {
      token: admin,
      body: { name: 'Member site', url: receiver.url, events: ['purchase.queue', 'purchase.claim'] },
    });
    expect(saved.code, saved.message).toBe(20000);
    expect(saved.data.secret).toMatch(/^whsec_/);
    const list = await t.call<{ secretHint: string }[]>('GET', '/api/notification/webhook/list', { token: admin });
    expect(list.data[0]!.secretHint).toBe(`••••${saved.data.secret.slice(-4)}`);
    expect(JSON.stringify(list.data)).not.toContain(saved.data.secret);

    const { member, line } = await memberWithPaidOrder();
    await t.events.run();
    const mine = receiver.got.filter((g) => JSON.parse(g.body).memberId === member.id);
    expect(mine.map((g) => g.headers['x-waystation-event'])).toEqual(['purchase.queue']);
    const [hit] = mine;
    // The receiver checks the signature with the secret it was given.
    expect(verifySignature(saved.data.secret, hit!.body, hit!.headers['x-waystation-signature'] as string, t.clock.now())).toBe(true);
    expect(verifySignature('whsec_wrong', hit!.body, hit!.headers['x-waystation-signature'] as string, t.clock.now())).toBe(false);
    expect(JSON.parse(hit!.body)).toMatchObject({
      type: 'purchase.queue',
      entityType: 'purchase',
      data: { from: 'paid', to: 'purchase_wait', no: line.purchaseNo },
    });

    // A second cycle sends nothing again.
    await t.events.run();
    expect(receiver.got.filter((g) => JSON.parse(g.body).memberId === member.id)).toHaveLength(1);

    // The receiver is down: the delivery waits with its answer, and goes out once the back-off has passed.
    receiver.answer(500);
    const claimed = await t.call('POST', '/api/buy/claim', { token: admin, body: { id: line.id } });
    expect(claimed.code, claimed.message).toBe(20000);
    await t.events.run();
    const failing = await t.call<{ list: EventDelivery[]; backlog: { pending: number } }>('GET', '/api/notification/webhook/deliveries', {
      token: admin,
      query: { target: 'webhook', status: 'pending' },
    });
    const waiting = failing.data.list.find((d) => d.eventType === 'purchase.claim' && d.entityNo === line.purchaseNo);
    expect(waiting).toMatchObject({ attempts: 1, lastStatus: 500, lastError: '对方返回 HTTP 500', userCode: member.userCode });
    expect(failing.data.backlog.pending).toBe(0);
    receiver.answer(200);
    await t.events.run();
    expect(receiver.got.filter((g) => g.headers['x-waystation-event'] === 'purchase.claim')).toHaveLength(1);
    t.clock.advance(11_000);
    await t.events.run();
    expect(receiver.got.filter((g) => g.headers['x-waystation-event'] === 'purchase.claim')).toHaveLength(2);
    const [delivered] = await t.db.select().from(eventDeliveries).where(eq(eventDeliveries.id, waiting!.id));
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });

    const resend = await t.call('POST', '/api/notification/webhook/resend', { token: admin, body: { id: waiting!.id } });
    expect(resend.code).toBe(20000);
    await t.events.run();
    const claims = receiver.got.filter((g) => g.headers['x-waystation-event'] === 'purchase.claim');
    expect(claims).toHaveLength(3);
    // The same event each time: a receiver deduplicates by its id.
    expect(new Set(claims.map((c) => c.headers['x-waystation-event-id'])).size).toBe(1);
  });

  it('fans every event out exactly once even when two pumps race', async () => {
    const { member } = await memberWithPaidOrder();
    const now = t.clock.now();
    await Promise.all([dispatchEvents(t.db, now, 1), dispatchEvents(t.db, now, 1), dispatchEvents(t.db, now), t.events.run()]);
    const events = await t.db.select().from(domainEvents).where(eq(domainEvents.memberId, member.id));
    expect(events.every((e) => e.dispatchedAt)).toBe(true);
    const deliveries = await t.db
      .select()
      .from(eventDeliveries)
      .where(
        and(
          inArray(
            eventDeliveries.eventId,
            events.map((e) => e.id),
          ),
          eq(eventDeliveries.target, 'webhook'),
        ),
      );
    expect(deliveries).toHaveLength(1);
  });

  it('fires the member notification of a purchased line through the channels that subscribe to it', async () => {
    const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
      token: admin,
      body: { type: 'site', name: '站内信（事件）', events: ['purchased'] },
    });
    expect(ch.code, ch.message).toBe(20000);
    const { member, line } = await memberWithPaidOrder();
    await t.call('POST', '/api/buy/claim', { token: admin, body: { id: line.id } });
    const bought = await t.call('POST', '/api/buy/purchased', { token: admin, body: { id: line.id, mallOrderNo: 'TB-998877', realPrice: 8_800 } });
    expect(bought.code, bought.message).toBe(20000);
    await t.events.run();
    const logs = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, ch.data.id), eq(notifyLogs.recipient, member.userCode)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ event: 'purchased', status: 'sent', subject: '您的商品已采购' });
    expect(logs[0]!.body).toContain('Eve Events');
    expect(logs[0]!.body).toContain('帆布包');

    // The operator's own template for the event and channel type is the one the pump sends.
    const saved = await t.call('POST', '/api/notification/vip/saveTemplate', {
      token: admin,
      body: { event: 'purchased', channelType: 'site', subject: '已为您下单', body: '{{memberName}}：{{goodsName}} 已采购' },
    });
    expect(saved.code, saved.message).toBe(20000);
    const next = await memberWithPaidOrder();
    await t.call('POST', '/api/buy/claim', { token: admin, body: { id: next.line.id } });
    await t.call('POST', '/api/buy/purchased', { token: admin, body: { id: next.line.id, mallOrderNo: 'TB-998878', realPrice: 8_800 } });
    await t.events.run();
    const custom = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, ch.data.id), eq(notifyLogs.recipient, next.member.userCode)));
    expect(custom.map((l) => [l.subject, l.body])).toEqual([['已为您下单', 'Eve Events：帆布包 已采购']]);
  });
  it("a notification held up by its channel does not hold up the member site's webhooks", async () => {
    const { held, slow, ch } = await heldDiscordChannel('Discord（慢）');
    try {
      const site = await t.call('POST', '/api/notification/webhook/save', {
        token: admin,
        body: { name: 'Member site (purchases)', url: receiver.url, events: ['purchase.purchase'] },
      });
      expect(site.code, site.message).toBe(20000);
      const buy = async (line: { id: number }, mallOrderNo: string) => {
        await t.call('POST', '/api/buy/claim', { token: admin, body: { id: line.id } });
        const bought = await t.call('POST', '/api/buy/purchased', { token: admin, body: { id: line.id, mallOrderNo, realPrice: 8_800 } });
        expect(bought.code, bought.message).toBe(20000);
      };
      const arrived = (line: { id: number }) =>
        receiver.got.some((g) => g.headers['x-waystation-event'] === 'purchase.purchase' && JSON.parse(g.body).entityId === String(line.id));
      const first = await memberWithPaidOrder();
      const second = await memberWithPaidOrder();
      await buy(first.line, 'TB-HELD-1');
      // Deliveries under a loaded CI machine (the PostgreSQL phase) took over the default second: wait as a person would.
      const WAIT = { timeout: 10_000 };
      const pumped = t.events.run();
      await expect.poll(() => held.length, WAIT).toBe(1);
      await expect.poll(() => arrived(first.line), WAIT).toBe(true);
      // The first line's notification is still waiting on Discord when the second line is bought.
      await buy(second.line, 'TB-HELD-2');
      void t.events.run();
      await expect.poll(() => arrived(second.line), WAIT).toBe(true);
      expect(held.length).toBe(1);
      for (const res of held) res.writeHead(204).end();
      await expect.poll(() => held.length, WAIT).toBe(2);
      for (const res of held.slice(1)) res.writeHead(204).end();
      await pumped;
      await t.events.run();
      const logs = await t.db.select().from(notifyLogs).where(eq(notifyLogs.channelId, ch.data.id));
      expect(logs.map((l) => l.status)).toEqual(['sent', 'sent']);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
  it('a lane that fans events out tells the other lane at once, not after its own attempts', async () => {
    // Before, the notify lane told the webhook lane only once its attempts were over: while a channel held it, a webhook
    // of an event it had fanned out waited too (the test above failed once in CI that way, its notification timed out).
    const { held, slow, ch } = await heldDiscordChannel('Discord（扇出）');
    try {
      const { line } = await memberWithPaidOrder();
      await t.call('POST', '/api/buy/claim', { token: admin, body: { id: line.id } });
      const bought = await t.call('POST', '/api/buy/purchased', { token: admin, body: { id: line.id, mallOrderNo: 'TB-FANOUT-1', realPrice: 8_800 } });
      expect(bought.code, bought.message).toBe(20000);
      let told = 0;
      const notifyLane = deliverDue(t.db, t.app.services.secrets, t.clock.now, 50, 'notify', () => told++);
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
      expect(told, 'told while the channel still holds the attempt').toBe(1);
      for (const res of held) res.writeHead(204).end();
      expect((await notifyLane).fannedOut).toBeGreaterThan(0);
      const logs = await t.db.select().from(notifyLogs).where(eq(notifyLogs.channelId, ch.data.id));
      expect(logs.map((l) => l.status)).toEqual(['sent']);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
});

describe('storage reminder', () => {
  it('reminds a member of items shelved 60 days and more, once a week, through the subscribed channels', async () => {
    const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
      token: admin,
      body: { type: 'site', name: '站内信（仓储提醒）', events: ['storage_reminder'] },
    });
    expect(ch.code, ch.message).toBe(20000);
    const old = new Date(t.clock.now().getTime() - 61 * 86_400_000);
    const { member } = await newShelvedItem(t.db, { now: old });
    await newShelvedItem(t.db, { now: old });
    // A fresh item alone earns nothing.
    const fresh = await newShelvedItem(t.db, { memberCode: 'U100008' });
    await remindStorage(t.db, t.clock.now());
    await t.events.run();
    const logs = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, ch.data.id), eq(notifyLogs.event, 'storage_reminder')));
    const mine = logs.filter((l) => l.recipient === member.userCode);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain('超过 60 天');
    expect(logs.filter((l) => l.recipient === fresh.member.userCode && fresh.member.userCode !== member.userCode)).toHaveLength(0);
    // Again the next day: nothing new within the week.
    t.clock.advance(86_400_000);
    await remindStorage(t.db, t.clock.now());
    await t.events.run();
    const again = await t.db
      .select()
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelId, ch.data.id), eq(notifyLogs.recipient, member.userCode)));
    expect(again).toHaveLength(1);
  });
});
