import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import { SITE_KEY_RATE } from '@waystation/shared/contract/notification';
import { type Db, reusableQuery } from '../../db';
import { agents, agentSessions, members, memberSessions, siteApiKeys } from '../../db/schema';
import { hashToken } from '../../core/auth';
import { AppError } from '../../core/errors';
import type { AgentCaller } from '../proxy/agentTerminal';
import type { Member } from '../vip/memberAccounts';
import { isActive } from '../../core/status';

/**
 * Who calls the open API (issue 13): a member's token, a member site's API key (acting for the member it names), an
 * agent-terminal token, or anyone. Never a staff token. The route helper (http.ts) asks this before anything else.
 */

/** A member site's server, by its API key. */
export interface SiteCaller {
  keyId: number;
  name: string;
  /** The key's own calls a minute, for all the members it acts for together. */
  ratePerMinute: number;
}

/**
 * Who may call: a member's token (or a site's key naming the member in X-Member-Code), an agent's token, a site's key
 * alone, or anyone.
 */
export type OpenAuth = 'member' | 'agent' | 'site' | 'public';
export const SITE_KEY_HEADER = 'x-api-key';
export const SITE_MEMBER_HEADER = 'x-member-code';

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
    agent?: AgentCaller;
    site?: SiteCaller;
  }
}

const refuseToken = (message: string) => new AppError(ErrorCode.ILLEGAL_TOKEN, message);

/** The member behind a bearer token, or 50008/50014. A staff token is not a member token: it is simply unknown here. */
export async function authenticateMember(db: Db, header: string | undefined, now: Date): Promise<Member> {
  const token = bearer(header);
  if (!token) throw refuseToken('未登录或登录凭证无效，请重新登录');
  const [row] = await memberSessionOf(db, { tokenHash: hashToken(token) });
  if (!row || row.revokedAt) throw refuseToken('登录凭证无效，请重新登录');
  if (!isActive(row)) throw refuseToken('账号已停用，请联系客服');
  if (now >= row.expiresAt) throw new AppError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  return { id: row.memberId, userCode: row.userCode, name: row.name, sessionId: row.sessionId };
}
const memberCols = { userCode: members.userCode, name: members.name, status: members.status };
// Every member call reads its session: built once (see reusableQuery).
const memberSessionOf = reusableQuery('open_member_session', (db) =>
  db
    .select({
      sessionId: memberSessions.id,
      memberId: memberSessions.memberId,
      expiresAt: memberSessions.expiresAt,
      revokedAt: memberSessions.revokedAt,
      ...memberCols,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1),
);

const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The agent behind an agent-terminal token, or 50008/50014. Member and staff tokens are unknown here. */
export async function authenticateAgent(db: Db, header: string | undefined, now: Date): Promise<AgentCaller> {
  const token = bearer(header);
  if (!token) throw refuseToken('未登录或登录凭证无效，请重新登录');
  const [row] = await db
    .select({
      sessionId: agentSessions.id,
      id: agents.id,
      agentName: agents.agentName,
      status: agents.status,
      expiresAt: agentSessions.expiresAt,
      revokedAt: agentSessions.revokedAt,
    })
    .from(agentSessions)
    .innerJoin(agents, eq(agents.id, agentSessions.agentId))
    .where(eq(agentSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt) throw refuseToken('登录凭证无效，请重新登录');
  if (!isActive(row)) throw refuseToken('代理账号已停用，请联系平台');
  if (now >= row.expiresAt) throw new AppError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  return { id: row.id, agentName: row.agentName, sessionId: row.sessionId };
}

/**
 * The site behind an X-Api-Key, or 50008 (an unknown key and a disabled one answer alike); 40300 from an address
 * outside the key's allowed ranges.
 */
export async function authenticateSite(db: Db, key: string, now: Date, ip: string): Promise<SiteCaller> {
  const [row] = await db
    .select({
      keyId: siteApiKeys.id,
      name: siteApiKeys.name,
      lastUsedAt: siteApiKeys.lastUsedAt,
      ratePerMinute: siteApiKeys.ratePerMinute,
      allowedCidrs: siteApiKeys.allowedCidrs,
    })
    .from(siteApiKeys)
    .where(and(eq(siteApiKeys.keyHash, hashToken(key)), eq(siteApiKeys.status, 'activity')));
  if (!row) throw refuseToken('API Key 无效或已停用');
  if (row.allowedCidrs.length && !inRanges(ip, row.allowedCidrs))
    throw new AppError(ErrorCode.FORBIDDEN, `该 API Key 不允许从此地址（${ip}）调用，请在站点密钥的允许地址中添加`);
  // "Last used" to the minute: a busy site does not write the key's row on every call.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000)
    await db.update(siteApiKeys).set({ lastUsedAt: now }).where(eq(siteApiKeys.id, row.keyId));
  return { keyId: row.keyId, name: row.name, ratePerMinute: Math.min(row.ratePerMinute ?? SITE_KEY_RATE, SITE_KEY_RATE) };
}

/** Whether an address is inside one of the CIDRs (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function inRanges(ip: string, cidrs: string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return cidrs.some((cidr) => {
    try {
      const range = ipaddr.parseCIDR(cidr);
      return range[0].kind() === addr.kind() && addr.match(range);
    } catch {
      return false;
    }
  });
}

/** The member a site acts for: X-Member-Code names one in use. */
async function siteMember(db: Db, code: string): Promise<Member> {
  if (!code) throw new AppError(ErrorCode.VALIDATION, '请在 X-Member-Code 请求头中提供会员编号', { fields: { 'X-Member-Code': '必填' } });
  const [row] = await db
    .select({ id: members.id, ...memberCols })
    .from(members)
    .where(eq(members.userCode, code.slice(0, 64)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '会员不存在');
  if (!isActive(row)) throw refuseToken('账号已停用，请联系客服');
  return { id: row.id, userCode: row.userCode, name: row.name, sessionId: 0 };
}

/** Sets req.member / req.agent / req.site for a route's auth; refuses everything else. */
export async function authenticate(db: Db, auth: OpenAuth, req: FastifyRequest, now: Date): Promise<void> {
  if (auth === 'public') return;
  const key = headerText(req.headers[SITE_KEY_HEADER]);
  if (auth === 'agent') {
    req.agent = await authenticateAgent(db, req.headers.authorization, now);
    return;
  }
  if (auth === 'site' || key) {
    if (!key) throw refuseToken('请在 X-Api-Key 请求头中提供站点 API Key');
    req.site = await authenticateSite(db, key, now, req.ip);
    if (auth === 'member') req.member = await siteMember(db, headerText(req.headers[SITE_MEMBER_HEADER]));
    return;
  }
  req.member = await authenticateMember(db, req.headers.authorization, now);
}
