import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import type { MessageList } from '@waystation/shared/contract/openContent';
import type { MemberOrder } from '@waystation/shared/contract/openOrders';
import { agents, couponCodes, couponGrants, domainEvents, ledgerEntries, memberProfiles, notifyLogs, purchaseOrders, returnRequests } from '../../db/schema';
import { hashPassword } from '../../core/password';
import { emailCode } from '../../testing/member';
import { createTestApp, type TestApp } from '../../testing/server';
import { balanceOf, newLine } from '../../testing/factories/goods-in';
import { newAgent } from '../../testing/factories/money-people';
import { newPackage } from '../goodsOut/factory';
import { post } from '../ledger/service';

/** Issue 30.5: what the member must see or answer — QC problems, redeem codes, the FAQ, the agent terminal's settings. */
let t: TestApp;
let admin: string;
let seq = 0;
let siteChannel: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const ch = await t.call<{ id: number }>('POST', '/api/notification/vip/saveChannel', {
    token: admin,
    body: { type: 'site', name: '站内信（会员答复）', events: ['qc_problem', 'refund_done', 'freight_patch'] },
  });
  expect(ch.code, ch.message).toBe(20000);
  siteChannel = ch.data.id;
});
afterAll(() => t.close());

const open = <T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string> } = {},
) =>
  t.call<T>(method, `/api/open/v1${path}`, {
    body: o.body,
    query: o.query,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': `answers-${++seq}-${Date.now()}` } : {}),
      ...o.headers,
    },
  });
const staff = <T = unknown>(method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) =>
  t.call<T>(method, url, { token: admin, ...(method === 'POST' ? { body: data } : { query: data }) });

async function newMember(headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  const email = `answers${Date.now()}${++seq}@example.com`;
  const started = await open('POST', '/auth/register', { body: { email, password: 'secret123', name: 'Quinn QC', ...extra }, headers });
  expect(started.code, started.message).toBe(20000);
  const r = await open<SessionResult>('POST', '/auth/registerConfirm', { body: { email, code: await emailCode(t.db, email) } });
  expect(r.code, r.message).toBe(20000);
  return r.data;
}

/** A line of the member's that arrived and failed QC (through the warehouse's own calls): on hold for the member. */
async function heldLine(member: SessionResult['member'], paidAmount = 12_800) {
  const trackingNo = `QCA${Date.now()}${++seq}`;
  const line = await newLine(t.db, { status: 'purchased', memberCode: member.userCode, trackingNo, paidAmount, title: '羊毛大衣' });
  const got = await staff<{ lines: { item: { itemCode: string } }[] }>('POST', '/api/warehouse/inbound/receive', {
    trackingNo,
    lines: [{ id: line.id, weightG: 900, lengthMm: 400, widthMm: 300, heightMm: 80 }],
  });
  expect(got.code, got.message).toBe(20000);
  const itemCode = got.data.lines[0]!.item.itemCode;
  const held = await staff<{ status: string }>('POST', '/api/warehouse/qc/problem', { itemCode, problem: 'wrong_size', note: '收到 S 码', media: [] });
  expect(held.data.status).toBe('purchase_hold');
  return { ...line, itemCode };
}

const siteMessages = (userCode: string, event: string) =>
  t.db
    .select()
    .from(notifyLogs)
    .where(and(eq(notifyLogs.channelId, siteChannel), eq(notifyLogs.recipient, userCode), eq(notifyLogs.event, event)));
const lineOf = async (id: number) => (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0]!;
const staffDetail = (id: number) =>
  staff<{ status: string; holdReason: string; trace: { note: string; actorName: string }[]; actions: string[] }>('GET', '/api/buy/detail', { id: String(id) });

