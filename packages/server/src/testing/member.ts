import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { outboxMessages } from '../db/schema';
import type { SessionResult } from '@waystation/shared/contract/openAccounts';
import { post } from '../modules/ledger/service';
import type { TestApp } from './server';

/** The latest 6-digit code mailed to an email (a sign-up's or a reset's), as the member would read it in the mail. */
export async function emailCode(db: Db, email: string, subject = '注册验证码'): Promise<string> {
  const [mail] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email.toLowerCase()), eq(outboxMessages.subject, subject)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = mail?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The latest verification code the outbox holds for a staff verifier, as they would read it in their message. */
export async function verifierCode(db: Db, subjectId: number): Promise<string> {
  const [row] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipientAdminId, subjectId))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = row?.body.match(/验证码 (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in the outbox for admin ${subjectId}`);
  return code;
}

let signUps = 0;

/**
 * A member signed up through the member API as a person does (password, then the mailed code), of `agentId` if given,
 * with `balance` CNY minor units credited to the balance through the ledger.
 */
export async function signedUpMember(t: TestApp, o: { balance?: number; agentId?: number; name?: string } = {}) {
  const n = `${Date.now()}-${++signUps}`;
  const email = `member-${n}@example.com`;
  const asked = await t.call('POST', '/api/open/v1/auth/register', {
    body: { email, password: 'secret123', name: o.name ?? 'Test Member', country: 'US', ...(o.agentId ? { agentId: o.agentId } : {}) },
    headers: { 'idempotency-key': `register-${n}` },
  });
  if (asked.code !== 20000) throw new Error(`register: ${asked.code} ${asked.message}`);
  const r = await t.call<SessionResult>('POST', '/api/open/v1/auth/registerConfirm', {
    body: { email, code: await emailCode(t.db, email) },
    headers: { 'idempotency-key': `confirm-${n}` },
  });
  if (r.code !== 20000) throw new Error(`registerConfirm: ${r.code} ${r.message}`);
  const id = r.data.member.id;
  if (o.balance)
    await t.db.transaction((tx) =>
      post(tx, { ownerType: 'member', ownerId: id, kind: 'balance', currency: 'CNY', amount: o.balance!, type: 'recharge', remark: 'test' }, t.clock.now()),
    );
  return { token: r.data.token, id, userCode: r.data.member.userCode };
}

/**
 * Changes a system parameter the way staff do (参数设置 → 编辑), in a fresh session of the test's super admin (a test may
 * have moved the clock past one); returns that session, which ended the admin's earlier one.
 */
export async function setParam(t: TestApp, paramKey: string, paramValue: string): Promise<string> {
  const token = await t.login();
  const list = await t.call<{ list: { id: number; paramKey: string; name: string }[] }>('GET', '/api/param/pageList', {
    token,
    query: { keyword: paramKey, limit: '50' },
  });
  const row = list.data.list.find((p) => p.paramKey === paramKey);
  if (!row) throw new Error(`no parameter ${paramKey}`);
  const r = await t.call('POST', '/api/param/edit', { token, body: { id: row.id, paramKey, paramValue, name: row.name } });
  if (r.code !== 20000) throw new Error(`param/edit ${paramKey}: ${r.code} ${r.message}`);
  return token;
}
