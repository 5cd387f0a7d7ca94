import crypto from 'node:crypto';
import { and, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import { toMinor } from '@waystation/shared/contract/ledger';
import type {
  CreateWithdrawalBody,
  ReviewWithdrawalBody,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalListQuery,
  WithdrawalListResult,
  WithdrawalReconcile,
} from '@waystation/shared/contract/finance';
import type { WithdrawalAccount } from '@waystation/shared/contract/proxy';
import { type WithdrawalEvent, withdrawalMachine, WithdrawalStatus } from '@waystation/shared/machines/withdrawal';
import { type Db, queryRows } from '../../db';
import { agentWithdrawals, agents } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { isActive } from '../../core/status';
import { containsPattern, filters, iso, offsetPage, orderBy } from '../../core/paging';
import { applyTransition, type BoundMachine } from '../../core/transition';
import * as ledger from '../ledger/service';
import { commissionRate } from '../proxy/config';

const newNo = (now: Date) => `WD${now.toISOString().slice(0, 10).replace(/-/g, '')}${crypto.randomInt(100000, 999999)}`;

function withdrawalQuery(db: Db) {
  return db.select({ w: agentWithdrawals, agentName: agents.agentName }).from(agentWithdrawals).leftJoin(agents, eq(agents.id, agentWithdrawals.agentId));
}

const toWithdrawal = ({ w, agentName }: { w: typeof agentWithdrawals.$inferSelect; agentName: string | null }): Withdrawal => ({
  id: w.id,
  withdrawalNo: w.withdrawalNo,
  agentId: w.agentId,
  agentName: agentName ?? '',
  amount: w.amount,
  currency: w.currency,
  account: w.account as Partial<WithdrawalAccount>,
  status: w.status as WithdrawalStatus,
  remark: w.remark,
  reviewRemark: w.reviewRemark,
  reviewerName: w.reviewerName,
  reviewTime: iso(w.reviewedAt),
  payProof: w.payProof,
  paidTime: iso(w.paidAt),
  createTime: w.createdAt.toISOString(),
});

export async function listWithdrawals(db: Db, q: WithdrawalListQuery): Promise<WithdrawalListResult> {
  const filter = and(
    ...filters(q, {
      withdrawalNo: (no) => ilike(agentWithdrawals.withdrawalNo, containsPattern(no)),
      agentId: (id) => eq(agentWithdrawals.agentId, id),
      status: (s) => eq(agentWithdrawals.status, s),
      from: (t) => gte(agentWithdrawals.createdAt, new Date(t)),
      to: (t) => lte(agentWithdrawals.createdAt, new Date(t)),
    }),
  );
  const sums = await db
    .select({ status: agentWithdrawals.status, total: sql<number>`coalesce(sum(${agentWithdrawals.amount}), 0)::float8` })
    .from(agentWithdrawals)
    .where(filter)
    .groupBy(agentWithdrawals.status);
  const totals = { pending: 0, approved: 0, rejected: 0, paid: 0 };
  for (const s of sums) totals[s.status as WithdrawalStatus] = Number(s.total);
  const { rows, total } = await offsetPage(db, {
    table: agentWithdrawals,
    select: withdrawalQuery(db).$dynamic(),
    filter,
    orderBy: orderBy(
      q.sort,
      q.order,
      { id: agentWithdrawals.id, create_time: agentWithdrawals.createdAt, modify_time: agentWithdrawals.updatedAt },
      agentWithdrawals.id,
    ),
    q,
  });
  return { list: rows.map(toWithdrawal), total, totals };
}

export async function withdrawalDetail(db: Db, id: number): Promise<WithdrawalDetail> {
  const [row] = await withdrawalQuery(db).where(eq(agentWithdrawals.id, id));
  if (!row) throw notFound('提现申请不存在');
  const commissionBalance = await ledger.balanceOf(db, { ownerType: 'agent', ownerId: row.w.agentId, kind: 'commission', currency: row.w.currency });
  const tx = await ledger.listTransactions(db, { ownerType: 'agent', ownerId: row.w.agentId, kind: 'commission', page: 1, limit: 20 });
  return { ...toWithdrawal(row), commissionBalance, transactions: tx.list };
}

/**
 * Records an agent's withdrawal request and holds the amount from its commission in the same transaction
 * (no overdraft), so it cannot be requested twice; the requestId makes a retry return the first request.
 */
export async function createWithdrawal(db: Db, actor: Actor, body: CreateWithdrawalBody, now: Date): Promise<Withdrawal> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, body.agentId));
  if (!agent) throw notFound('代理不存在');
  if (!isActive(agent)) throw conflict('代理已停用，不能提现');
  const account = agent.withdrawalAccount as Partial<WithdrawalAccount>;
  if (!account.accountNo) throw invalid('agentId', '代理未设置提现账户');
  const amount = toMinor(body.amount);
  const key = `withdrawal:${body.requestId}`;
  const id = await ledger.idempotent(
    db,
    key,
    async (tx) => {
      const earlier = await ledger.byKey(tx, key);
      if (earlier) return Number(earlier.refId);
      const [w] = await tx
        .insert(agentWithdrawals)
        .values({
          withdrawalNo: newNo(now),
          agentId: agent.id,
          amount,
          currency: agent.currency,
          account,
          status: 'pending',
          remark: body.remark ?? '',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: agentWithdrawals.id, withdrawalNo: agentWithdrawals.withdrawalNo });
      const { entry } = await ledger.post(
        tx,
        {
          ownerType: 'agent',
          ownerId: agent.id,
          kind: 'commission',
          currency: agent.currency,
          amount: -amount,
          type: 'withdrawal',
          refType: 'agent_withdrawal',
          refId: w.id,
          remark: `提现冻结 ${w.withdrawalNo}`,
          idempotencyKey: key,
          operator: actor,
        },
        now,
      );
      await tx.update(agentWithdrawals).set({ holdEntryId: entry.id }).where(eq(agentWithdrawals.id, w.id));
      await writeAudit(
        tx,
        actor,
        { action: 'finance.withdrawal.create', targetType: 'agent_withdrawal', targetId: w.id, after: { agentId: agent.id, amount } },
        now,
      );
      return w.id;
    },
    async (entry) => Number(entry.refId),
  );
  const [row] = await withdrawalQuery(db).where(eq(agentWithdrawals.id, id));
  return toWithdrawal(row);
}