describe('a QC problem, answered by the member', () => {
  it('tells the member in a site message; accepting sends the item back to QC, where the station shelves it', async () => {
    const { token, member } = await newMember();
    const line = await heldLine(member);
    await t.events.run();
    const [msg] = await siteMessages(member.userCode, 'qc_problem');
    expect(msg!.body).toContain('羊毛大衣');
    expect(msg!.body).toContain('尺码不符，收到 S 码');
    // The member reads it through the member API; another member reads none of it; a bad page is refused.
    const inbox = await open<MessageList>('GET', '/messages', { token, query: { page: 1, limit: 10 } });
    expect(inbox.code, inbox.message).toBe(20000);
    // Every site channel subscribed to the event wrote one (the demo's and this test's): all of them, newest first.
    const all = await t.db
      .select({ id: notifyLogs.id })
      .from(notifyLogs)
      .where(and(eq(notifyLogs.channelType, 'site'), eq(notifyLogs.recipient, member.userCode)));
    expect(inbox.data.total).toBe(all.length);
    expect(inbox.data.list.map((m) => m.id)).toEqual(all.map((m) => m.id).sort((a, b) => b - a));
    expect(inbox.data.list.find((m) => m.id === msg!.id)).toEqual({
      id: msg!.id,
      event: 'qc_problem',
      subject: msg!.subject,
      body: msg!.body,
      sentTime: msg!.createdAt.toISOString(),
      readTime: null,
    });
    expect(inbox.data.unread).toBe(all.length);
    const other = await newMember();
    expect((await open<MessageList>('GET', '/messages', { token: other.token })).data).toEqual({ list: [], total: 0, unread: 0 });
    expect((await open('GET', '/messages', { token, query: { limit: 500 } })).code).toBe(40001);
    expect((await open('GET', '/messages')).code).not.toBe(20000);

    // Read state: another member cannot mark these; the member marks one, then all; twice is the same as once.
    expect((await open<{ read: number; unread: number }>('POST', '/messages/read', { token: other.token, body: { ids: [msg!.id] } })).data).toEqual({
      read: 0,
      unread: 0,
    });
    const one = await open<{ read: number; unread: number }>('POST', '/messages/read', { token, body: { ids: [msg!.id] } });
    expect(one.data).toEqual({ read: 1, unread: all.length - 1 });
    expect((await open<{ read: number }>('POST', '/messages/read', { token, body: { ids: [msg!.id] } })).data.read).toBe(0);
    const [readRow] = await t.db.select({ readAt: notifyLogs.readAt }).from(notifyLogs).where(eq(notifyLogs.id, msg!.id));
    expect(readRow!.readAt).not.toBeNull();
    const unreadOnly = await open<MessageList>('GET', '/messages', { token, query: { unread: 'true' } });
    expect(unreadOnly.data.list.map((m) => m.id)).not.toContain(msg!.id);
    expect(unreadOnly.data).toMatchObject({ total: all.length - 1, unread: all.length - 1 });
    expect((await open<{ read: number; unread: number }>('POST', '/messages/read', { token, body: { all: true } })).data).toEqual({
      read: all.length - 1,
      unread: 0,
    });
    expect((await open<MessageList>('GET', '/messages', { token })).data.list.every((m) => m.readTime !== null)).toBe(true);
    for (const bad of [{}, { ids: [] }, { ids: [1], all: true }, { all: false }, { ids: ['x'] }]) {
      expect((await open('POST', '/messages/read', { token, body: bad })).code, JSON.stringify(bad)).toBe(40001);
    }

    const order = await open<MemberOrder>('GET', '/orders', { token, query: { page: 1, limit: 10 } });
    const shown = (order.data as unknown as { list: MemberOrder[] }).list.flatMap((o) => o.lines).find((l) => l.purchaseNo === line.purchaseNo);
    expect(shown!.qcProblem).toBe('质检问题：尺码不符，收到 S 码');

    const answered = await open<MemberOrder>('POST', '/orders/qcDecision', {
      token,
      body: { purchaseNo: line.purchaseNo, decision: 'accept', remark: '能穿' },
    });
    expect(answered.code, answered.message).toBe(20000);
    expect(answered.data.lines[0]!.qcProblem).toBeNull();
    expect((await lineOf(line.id)).status).toBe('stocking_input');
    // Staff read the answer on the line's timeline, and the QC station carries on.
    const d = await staffDetail(line.id);
    expect(d.data.trace.at(-1)).toMatchObject({ note: '会员答复：接受，能穿', actorName: `会员 ${member.userCode}` });
    const scan = await staff<{ actions: string[] }>('POST', '/api/warehouse/qc/scan', { code: line.itemCode });
    expect(scan.data.actions).toContain('photo');
    // Answered once: a second answer finds nothing to answer.
    const again = await open('POST', '/orders/qcDecision', { token, body: { purchaseNo: line.purchaseNo, decision: 'refund' } });
    expect(again.code).toBe(40900);
  });

  it('a refund gives the line’s payment back to the balance through the ledger, and the notice carries the amount', async () => {
    const { token, member } = await newMember();
    const line = await heldLine(member, 15_550);
    const before = await balanceOf(t.db, member.id);
    const r = await open<MemberOrder>('POST', '/orders/qcDecision', { token, body: { purchaseNo: line.purchaseNo, decision: 'refund' } });
    expect(r.code, r.message).toBe(20000);
    const after = await lineOf(line.id);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 15_550, holdReason: '会员答复：退款' });
    expect(await balanceOf(t.db, member.id)).toBe(before + 15_550);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'purchase'), eq(ledgerEntries.refId, String(line.id))));
    expect(entries.map((e) => [e.type, e.amount])).toEqual([['refund', 15_550]]);
    await t.events.run();
    const [msg] = await siteMessages(member.userCode, 'refund_done');
    expect(msg!.body).toContain('155.50 CNY');
  });

  it('a return or an exchange becomes a return request awaiting review, with the member’s answer', async () => {
    const { token, member } = await newMember();
    for (const decision of ['return', 'exchange'] as const) {
      const line = await heldLine(member);
      const r = await open('POST', '/orders/qcDecision', { token, body: { purchaseNo: line.purchaseNo, decision, remark: '要 M 码' } });
      expect(r.code, r.message).toBe(20000);
      expect((await lineOf(line.id)).status).toBe('return_checking');
      const [req] = await t.db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.purchaseOrderId, String(line.id)));
      expect(req).toMatchObject({
        kind: decision,
        status: 'return_checking',
        amount: 12_800,
        reason: `会员答复：${decision === 'return' ? '退货' : '换货'}，要 M 码`,
      });
      const list = await staff<{ list: { returnNo: string; reason: string }[] }>('GET', '/api/afterSales/returnList', { purchaseOrderNo: line.purchaseNo });
      expect(list.data.list.map((x) => x.returnNo)).toEqual([req!.returnNo]);
    }
  });

  it('refuses another member’s line, a line not held by QC, and an unknown answer', async () => {
    const a = await newMember();
    const b = await newMember();
    const line = await heldLine(a.member);
    const theirs = await open('POST', '/orders/qcDecision', { token: b.token, body: { purchaseNo: line.purchaseNo, decision: 'refund' } });
    expect(theirs.code).toBe(40400);
    expect((await lineOf(line.id)).status).toBe('purchase_hold');
    expect(await balanceOf(t.db, b.member.id)).toBe(0);
    const bogus = await open('POST', '/orders/qcDecision', { token: a.token, body: { purchaseNo: line.purchaseNo, decision: 'keep' } });
    expect(bogus.code).toBe(40001);
    const notHeld = await newLine(t.db, { status: 'purchasing', memberCode: a.member.userCode });
    const r = await open('POST', '/orders/qcDecision', { token: a.token, body: { purchaseNo: notHeld.purchaseNo, decision: 'accept' } });
    expect(r.code).toBe(40900);
    expect(r.message).toContain('没有待答复的质检问题');
  });
});

