import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { agents, mainDomains } from '../../db/schema';
import { invalid } from '../../core/errors';
import { isActive } from '../../core/status';

/** The host a browser request came from (its Origin, else its Referer), lower case without port; '' when neither says. */
export function originHost(headers: Record<string, unknown>): string {
  for (const h of [headers.origin, headers.referer]) {
    if (typeof h !== 'string' || !h) continue;
    try {
      return new URL(h).hostname.toLowerCase();
    } catch {}
  }
  return '';
}

/**
 * The agent a new member joins: the one the sign-up names (it must be active), else the agent whose enabled domain
 * (代理域名) the member signed up on — `www.` or not — else none.
 */
export async function inviterOf(db: Db, agentId: number | undefined, domain: string | undefined): Promise<number | null> {
  if (agentId !== undefined) {
    const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, agentId));
    if (!isActive(agent)) throw invalid('agentId', '代理不存在或已停用');
    return agentId;
  }
  const host = domain?.toLowerCase().replace(/^www\./, '');
  if (!host) return null;
  const [owner] = await db
    .select({ agentId: agents.id })
    .from(mainDomains)
    .innerJoin(agents, eq(agents.id, mainDomains.agentId))
    .where(and(inArray(sql`lower(${mainDomains.domain})`, [host, `www.${host}`]), eq(mainDomains.status, 'activity'), eq(agents.status, 'activity')))
    .limit(1);
  return owner?.agentId ?? null;
}
