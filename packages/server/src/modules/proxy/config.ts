import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { toMinor } from '@waystation/shared/contract/ledger';
import type { MainDomain, ProfitConf, SaveMainDomainBody, SaveProfitConfBody } from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { agents, mainDomains, profitConfs } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, offsetOf } from '../../core/paging';
import { percentText } from './service';

async function checkAgent(db: Db, agentId: number | null | undefined) {
  if (!agentId) return;
  const [a] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId));
  if (!a) throw invalid('agentId', '代理不存在');
}

// ---------------------------------------------------------------- main domains

export async function listDomains(
  db: Db,
  q: { page: number; limit: number; domain?: string; agentId?: number; status?: AccountStatus },
): Promise<Page<MainDomain>> {
  const where: SQL[] = [];
  if (q.domain) where.push(ilike(mainDomains.domain, containsPattern(q.domain)));
  if (q.agentId) where.push(eq(mainDomains.agentId, q.agentId));
  if (q.status) where.push(eq(mainDomains.status, q.status));
  const [{ n }] = await db
    .select({ n: count() })
    .from(mainDomains)
    .where(and(...where));
  const rows = await db
    .select({ d: mainDomains, agentName: agents.agentName })
    .from(mainDomains)
    .leftJoin(agents, eq(agents.id, mainDomains.agentId))
    .where(and(...where))
    .orderBy(desc(mainDomains.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return {
    list: rows.map(({ d, agentName }) => ({
      id: d.id,
      agentId: d.agentId,
      agentName: agentName ?? '',
      domain: d.domain,
      status: d.status as AccountStatus,
      remark: d.remark,
      modifyTime: d.updatedAt.toISOString(),
    })),
    total: n,
  };
}

export async function domainOptions(db: Db) {
  return db
    .select({ id: mainDomains.id, domain: mainDomains.domain, agentId: mainDomains.agentId })
    .from(mainDomains)
    .where(eq(mainDomains.status, 'activity'))
    .orderBy(asc(mainDomains.domain));
}

/** Creates or edits a main domain (unique, case-insensitive), optionally bound to an agent. */
export async function saveDomain(db: Db, actor: Actor, body: SaveMainDomainBody, now: Date): Promise<{ id: number }> {
  await checkAgent(db, body.agentId);
  const values = { agentId: body.agentId ?? null, domain: body.domain, status: body.status ?? 'activity', remark: body.remark ?? '', updatedAt: now };
  try {
    return await db.transaction(async (tx) => {
      if (body.id) {
        const [before] = await tx.select().from(mainDomains).where(eq(mainDomains.id, body.id));
        if (!before) throw notFound('域名不存在');
        await tx.update(mainDomains).set(values).where(eq(mainDomains.id, body.id));
        await writeAudit(tx, actor, { action: 'config.saveMainDomain', targetType: 'main_domain', targetId: body.id, before, after: values }, now);
        return { id: body.id };
      }
      const [row] = await tx
        .insert(mainDomains)
        .values({ ...values, createdAt: now })
        .returning({ id: mainDomains.id });
      await writeAudit(tx, actor, { action: 'config.saveMainDomain', targetType: 'main_domain', targetId: row.id, after: values }, now);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('该域名已存在');
    throw err;
  }
}

// ---------------------------------------------------------------- profit config

export async function listProfitConfs(db: Db, agentId?: number): Promise<ProfitConf[]> {
  const rows = await db
    .select({ p: profitConfs, agentName: agents.agentName })
    .from(profitConfs)
    .leftJoin(agents, eq(agents.id, profitConfs.agentId))
    .where(agentId ? or(eq(profitConfs.agentId, agentId), isNull(profitConfs.agentId)) : undefined)
    .orderBy(asc(profitConfs.agentId), asc(profitConfs.minAmount), asc(profitConfs.id));
  return rows.map(({ p, agentName }) => ({
    id: p.id,
    agentId: p.agentId,
    agentName: agentName ?? '',
    name: p.name,
    minAmount: p.minAmount,
    rate: percentText(p.rateBp),
    status: p.status as AccountStatus,
    modifyTime: p.updatedAt.toISOString(),
  }));
}

export async function saveProfitConf(db: Db, actor: Actor, body: SaveProfitConfBody, now: Date): Promise<{ id: number }> {
  await checkAgent(db, body.agentId);
  const values = {
    agentId: body.agentId ?? null,
    name: body.name,
    minAmount: toMinor(body.minAmount),
    rateBp: toMinor(body.rate),
    status: body.status ?? 'activity',
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    if (body.id) {
      const [before] = await tx.select().from(profitConfs).where(eq(profitConfs.id, body.id));
      if (!before) throw notFound('返利配置不存在');
      await tx.update(profitConfs).set(values).where(eq(profitConfs.id, body.id));
      await writeAudit(tx, actor, { action: 'profitConf.save', targetType: 'profit_conf', targetId: body.id, before, after: values }, now);
      return { id: body.id };
    }
    const [row] = await tx
      .insert(profitConfs)
      .values({ ...values, createdAt: now })
      .returning({ id: profitConfs.id });
    await writeAudit(tx, actor, { action: 'profitConf.save', targetType: 'profit_conf', targetId: row.id, after: values }, now);
    return row;
  });
}

/**
 * The commission rate (basis points) for an order of `amount` by a member of `agentId`: the agent's own tier with
 * the highest minimum not above the amount, else the platform default tier, else the agent's platform rebate.
 */
export async function commissionRate(db: Db, agent: { id: number; rebateBp: number }, amount: number): Promise<number> {
  const tiers = await db
    .select()
    .from(profitConfs)
    .where(and(eq(profitConfs.status, 'activity'), or(eq(profitConfs.agentId, agent.id), isNull(profitConfs.agentId))));
  const fit = (own: boolean) =>
    tiers.filter((t) => (own ? t.agentId === agent.id : t.agentId === null) && t.minAmount <= amount).sort((a, b) => b.minAmount - a.minAmount)[0];
  return (fit(true) ?? fit(false))?.rateBp ?? agent.rebateBp;
}