describe('redeem codes, by the member', () => {
  async function codesOf(over: Record<string, unknown> = {}, count = 2) {
    const coupon = await staff<{ id: number }>('POST', '/api/marketing/coupon/saveConst', {
      name: `兑换券 ${++seq}`,
      discountType: 'amount',
      amount: '10',
      minSpend: '100',
      scope: 'purchase',
      validityType: 'days',
      validDays: 30,
      totalStock: 100,
      perMemberLimit: 5,
      ...over,
    });
    expect(coupon.code, coupon.message).toBe(20000);
    await staff('POST', '/api/marketing/coupon/addCodes', { couponId: coupon.data.id, count, requestId: `answers-codes-${++seq}` });
    const codes = await staff<{ list: { code: string }[] }>('GET', '/api/marketing/coupon/codeList', { couponId: String(coupon.data.id) });
    return { couponId: coupon.data.id, codes: codes.data.list.map((c) => c.code) };
  }

  it('redeems a code once into a usable coupon; a used, unknown or expired code is refused with a clear message', async () => {
    const { token, member } = await newMember();
    const other = await newMember();
    const { couponId, codes } = await codesOf();
    const r = await open<{ grantNo: string; couponName: string }>('POST', '/coupons/redeem', { token, body: { code: ` ${codes[0]!.toLowerCase()} ` } });
    expect(r.code, r.message).toBe(20000);
    const mine = await open<{ list: { grantNo: string }[] }>('GET', '/coupons', { token });
    expect(mine.data.list.map((c) => c.grantNo)).toContain(r.data.grantNo);

    for (const who of [token, other.token]) {
      const used = await open('POST', '/coupons/redeem', { token: who, body: { code: codes[0] } });
      expect([used.code, used.message]).toEqual([40900, '兑换码已被使用']);
    }
    const unknown = await open('POST', '/coupons/redeem', { token, body: { code: 'ZZZZZZZZZZZZ' } });
    expect([unknown.code, unknown.message]).toEqual([40400, '兑换码不存在']);
    const grants = await t.db.select().from(couponGrants).where(eq(couponGrants.couponId, couponId));
    expect(grants.map((g) => g.memberId)).toEqual([member.id]);

    const now = t.clock.now().getTime();
    const expiring = await codesOf(
      { validityType: 'fixed', validFrom: new Date(now - 86_400_000).toISOString(), validTo: new Date(now + 3_600_000).toISOString() },
      1,
    );
    t.clock.advance(2 * 3_600_000);
    const expired = await open('POST', '/coupons/redeem', { token, body: { code: expiring.codes[0] } });
    expect([expired.code, expired.message]).toEqual([40900, '兑换码已过期']);
    const [code] = await t.db.select().from(couponCodes).where(eq(couponCodes.code, expiring.codes[0]!));
    expect(code).toMatchObject({ status: 'activity', memberId: null });
  });
});

