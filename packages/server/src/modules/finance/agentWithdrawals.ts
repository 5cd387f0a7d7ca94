import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AgentWithdrawBody } from '@waystation/shared/contract/openAgent';
import { fromMinor } from '@waystation/shared/contract/ledger';
import type { Db } from '../../db';
import { agents, agentWithdrawals } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { AppError } from '../../core/errors';
import { offsetPage } from '../../core/paging';
import { verifyPassword } from '../../core/password';
import type { AgentCaller } from '../proxy/agentTerminal';
import { createWithdrawal } from './service';

/** An agent's withdrawals as its terminal (appId 2) lists and asks for them; finance reviews them as any other. */

export async function agentWithdrawalList(db: Db, agentId: number, q: { page: number; limit: number }) {
  const { rows, total } = await offsetPage(db, {
    table: agentWithdrawals,
    select: db.select().from(agentWithdrawals).$dynamic(),
    filter: eq(agentWithdrawals.agentId, agentId),
    orderBy: [desc(agentWithdrawals.id)],
    q,
  });
  return { total, list: rows.map(toAgentWithdrawal) };
}

const toAgentWithdrawal = (w: typeof agentWithdrawals.$inferSelect) => ({
  withdrawalNo: w.withdrawalNo,
  amount: w.amount,
  currency: w.currency,
  status: w.status,
  reviewRemark: w.reviewRemark,
  createTime: w.createdAt.toISOString(),
  paidTime: w.paidAt?.toISOString() ?? null,
});

/**
 * A withdrawal request from the terminal: the trade password first, then finance's own request (the amount is held
 * from the commission in the same transaction; the Idempotency-Key makes a retry return the first request).
 */
export async function agentWithdraw(db: Db, agent: AgentCaller, body: z.output<typeof AgentWithdrawBody>, requestKey: string, actor: Actor, now: Date) {
  const [a] = await db.select({ hash: agents.tradePasswordHash }).from(agents).where(eq(agents.id, agent.id));
  if (!a?.hash) throw new AppError(ErrorCode.CONFLICT, '尚未设置交易密码，请联系平台设置');
  if (!(await verifyPassword(a.hash, body.tradePassword))) throw new AppError(ErrorCode.BAD_CREDENTIALS, '交易密码错误');
  const w = await createWithdrawal(
    db,
    actor,
    {
      agentId: agent.id,
      amount: fromMinor(body.amount),
      remark: body.remark,
      requestId: crypto.createHash('sha256').update(requestKey).digest('hex').slice(0, 40),
    },
    now,
  );
  const [row] = await db.select().from(agentWithdrawals).where(eq(agentWithdrawals.id, w.id));
  return toAgentWithdrawal(row!);
}
