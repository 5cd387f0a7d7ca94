import crypto from 'node:crypto';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CrowdFilter } from '@waystation/shared/contract/marketing/common';
import type { Db } from '../../db';
import { memberProfiles, members } from '../../db/schema';
import { invalid } from '../../core/errors';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code from an alphabet without look-alike characters (crypto randomness, 5 bits per character). */
export function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  let s = '';
  for (let i = 0; i < length; i++) s += CODE_ALPHABET[bytes[i] & 31];
  return s;
}

/** The business day (Asia/Shanghai, UTC+8) of a moment, as YYYY-MM-DD: "free draws per day" count per this day. */
export function businessDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Conditions selecting the active members of a crowd (members m joined with member_profiles p). */
export function crowdWhere(f: CrowdFilter): SQL {
  const where: (SQL | undefined)[] = [eq(members.status, 'activity')];
  if (f.levelIds?.length) where.push(inArray(memberProfiles.levelId, f.levelIds));
  if (f.loginSources?.length) where.push(inArray(members.loginSource, f.loginSources));
  if (f.registeredFrom) where.push(gte(members.createdAt, new Date(f.registeredFrom)));
  if (f.registeredTo) where.push(lte(members.createdAt, new Date(f.registeredTo)));
  if (f.agentId) where.push(eq(memberProfiles.agentId, f.agentId));
  return and(...where)!;
}

export interface MemberRef {
  id: number;
  userCode: string;
  levelId: number | null;
}

/** The active members of a crowd, by id; `afterId`/`limit` page through big crowds. */
export async function crowdMembers(db: Db, f: CrowdFilter, opts: { afterId?: number; limit?: number } = {}): Promise<MemberRef[]> {
  const q = db
    .select({ id: members.id, userCode: members.userCode, levelId: memberProfiles.levelId })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(and(crowdWhere(f), opts.afterId ? sql`${members.id} > ${opts.afterId}` : undefined))
    .orderBy(members.id);
  return opts.limit ? q.limit(opts.limit) : q;
}

export async function crowdCount(db: Db, f: CrowdFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(crowdWhere(f));
  return row.n;
}

/** Members by user code (case-insensitive); unknown codes are a 40001 on `field`. */
export async function membersByCodes(db: Db, codes: string[], field = 'userCodes'): Promise<MemberRef[]> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const rows = wanted.length
    ? await db
        .select({ id: members.id, userCode: members.userCode, levelId: memberProfiles.levelId, status: members.status })
        .from(members)
        .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
        .where(inArray(sql`upper(${members.userCode})`, wanted))
    : [];
  const found = new Set(rows.map((r) => r.userCode.toUpperCase()));
  const missing = wanted.filter((c) => !found.has(c));
  if (missing.length) throw invalid(field, `用户编码不存在：${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` 等${missing.length}个` : ''}`);
  return rows.map(({ id, userCode, levelId }) => ({ id, userCode, levelId }));
}

export async function memberByCode(db: Db, code: string, field = 'userCode'): Promise<MemberRef & { status: string; createdAt: Date }> {
  const [row] = await db
    .select({ id: members.id, userCode: members.userCode, levelId: memberProfiles.levelId, status: members.status, createdAt: members.createdAt })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .where(eq(sql`upper(${members.userCode})`, code.trim().toUpperCase()))
    .limit(1);
  if (!row) throw invalid(field, `用户编码不存在：${code}`);
  return row;
}
