import { desc, eq } from 'drizzle-orm';
import type { SensitiveOperation } from '@waystation/shared/vocab/account';
import {
  admins,
  agents,
  memberAddresses,
  memberProfiles,
  members,
  outboxMessages,
  purchaseOrders,
  refundRequests,
  returnRequests,
  shopOrders,
} from '../../db/schema';
import type { TestApp } from '../server';
import { verifierCode } from '../member';
import { TEST_ADMIN } from '../template';

/** Staff id of a logged-in token. */
export async function adminIdOf(t: TestApp, token: string): Promise<number> {
  const res = await t.call<{ id: number }>('GET', '/api/admin/info', { token });
  return res.data.id;
}

/** Switches verification of a type on (as the super admin) with the given verifiers. */
export async function enableVerify(t: TestApp, type: SensitiveOperation, subjectIds: number[], adminToken?: string): Promise<void> {
  const token = adminToken ?? (await t.login());
  const res = await t.call('POST', '/api/verify/saveConfig', { token, body: { type, enabled: true, subjectIds } });
  if (res.code !== 20000) throw new Error(`saveConfig ${type}: ${res.code} ${res.message}`);
}

/** The latest code the outbox holds for a verifier. */
export const lastCodeFor = (t: TestApp, subjectId: number): Promise<string> => verifierCode(t.db, subjectId);

/** A call of a sensitive route, as a test describes it (POST unless said). */
export interface SensitiveCall {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number>;
}

/**
 * The sealed pending operation the server answers a sensitive call without a ticket with (its 42800): what the verify
 * dialog sends with its code and ticket calls, bound to the call's values as the server parsed them.
 */
export async function pendingFor(t: TestApp, token: string, call: SensitiveCall): Promise<string> {
  const probe = await t.call<{ request?: string }>(call.method ?? 'POST', call.url, { token, body: call.body, query: call.query as Record<string, string> });
  if (probe.code !== 42800 || !probe.data?.request) throw new Error(`${call.url} did not ask for verification: ${probe.code} ${probe.message}`);
  return probe.data.request;
}

/**
 * Goes through the verify dialog's calls for `token`: sends a code to `subjectId`, reads it from the outbox and
 * returns the ticket for (type, target) and exactly the values of `call` (or of a sealed request the test already
 * received). Moves the clock past the resend interval first.
 */
export async function ticketFor(
  t: TestApp,
  token: string,
  type: SensitiveOperation,
  target: string | number,
  subjectId: number,
  call: SensitiveCall | string,
): Promise<string> {
  const request = typeof call === 'string' ? call : await pendingFor(t, token, call);
  t.clock.advance(61_000);
  const sent = await t.call('POST', '/api/admin/sendVerifyCode', { token, body: { type, subjectId, request } });
  if (sent.code !== 20000) throw new Error(`sendVerifyCode ${type}: ${sent.code} ${sent.message}`);
  const code = await lastCodeFor(t, subjectId);
  const res = await t.call<{ ticket: string }>('POST', '/api/admin/doLoginVerify', { token, body: { type, subjectId, code, target: String(target), request } });
  if (res.code !== 20000) throw new Error(`doLoginVerify ${type}: ${res.code} ${res.message}`);
  return res.data.ticket;
}

/** Header carrying a verification ticket. */
export const withTicket = (ticket: string) => ({ 'x-verify-ticket': ticket });

/** Id of the super admin: the verifier the first start configures for every sensitive type (seedVerification). */
export async function superAdminId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, TEST_ADMIN.username)).limit(1);
  if (!row) throw new Error('no super admin in the test database');
  return row.id;
}

/** A ticket for `token`'s call of a sensitive route on `target` with `values`, verified by the seeded verifier (the super admin). */
export async function seededTicket(
  t: TestApp,
  token: string,
  type: SensitiveOperation,
  target: string | number,
  call: SensitiveCall | string,
): Promise<string> {
  return ticketFor(t, token, type, target, await superAdminId(t), call);
}

type CallOpts = NonNullable<Parameters<TestApp['call']>[2]> & { token: string };

/**
 * Calls a sensitive route the way the screens do (SPEC §6): the call without a ticket first (the server answers 42800
 * with the operation sealed), a code and a ticket from the seeded verifier for that operation, then the call again.
 */
export async function verifiedCall<T = unknown>(
  t: TestApp,
  type: SensitiveOperation,
  target: string | number,
  method: 'GET' | 'POST',
  url: string,
  opts: CallOpts,
) {
  const probe = await t.call<{ request?: string }>(method, url, opts);
  if (probe.code !== 42800) return probe as Awaited<ReturnType<typeof t.call<T>>>;
  const subjectId = await superAdminId(t);
  t.clock.advance(61_000);
  const request = probe.data?.request;
  const sent = await t.call('POST', '/api/admin/sendVerifyCode', { token: opts.token, body: { type, subjectId, request } });
  if (sent.code !== 20000) throw new Error(`sendVerifyCode ${type}: ${sent.code} ${sent.message}`);
  const code = await lastCodeFor(t, subjectId);
  const res = await t.call<{ ticket: string }>('POST', '/api/admin/doLoginVerify', {
    token: opts.token,
    body: { type, subjectId, code, target: String(target), request },
  });
  if (res.code !== 20000) throw new Error(`doLoginVerify ${type}: ${res.code} ${res.message}`);
  return t.call<T>(method, url, { ...opts, headers: { ...opts.headers, ...withTicket(res.data.ticket) } });
}

