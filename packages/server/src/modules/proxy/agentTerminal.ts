import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AgentLoginBody, AgentMemberQuery, AgentProfile, AgentSettings } from '@waystation/shared/contract/openAgent';
import type { TerminalSection } from '@waystation/shared/contract/proxy';
import type { Db } from '../../db';
import { agents, agentSessions, agentTerminalItems, mainDomains, memberProfiles, members, shopOrders } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { hashToken, newToken } from '../../core/auth';
import { AppError, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage } from '../../core/paging';
import { verifyPassword } from '../../core/password';
import * as ledger from '../ledger/service';
import { percentText } from './service';
import { isActive } from '../../core/status';

/**
 * The agent terminal (SPEC terminal appId 2): an agent signs in with the password staff set (reset_agent_pwd) and sees
 * its own members, commission and withdrawals, and asks for a withdrawal with its trade password. Every read is bound
 * to the signed-in agent: no call takes another agent's id. Withdrawals: finance/agentWithdrawals.ts.
 */

/** A signed-in agent on its terminal (appId 2). */
export interface AgentCaller {
  id: number;
  agentName: string;
  sessionId: number;
}

/** How long an agent-terminal token lives. */
export const AGENT_SESSION_MS = 7 * 86_400_000;

export const agentActor = (agent: AgentCaller, ip: string): Actor => ({ id: null, name: `代理 ${agent.agentName}`, ip });

/** "ab•••@example.com": enough for an agent to recognise its member, not to write to them. */
export const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  if (at < 0) return email ? '•••' : '';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
};

export async function agentProfile(db: Db, agentId: number): Promise<z.input<typeof AgentProfile>> {
  const [a] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!a) throw notFound('代理不存在');
  const [{ n }] = await db.select({ n: count() }).from(memberProfiles).where(eq(memberProfiles.agentId, agentId));
  return {
    id: a.id,
    agentName: a.agentName,
    contactName: a.contactName,
    email: a.email,
    currency: a.currency,
    rebate: percentText(a.rebateBp),
    memberCount: n,
    commissionBalance: await ledger.balanceOf(db, { ownerType: 'agent', ownerId: agentId, kind: 'commission', currency: a.currency }),
    withdrawalAccountSet: !!(a.withdrawalAccount as { accountNo?: string }).accountNo,
  };
}

/** The fields of each settings page the terminal may show (a bot's webhook and token are the bot's secrets). */
const SHOWN: Record<TerminalSection, readonly string[] | 'all'> = {
  botManage: ['platform', 'channel'],
  serverManage: ['contact', 'account', 'hours'],
  vipManage: 'all',
  share: 'all',
};

/** The enabled rows of the agent terminal's settings pages, and the agent's own enabled domains. */
export async function agentSettings(db: Db, agentId: number): Promise<z.input<typeof AgentSettings>> {
  const rows = await db
    .select()
    .from(agentTerminalItems)
    .where(eq(agentTerminalItems.status, 'activity'))
    .orderBy(asc(agentTerminalItems.sort), asc(agentTerminalItems.id));
  const of = (section: TerminalSection) =>
    rows
      .filter((r) => r.section === section)
      .map((r) => {
        const shown = SHOWN[section];
        const value = r.value as Record<string, string>;
        return { id: r.id, name: r.name, value: shown === 'all' ? value : Object.fromEntries(shown.map((k) => [k, value[k] ?? ''])) };
      });
  const domains = await db
    .select({ id: mainDomains.id, domain: mainDomains.domain })
    .from(mainDomains)
    .where(and(eq(mainDomains.agentId, agentId), eq(mainDomains.status, 'activity')))
    .orderBy(asc(mainDomains.domain));
  return { bots: of('botManage'), servers: of('serverManage'), memberSettings: of('vipManage'), share: of('share'), domains };
}

/** Name or email + password → an agent-terminal token. A wrong account and a wrong password answer alike. */
export async function agentLogin(db: Db, body: z.output<typeof AgentLoginBody>, now: Date) {
  const account = body.account.toLowerCase();
  const [a] = await db
    .select({ id: agents.id, hash: agents.passwordHash, status: agents.status })
    .from(agents)
    .where(or(sql`lower(${agents.agentName}) = ${account}`, and(sql`${agents.email} <> ''`, sql`lower(${agents.email}) = ${account}`)))
    .limit(1);
  const ok = await verifyPassword(a?.hash || undefined, body.password);
  if (!a || !ok) throw new AppError(ErrorCode.BAD_CREDENTIALS, '账号或密码错误');
  if (!isActive(a)) throw new AppError(ErrorCode.FORBIDDEN, '代理账号已停用，请联系平台');
  const token = newToken();
  const expiresAt = new Date(now.getTime() + AGENT_SESSION_MS);
  await db.insert(agentSessions).values({ agentId: a.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt: expiresAt.toISOString(), agent: await agentProfile(db, a.id) };
}

export async function agentLogout(db: Db, agent: AgentCaller, now: Date): Promise<null> {
  await db.update(agentSessions).set({ revokedAt: now }).where(eq(agentSessions.id, agent.sessionId));
  return null;
}

/** The agent's own members with what they ordered; emails masked. */
export async function agentMembers(db: Db, agentId: number, q: z.output<typeof AgentMemberQuery>) {
  const { rows, total } = await offsetPage(db, {
    table: members,
    select: db
      .select({
        m: members,
        country: memberProfiles.country,
        orderCount: sql<number>`(select count(*)::int from ${shopOrders} o where o.member_id = ${members.id} and o.pay_time is not null)`,
        paidAmount: sql<number>`(select coalesce(sum(o.paid_amount), 0)::float8 from ${shopOrders} o where o.member_id = ${members.id} and o.pay_time is not null)`,
      })
      .from(members)
      .innerJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
      .$dynamic(),
    filter: [
      eq(memberProfiles.agentId, agentId),
      ...filters(q, { keyword: (k) => or(ilike(members.userCode, containsPattern(k)), ilike(members.name, containsPattern(k))) }),
    ],
    orderBy: [desc(members.id)],
    q,
    count: async (filter) =>
      (await db.select({ n: count() }).from(members).innerJoin(memberProfiles, eq(memberProfiles.memberId, members.id)).where(filter))[0].n,
  });
  return {
    total,
    list: rows.map((r) => ({
      userCode: r.m.userCode,
      name: r.m.name,
      email: maskEmail(r.m.email),
      country: r.country,
      orderCount: r.orderCount,
      paidAmount: Number(r.paidAmount),
      registerTime: r.m.createdAt.toISOString(),
    })),
  };
}

/** The agent's commission account movements: accruals on its members' payments, withdrawals held and released. */
export async function agentCommissions(db: Db, agentId: number, q: { page: number; limit: number }) {
  const page = await ledger.listTransactions(db, { ownerType: 'agent', ownerId: agentId, kind: 'commission', page: q.page, limit: q.limit });
  return {
    total: page.total,
    list: page.list.map((t) => ({
      id: t.id,
      type: t.type,
      amount: t.amount,
      balanceAfter: t.balanceAfter,
      currency: t.currency,
      remark: t.remark,
      time: t.createTime,
    })),
  };
}
