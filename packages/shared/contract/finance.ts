import { z } from 'zod';
import { WithdrawalStatus } from '../machines/withdrawal';
import { positiveAmount } from '../rules';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from './common';
import { RequestId, Transaction } from './ledger';
import { WithdrawalAccount } from './proxy';
import { defineCall } from './call';

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const Withdrawal = z.object({
  id: z.number().int(),
  withdrawalNo: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  account: WithdrawalAccount.partial(),
  status: z.enum(WithdrawalStatus.values),
  remark: z.string(),
  reviewRemark: z.string(),
  reviewerName: z.string(),
  reviewTime: z.string().nullable(),
  payProof: z.string(),
  paidTime: z.string().nullable(),
  createTime: z.string(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/** GET /api/finance/agentWithdrawal/pageList */
export const WithdrawalListQuery = PageQuery.extend({
  withdrawalNo: textFilter,
  agentId: queryInt(1, 2_147_483_647).optional(),
  status: z.enum(WithdrawalStatus.values).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuery>;
/** Totals per status of the filtered requests (minor units of the default currency). */
export const WithdrawalTotals = z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int(), paid: z.number().int() });
export const WithdrawalListResult = pageOf(Withdrawal).extend({ totals: WithdrawalTotals });
export type WithdrawalListResult = z.infer<typeof WithdrawalListResult>;

/** GET /api/finance/agentWithdrawal/detail (agentWithdrawalListDetail) */
export const WithdrawalDetailQuery = z.strictObject({ id: idParam });
export const WithdrawalDetail = Withdrawal.extend({ commissionBalance: z.number().int(), transactions: z.array(Transaction) });
export type WithdrawalDetail = z.infer<typeof WithdrawalDetail>;

/** POST /api/finance/agentWithdrawal/create: a request recorded for an agent; the amount is held from its commission. */
export const CreateWithdrawalBody = z.strictObject({
  agentId: id,
  amount: positiveAmount,
  remark: z.string().trim().max(200).default(''),
  requestId: RequestId,
});
export type CreateWithdrawalBody = z.input<typeof CreateWithdrawalBody>;

/** POST /api/finance/agentWithdrawal/review: approve, or reject with a reason (the held amount goes back). */
export const ReviewWithdrawalBody = z
  .strictObject({ id, result: z.enum(['approve', 'reject']), remark: z.string().trim().max(300).default('') })
  .refine((b) => b.result === 'approve' || b.remark.length > 0, { message: '请填写驳回原因', path: ['remark'] });
export type ReviewWithdrawalBody = z.input<typeof ReviewWithdrawalBody>;

/** POST /api/finance/agentWithdrawal/pay: paid, with the proof (transfer reference or receipt URL). */
export const PayWithdrawalBody = z.strictObject({ id, payProof: z.string().trim().min(1, '请填写打款凭证').max(500) });
export type PayWithdrawalBody = z.input<typeof PayWithdrawalBody>;

/** POST /api/finance/settleCommission: accrues agents' commission for their members' paid orders not yet accrued. */
export const SettleCommissionResult = z.object({ orders: z.number().int(), amount: z.number().int() });

/** GET /api/finance/agentWithdrawal/reconcile: withdrawals against the ledger, per agent. */
export const WithdrawalReconcile = z.object({
  agents: z.number().int(),
  mismatches: z.array(z.object({ agentId: z.number().int(), requested: z.number().int(), ledger: z.number().int() })),
});
export type WithdrawalReconcile = z.infer<typeof WithdrawalReconcile>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const financeAgentWithdrawalPageListCall = defineCall({
  method: 'GET',
  url: '/api/finance/agentWithdrawal/pageList',
  query: WithdrawalListQuery,
  data: WithdrawalListResult,
});
export const financeAgentWithdrawalDetailCall = defineCall({
  method: 'GET',
  url: '/api/finance/agentWithdrawal/detail',
  query: WithdrawalDetailQuery,
  data: WithdrawalDetail,
});
export const financeAgentWithdrawalCreateCall = defineCall({
  method: 'POST',
  url: '/api/finance/agentWithdrawal/create',
  body: CreateWithdrawalBody,
  data: Withdrawal,
});
export const financeAgentWithdrawalReviewCall = defineCall({
  method: 'POST',
  url: '/api/finance/agentWithdrawal/review',
  body: ReviewWithdrawalBody,
  data: Withdrawal,
});
export const financeAgentWithdrawalPayCall = defineCall({ method: 'POST', url: '/api/finance/agentWithdrawal/pay', body: PayWithdrawalBody, data: Withdrawal });
export const financeAgentWithdrawalReconcileCall = defineCall({ method: 'GET', url: '/api/finance/agentWithdrawal/reconcile', data: WithdrawalReconcile });
export const financeSettleCommissionCall = defineCall({ method: 'POST', url: '/api/finance/settleCommission', data: SettleCommissionResult });