/** Puts a type back as the first start leaves it: on with the super admin as verifier (admin_login: off). */
export async function restoreSeededVerify(t: TestApp, type: SensitiveOperation, adminToken?: string): Promise<void> {
  const token = adminToken ?? (await t.login());
  const body = type === 'admin_login' ? { type, enabled: false, subjectIds: [] } : { type, enabled: true, subjectIds: [await superAdminId(t)] };
  const res = await t.call('POST', '/api/verify/saveConfig', { token, body });
  if (res.code !== 20000) throw new Error(`saveConfig ${type}: ${res.code} ${res.message}`);
}

let memberSeq = 0;

/** A member with a default address (and a profile row), inserted directly. */
export async function newMember(
  t: TestApp,
  over: Partial<{ userCode: string; name: string; email: string; loginSource: string; status: string; agentId: number | null; levelId: number | null }> = {},
): Promise<{ id: number; userCode: string }> {
  const now = t.clock.now();
  const n = ++memberSeq;
  const userCode = over.userCode ?? `T${String(process.pid).slice(-3)}${String(n).padStart(5, '0')}`;
  const [m] = await t.db
    .insert(members)
    .values({
      userCode,
      name: over.name ?? `Member ${n}`,
      email: over.email ?? `m${n}@example.com`,
      loginSource: over.loginSource ?? 'password',
      status: over.status ?? 'activity',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: members.id, userCode: members.userCode });
  await t.db.insert(memberProfiles).values({ memberId: m.id, agentId: over.agentId ?? null, levelId: over.levelId ?? null, updatedAt: now });
  await t.db.insert(memberAddresses).values({
    memberId: m.id,
    receiver: `Member ${n}`,
    country: 'DE',
    city: 'Berlin',
    address: `Street ${n}`,
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  });
  return m;
}

let afterSalesSeq = 0;

/** A refund awaiting review (return_refund_check) for a member. */
export async function newRefund(
  t: TestApp,
  memberId: number,
  over: Partial<{ amount: number; channel: string; reason: string; sourceType: string; sourceId: string }> = {},
): Promise<{ id: number }> {
  const now = t.clock.now();
  const n = ++afterSalesSeq;
  const [row] = await t.db
    .insert(refundRequests)
    .values({
      refundNo: `RFT${process.pid}${n}`,
      memberId,
      sourceType: over.sourceType ?? 'manual',
      sourceId: over.sourceId ?? `S${n}`,
      reason: over.reason ?? 'refunded_lost_goods',
      amount: over.amount ?? 1000,
      currency: 'CNY',
      channel: over.channel ?? 'balance',
      status: 'return_refund_check',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refundRequests.id });
  return row;
}

/** A member's purchase line in the given status (with its shop order). */
export async function newPurchaseLine(t: TestApp, memberId: number, status: string, paidAmount = 5000): Promise<{ id: number; purchaseNo: string }> {
  const now = t.clock.now();
  const n = ++afterSalesSeq;
  const [order] = await t.db
    .insert(shopOrders)
    .values({ orderNo: `SOT${process.pid}${n}`, memberId, status: 'paid', paidAmount, createdAt: now, updatedAt: now })
    .returning({ id: shopOrders.id });
  const [line] = await t.db
    .insert(purchaseOrders)
    .values({
      purchaseNo: `POT${process.pid}${n}`,
      orderId: order.id,
      memberId,
      status,
      mallType: 'TB',
      title: `Goods ${n}`,
      quantity: 1,
      unitPrice: paidAmount,
      paidAmount,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: purchaseOrders.id, purchaseNo: purchaseOrders.purchaseNo });
  return line;
}

/** A return awaiting review (return_checking) of a purchase line. */
export async function newReturn(t: TestApp, memberId: number, line: { id: number; purchaseNo: string }, amount = 5000): Promise<{ id: number }> {
  const now = t.clock.now();
  const n = ++afterSalesSeq;
  const [row] = await t.db
    .insert(returnRequests)
    .values({
      returnNo: `RTT${process.pid}${n}`,
      memberId,
      purchaseOrderId: String(line.id),
      purchaseOrderNo: line.purchaseNo,
      goodsTitle: `Goods ${n}`,
      amount,
      currency: 'CNY',
      reason: '尺码不合适',
      status: 'return_checking',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: returnRequests.id });
  return row;
}

let agentSeq = 0;

/** An active agent with a withdrawal account. */
export async function newAgent(
  t: TestApp,
  over: Partial<{ agentName: string; rebateBp: number; status: string }> = {},
): Promise<{ id: number; agentName: string }> {
  const now = t.clock.now();
  const n = ++agentSeq;
  const [row] = await t.db
    .insert(agents)
    .values({
      agentName: over.agentName ?? `Agent ${process.pid}-${n}`,
      email: `agent${n}@example.com`,
      rebateBp: over.rebateBp ?? 500,
      status: over.status ?? 'activity',
      withdrawalAccount: { method: 'bank', accountName: `Agent ${n}`, accountNo: `6222${String(n).padStart(8, '0')}`, bankName: 'ICBC' },
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: agents.id, agentName: agents.agentName });
  return row;
}

/** A paid shop order of a member (for commission). */
export async function newPaidOrder(t: TestApp, memberId: number, paidAmount: number): Promise<{ id: number }> {
  const now = t.clock.now();
  const n = ++afterSalesSeq;
  const [order] = await t.db
    .insert(shopOrders)
    .values({ orderNo: `SOP${process.pid}${n}`, memberId, status: 'paid', paidAmount, payTime: now, createdAt: now, updatedAt: now })
    .returning({ id: shopOrders.id });
  return order;
}