describe('the FAQ for the terminals', () => {
  it('serves the enabled entries in order, in the reader’s language when translated', async () => {
    const save = (body: Record<string, unknown>) => staff<{ id: number }>('POST', '/api/config/saveFaq', body);
    const second = await save({
      category: '运费',
      question: '运费怎么算？',
      answer: '按计费重。',
      sort: 2,
      translations: { en: { question: 'How is freight charged?', answer: 'By chargeable weight.' } },
    });
    const first = await save({ category: '下单', question: '如何下单？', answer: '粘贴商品链接。', sort: 1 });
    await save({ category: '下单', question: '草稿问题', answer: '未启用', sort: 0, status: 'disabled' });
    const zh = await open<{ list: { id: number; question: string; answer: string; category: string }[] }>('GET', '/content/faq');
    expect(zh.code, zh.message).toBe(20000);
    const ids = zh.data.list.map((f) => f.id);
    expect(ids.indexOf(first.data.id)).toBeLessThan(ids.indexOf(second.data.id));
    expect(zh.data.list.map((f) => f.question)).not.toContain('草稿问题');
    const en = await open<{ list: { id: number; question: string; answer: string }[] }>('GET', '/content/faq', { query: { lang: 'en' } });
    expect(en.data.list.find((f) => f.id === second.data.id)).toMatchObject({ question: 'How is freight charged?', answer: 'By chargeable weight.' });
    // Untranslated entries stay in the original.
    expect(en.data.list.find((f) => f.id === first.data.id)?.question).toBe('如何下单？');
    const freight = await open<{ list: { id: number }[] }>('GET', '/content/faq', { query: { category: '运费' } });
    expect(freight.data.list.map((f) => f.id)).toContain(second.data.id);
    expect(freight.data.list.map((f) => f.id)).not.toContain(first.data.id);
  });
});