type WithdrawalRow = typeof agentWithdrawals.$inferSelect;

/** The withdrawal machine bound to its table, for the transition engine. */
const withdrawalRows: BoundMachine<WithdrawalRow, WithdrawalEvent> = {
  name: 'finance.withdrawal',
  targetType: 'agent_withdrawal',
  table: agentWithdrawals,
  columns: { id: agentWithdrawals.id, status: agentWithdrawals.status, updatedAt: agentWithdrawals.updatedAt },
  transitionOf: withdrawalMachine.transitionOf,
  describe: (w) => ({ noun: `提现申请 ${w.withdrawalNo}`, target: w.id }),
  label: (status) => WithdrawalStatus.label(status),
};

/** One step of the withdrawal machine: approve, reject (the held amount goes back to the commission), pay (with proof). */
export async function moveWithdrawal(
  db: Db,
  actor: Actor,
  id: number,
  event: WithdrawalEvent,
  extra: { remark?: string; payProof?: string },
  now: Date,
): Promise<Withdrawal> {
  await db.transaction(async (tx) => {
    const [w] = await tx.select().from(agentWithdrawals).where(eq(agentWithdrawals.id, id));
    if (!w) throw notFound('提现申请不存在');
    const set: Partial<typeof agentWithdrawals.$inferInsert> = {};
    if (event === 'approve' || event === 'reject')
      Object.assign(set, { reviewRemark: extra.remark ?? '', reviewerId: actor.id, reviewerName: actor.name, reviewedAt: now });
    if (event === 'pay') Object.assign(set, { payProof: extra.payProof, paidAt: now });
    await applyTransition(tx, withdrawalRows, w, { event, op: { actor, now }, set, audit: set });
    if (event === 'reject') {
      const { entry } = await ledger.post(
        tx,
        {
          ownerType: 'agent',
          ownerId: w.agentId,
          kind: 'commission',
          currency: w.currency,
          amount: w.amount,
          type: 'withdrawal',
          refType: 'agent_withdrawal',
          refId: w.id,
          remark: `提现驳回退回 ${w.withdrawalNo}`,
          idempotencyKey: `withdrawal-release:${w.id}`,
          operator: actor,
        },
        now,
      );
      await tx.update(agentWithdrawals).set({ releaseEntryId: entry.id }).where(eq(agentWithdrawals.id, id));
    }
  });
  const [row] = await withdrawalQuery(db).where(eq(agentWithdrawals.id, id));
  return toWithdrawal(row);
}

