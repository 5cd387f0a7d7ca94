import { asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import type { Agent, AgentApp, AgentDetail, AgentListQuery, SaveAgentAppBody, SaveAgentBody, WithdrawalAccount } from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import { type Db, queryRows } from '../../db';
import { agents, ledgerEntries, mainDomains, memberProfiles, moneyAccounts } from '../../db/schema';
import { type Actor, auditedSave, auditedToggle, writeAudit } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { hashPassword } from '../../core/password';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';

/** "12.5" for 1250 basis points. */
export const percentText = (bp: number) =>
  fromMinor(bp)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');

const memberCount = sql<number>`(select count(*)::int from ${memberProfiles} where ${memberProfiles.agentId} = ${agents.id})`;
const commissionBalance = sql<number>`coalesce((select ${moneyAccounts.balance} from ${moneyAccounts} where ${moneyAccounts.ownerType} = 'agent' and ${moneyAccounts.ownerId} = ${agents.id} and ${moneyAccounts.kind} = 'commission' and ${moneyAccounts.currency} = ${agents.currency}), 0)`;

function agentQuery(db: Db) {
  return db.select({ a: agents, memberCount, commissionBalance }).from(agents);
}

type AgentRow = { a: typeof agents.$inferSelect; memberCount: number; commissionBalance: number };

const toAgent = ({ a, memberCount: n, commissionBalance: bal }: AgentRow): Agent => ({
  id: a.id,
  agentName: a.agentName,
  contactName: a.contactName,
  email: a.email,
  phone: a.phone,
  status: a.status as AccountStatus,
  rebate: percentText(a.rebateBp),
  currency: a.currency,
  withdrawalAccount: a.withdrawalAccount as Partial<WithdrawalAccount>,
  app: a.appConfig as Partial<AgentApp>,
  remark: a.remark,
  memberCount: Number(n),
  commissionBalance: Number(bal),
  hasPassword: !!a.passwordHash,
  hasTradePassword: !!a.tradePasswordHash,
  createTime: a.createdAt.toISOString(),
});

export async function listAgents(db: Db, q: AgentListQuery): Promise<Page<Agent>> {
  const { rows, total } = await offsetPage(db, {
    table: agents,
    select: agentQuery(db).$dynamic(),
    filter: filters(q, {
      agentName: (n) => ilike(agents.agentName, containsPattern(n)),
      email: (e) => ilike(agents.email, containsPattern(e)),
      status: (s) => eq(agents.status, s),
    }),
    orderBy: orderBy(q.sort, q.order, { id: agents.id, create_time: agents.createdAt, modify_time: agents.updatedAt }, agents.id),
    q,
  });
  return { list: rows.map(toAgent), total };
}

export async function requireAgent(db: Db, id: number) {
  const [row] = await agentQuery(db).where(eq(agents.id, id));
  if (!row) throw notFound('代理不存在');
  return row;
}

/** Agent with its domains and its members' sales, commission earned and withdrawn. */
export async function agentDetail(db: Db, id: number): Promise<AgentDetail> {
  const row = await requireAgent(db, id);
  const domains = await db.select().from(mainDomains).where(eq(mainDomains.agentId, id)).orderBy(asc(mainDomains.id));
  const [sales] = await queryRows<{ orders: number; amount: number }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(o.paid_amount), 0)::float8 as amount
        from shop_orders o join member_profiles p on p.member_id = o.member_id
        where p.agent_id = ${id} and o.pay_time is not null and o.currency = ${row.a.currency}`,
  );
  const [earned] = await queryRows<{ commission: number; withdrawn: number }>(
    db,
    sql`select coalesce(sum(amount) filter (where type = 'commission'), 0)::float8 as commission,
               coalesce(-sum(amount) filter (where type = 'withdrawal'), 0)::float8 as withdrawn
        from ${ledgerEntries} where owner_type = 'agent' and owner_id = ${id} and kind = 'commission'`,
  );
  return {
    ...toAgent(row),
    domains: domains.map((d) => ({ id: d.id, domain: d.domain, status: d.status as AccountStatus, remark: d.remark })),
    sales: { orders: sales.orders, amount: Number(sales.amount), commissionEarned: Number(earned.commission), withdrawn: Number(earned.withdrawn) },
  };
}

/** Creates or edits an agent's profile; the name is unique (case-insensitive). */
export async function saveAgent(db: Db, actor: Actor, body: SaveAgentBody, now: Date): Promise<{ id: number }> {
  const values = {
    agentName: body.agentName.trim(),
    contactName: body.contactName ?? '',
    email: body.email ?? '',
    phone: body.phone ?? '',
    remark: body.remark ?? '',
    updatedAt: now,
  };
  try {
    // The phone of an existing agent changes only through reset_agent_phone (verified).
    const { phone, ...edit } = values;
    return await db.transaction(async (tx) => {
      const { id } = await auditedSave(tx, actor, {
        table: agents,
        id: body.id,
        fields: edit,
        insert: { phone, currency: DEFAULT_CURRENCY },
        action: { create: 'agent.create', update: 'agent.save' },
        targetType: 'agent',
        notFound: '代理不存在',
        view: pick,
        after: body.id ? edit : values,
        now,
      });
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('代理名称已存在');
    throw err;
  }
}

const pick = (a: typeof agents.$inferSelect) => ({ agentName: a.agentName, contactName: a.contactName, email: a.email, phone: a.phone, remark: a.remark });

export async function saveAgentApp(db: Db, actor: Actor, body: SaveAgentAppBody, now: Date): Promise<void> {
  await updateAgent(db, actor, body.id, 'agent.saveApp', (a) => ({ before: a.appConfig, set: { appConfig: body.app } }), now);
}

/** One audited change of an agent row. */
async function updateAgent(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  change: (a: typeof agents.$inferSelect) => { before: unknown; set: Partial<typeof agents.$inferInsert>; after?: unknown },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(agents).where(eq(agents.id, id));
    if (!a) throw notFound('代理不存在');
    const c = change(a);
    await tx
      .update(agents)
      .set({ ...c.set, updatedAt: now })
      .where(eq(agents.id, id));
    await writeAudit(tx, actor, { action, targetType: 'agent', targetId: id, before: c.before, after: c.after ?? c.set }, now);
  });
}

/** modify_agent_status: a conditional status change; the same status again is a no-op. */
export async function modifyAgentStatus(db: Db, actor: Actor, q: { id: number; status: AccountStatus }, now: Date): Promise<void> {
  const { a } = await requireAgent(db, q.id);
  const stale = '代理状态已被他人修改，请刷新后重试';
  await auditedToggle(db, actor, { table: agents, row: a, status: q.status, action: 'agent.modifyStatus', targetType: 'agent', stale, now });
}

export async function resetPassword(db: Db, actor: Actor, id: number, plain: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(plain);
  await updateAgent(db, actor, id, 'agent.resetPwd', () => ({ before: null, set: { passwordHash }, after: { password: '[reset]' } }), now);
}

export async function resetTradePassword(db: Db, actor: Actor, id: number, plain: string, now: Date): Promise<void> {
  const tradePasswordHash = await hashPassword(plain);
  await updateAgent(db, actor, id, 'agent.resetTradePwd', () => ({ before: null, set: { tradePasswordHash }, after: { tradePassword: '[reset]' } }), now);
}

export async function resetPhone(db: Db, actor: Actor, id: number, phone: string, now: Date): Promise<void> {
  await updateAgent(db, actor, id, 'agent.resetPhone', (a) => ({ before: { phone: a.phone }, set: { phone } }), now);
}

export async function modifyRebate(db: Db, actor: Actor, id: number, rebate: string, now: Date): Promise<void> {
  await updateAgent(
    db,
    actor,
    id,
    'agent.modifyRebate',
    (a) => ({ before: { rebate: percentText(a.rebateBp) }, set: { rebateBp: toMinor(rebate) }, after: { rebate } }),
    now,
  );
}

export async function modifyWithdrawalAccount(db: Db, actor: Actor, id: number, account: WithdrawalAccount, now: Date): Promise<void> {
  await updateAgent(db, actor, id, 'agent.modifyWithdrawalAccount', (a) => ({ before: a.withdrawalAccount, set: { withdrawalAccount: account } }), now);
}

/** Agents whose name contains the keyword, for selectors (first 20). */
export async function searchByName(db: Db, keyword: string) {
  const rows = await db
    .select({ id: agents.id, agentName: agents.agentName, status: agents.status })
    .from(agents)
    .where(keyword ? ilike(agents.agentName, containsPattern(keyword)) : undefined)
    .orderBy(desc(agents.id))
    .limit(20);
  return rows.map((r) => ({ ...r, status: r.status as AccountStatus }));
}