describe('the agent terminal', () => {
  async function agentWithToken() {
    const agent = await newAgent(t);
    await t.db
      .update(agents)
      .set({ passwordHash: await hashPassword('agentpass1') })
      .where(eq(agents.id, agent.id));
    const login = await open<{ token: string }>('POST', '/agent/auth/login', { body: { account: agent.agentName, password: 'agentpass1' } });
    expect(login.code, login.message).toBe(20000);
    return { ...agent, token: login.data.token };
  }

  it('serves its settings: bots without their secrets, servers, member settings and the agent’s own domains', async () => {
    const agent = await agentWithToken();
    const other = await newAgent(t);
    const item = (section: string, name: string, value: Record<string, string>, status = 'activity') =>
      staff('POST', '/api/agentTerminal/save', { section, name, value, status });
    await item('botManage', 'Discord 机器人', {
      platform: 'discord',
      channel: '#orders',
      webhook: 'https://discord.example/hook/secret',
      token: 'bot-token-123',
    });
    await item('serverManage', '客服小王', { contact: 'Wang', account: 'wang#0001', hours: '9-18' });
    await item('vipManage', '默认等级', { key: 'defaultLevel', value: 'VIP1' });
    await item('vipManage', '停用项', { key: 'x', value: 'y' }, 'disabled');
    const mine = await staff('POST', '/api/config/saveMainDomain', { domain: `shop${seq}.agent-a.com`, agentId: agent.id });
    expect(mine.code, mine.message).toBe(20000);
    await staff('POST', '/api/config/saveMainDomain', { domain: `shop${seq}.agent-b.com`, agentId: other.id });

    const s = await open<{
      bots: { name: string; value: Record<string, string> }[];
      servers: { name: string; value: Record<string, string> }[];
      memberSettings: { name: string; value: Record<string, string> }[];
      domains: { domain: string }[];
    }>('GET', '/agent/settings', { token: agent.token });
    expect(s.code, s.message).toBe(20000);
    expect(s.data.bots).toContainEqual(expect.objectContaining({ name: 'Discord 机器人', value: { platform: 'discord', channel: '#orders' } }));
    expect(JSON.stringify(s.data)).not.toContain('bot-token-123');
    expect(JSON.stringify(s.data)).not.toContain('discord.example/hook');
    expect(s.data.servers).toContainEqual(expect.objectContaining({ name: '客服小王', value: { contact: 'Wang', account: 'wang#0001', hours: '9-18' } }));
    expect(s.data.memberSettings.map((m) => m.name)).toContain('默认等级');
    expect(s.data.memberSettings.map((m) => m.name)).not.toContain('停用项');
    expect(s.data.domains.map((d) => d.domain)).toEqual([`shop${seq}.agent-a.com`]);
  });

  it('a member who signs up on an agent’s domain joins that agent; elsewhere nobody’s', async () => {
    const agent = await agentWithToken();
    const domain = `join${++seq}.agent-shop.com`;
    expect((await staff('POST', '/api/config/saveMainDomain', { domain, agentId: agent.id })).code).toBe(20000);
    const onDomain = await newMember({ origin: `https://www.${domain}` });
    const bySite = await newMember({}, { domain });
    const elsewhere = await newMember({ origin: 'https://platform.example.com' });
    const agentOf = async (memberId: number) =>
      (await t.db.select({ agentId: memberProfiles.agentId }).from(memberProfiles).where(eq(memberProfiles.memberId, memberId)))[0]?.agentId;
    expect(await agentOf(onDomain.member.id)).toBe(agent.id);
    expect(await agentOf(bySite.member.id)).toBe(agent.id);
    expect(await agentOf(elsewhere.member.id)).toBeNull();
    const members = await open<{ list: { userCode: string }[] }>('GET', '/agent/members', { token: agent.token, query: { page: 1, limit: 20 } });
    expect(members.data.list.map((m) => m.userCode).sort()).toEqual([onDomain.member.userCode, bySite.member.userCode].sort());
  });
});

describe('notifications carry the amounts of their moment', () => {
  it('a freight top-up notice says what was due when it was raised, though it was paid before the notice went out', async () => {
    const { member } = await newMember();
    await t.db.transaction((tx) =>
      post(
        tx,
        { ownerType: 'member', ownerId: member.id, kind: 'balance', currency: 'CNY', amount: 1_000_000, type: 'recharge', remark: 'test' },
        t.clock.now(),
      ),
    );
    const pkg = await newPackage(t.db, {
      status: 'pending_launch',
      memberCode: member.userCode,
      items: 2,
      itemWeightG: 2_000,
      estimatedWeightG: 500,
      now: t.clock.now(),
    });
    expect(pkg.patchAmount).toBe(0);
    const [raised] = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'package.patch_request'), eq(domainEvents.entityId, String(pkg.id))));
    const due = Number(raised!.data.amount);
    expect(due).toBeGreaterThan(0);
    await t.events.run();
    const [msg] = await siteMessages(member.userCode, 'freight_patch');
    expect(msg!.body).toContain(`需补 ${(due / 100).toFixed(2)} ${pkg.currency}`);
  });
});
