import { and, asc, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { toMinor } from '@waystation/shared/contract/ledger';
import type { MainDomain, ProfitConf, SaveMainDomainBody, SaveProfitConfBody } from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { agents, mainDomains, profitConfs } from '../../db/schema';
import { type Actor, auditedSave } from '../../core/audit';
import { conflict, invalid, isUniqueViolation } from '../../core/errors';
import { containsPattern, filters, offsetPage } from '../../core/paging';
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
  const { rows, total } = await offsetPage(db, {
    table: mainDomains,
    select: db.select({ d: mainDomains, agentName: agents.agentName }).from(mainDomains).leftJoin(agents, eq(agents.id, mainDomains.agentId)).$dynamic(),
    filter: filters(q, {
      domain: (d) => ilike(mainDomains.domain, containsPattern(d)),
      agentId: (a) => eq(mainDomains.agentId, a),
      status: (s) => eq(mainDomains.status, s),
    }),
    orderBy: [desc(mainDomains.id)],
    q,
  });
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
    total,
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
    const saved = await db.transaction((tx) =>
      auditedSave(tx, actor, {
        table: mainDomains,
        id: body.id,
        fields: values,
        action: 'config.saveMainDomain',
        targetType: 'main_domain',
        notFound: '域名不存在',
        after: values,
        now,
      }),
    );
    return { id: saved.id };
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
  const saved = await db.transaction((tx) =>
    auditedSave(tx, actor, {
      table: profitConfs,
      id: body.id,
      fields: values,
      action: 'profitConf.save',
      targetType: 'profit_conf',
      notFound: '返利配置不存在',
      after: values,
      now,
    }),
  );
  return { id: saved.id };
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