export const reviewWithdrawal = (db: Db, actor: Actor, body: ReviewWithdrawalBody, now: Date) =>
  moveWithdrawal(db, actor, body.id, body.result, { remark: body.remark }, now);

/**
 * Accrues an agent's commission for one paid order of its member, at the rate of the profit config; the
 * idempotency key is the order, so an order earns commission once however often this runs.
 */
export async function accrueCommission(
  tx: Db,
  o: { agentId: number; refType: string; refId: string | number; orderAmount: number; currency: string },
  now: Date,
  actor?: Actor,
): Promise<number> {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, o.agentId));
  if (!agent || agent.currency !== o.currency) return 0;
  const rate = await commissionRate(tx, agent, o.orderAmount);
  const amount = Math.floor((o.orderAmount * rate) / 10000);
  if (amount <= 0) return 0;
  const { replayed } = await ledger.post(
    tx,
    {
      ownerType: 'agent',
      ownerId: agent.id,
      kind: 'commission',
      currency: agent.currency,
      amount,
      type: 'commission',
      refType: o.refType,
      refId: o.refId,
      remark: `返佣 ${rate / 100}%`,
      idempotencyKey: `commission:${o.refType}:${o.refId}`,
      operator: actor,
    },
    now,
  );
  return replayed ? 0 : amount;
}

/** Accrues commission for paid shop orders of agents' members that have none yet (up to 500 per run). */
export async function settleCommission(db: Db, actor: Actor, now: Date): Promise<{ orders: number; amount: number }> {
  const due = await queryRows<{ id: number; amount: number; currency: string; agentId: number }>(
    db,
    sql`select o.id::int as id, o.paid_amount::float8 as amount, o.currency, p.agent_id as "agentId"
        from shop_orders o join member_profiles p on p.member_id = o.member_id
        where p.agent_id is not null and o.pay_time is not null and o.paid_amount > 0
          and not exists (select 1 from ledger_entries e where e.idempotency_key = 'commission:shop_order:' || o.id::text)
        order by o.id limit 500`,
  );
  let orders = 0;
  let amount = 0;
  for (const o of due) {
    const got = await db.transaction((tx) =>
      accrueCommission(tx, { agentId: o.agentId, refType: 'shop_order', refId: o.id, orderAmount: Number(o.amount), currency: o.currency }, now, actor),
    );
    if (got > 0) {
      orders++;
      amount += got;
    }
  }
  await writeAudit(db, actor, { action: 'finance.settleCommission', targetType: 'agent_commission', after: { orders, amount } }, now);
  return { orders, amount };
}

/** Per agent: the amount of requests not rejected must equal what the ledger took out for withdrawals. */
export async function reconcileWithdrawals(db: Db): Promise<WithdrawalReconcile> {
  const rows = await queryRows<{ agentId: number; requested: number; ledger: number }>(
    db,
    sql`select a.id as "agentId",
          coalesce((select sum(amount) from agent_withdrawals w where w.agent_id = a.id and w.status <> 'rejected'), 0)::float8 as requested,
          coalesce((select -sum(amount) from ledger_entries e where e.owner_type = 'agent' and e.owner_id = a.id and e.type = 'withdrawal'), 0)::float8 as ledger
        from agents a`,
  );
  return {
    agents: rows.length,
    mismatches: rows
      .filter((r) => Number(r.requested) !== Number(r.ledger))
      .map((r) => ({ agentId: r.agentId, requested: Number(r.requested), ledger: Number(r.ledger) })),
  };
}
