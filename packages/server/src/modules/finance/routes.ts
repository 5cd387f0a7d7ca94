import type { FastifyInstance } from 'fastify';
import {
  CreateWithdrawalBody,
  PayWithdrawalBody,
  ReviewWithdrawalBody,
  SettleCommissionResult,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalDetailQuery,
  WithdrawalListQuery,
  WithdrawalListResult,
  WithdrawalReconcile,
} from '@waystation/shared/contract/finance';
import { api } from '../../core/http';
import * as service from './service';

export function financeRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  const permission = 'finance:agentWithdrawalManage';
  api(app, {
    method: 'GET',
    url: '/api/finance/agentWithdrawal/pageList',
    permission,
    summary: 'Agent withdrawal requests with totals per status',
    query: WithdrawalListQuery,
    data: WithdrawalListResult,
    handler: ({ query }) => service.listWithdrawals(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/finance/agentWithdrawal/detail',
    permission,
    summary: 'One withdrawal request with the agent’s commission ledger',
    query: WithdrawalDetailQuery,
    data: WithdrawalDetail,
    handler: ({ query }) => service.withdrawalDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/finance/agentWithdrawal/create',
    permission,
    summary: 'Record a withdrawal request for an agent (holds the amount; requestId makes retries apply once)',
    body: CreateWithdrawalBody,
    data: Withdrawal,
    handler: ({ body, actor, now }) => service.createWithdrawal(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/finance/agentWithdrawal/review',
    permission,
    summary: 'Approve, or reject with a reason (releases the hold)',
    body: ReviewWithdrawalBody,
    data: Withdrawal,
    creditsWithoutTicket: 'a rejected withdrawal gives the agent back their own held amount, nothing more',
    handler: ({ body, actor, now }) => service.reviewWithdrawal(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/finance/agentWithdrawal/pay',
    permission,
    summary: 'Mark an approved withdrawal paid, with proof',
    body: PayWithdrawalBody,
    data: Withdrawal,
    handler: ({ body, actor, now }) => service.moveWithdrawal(db, actor, body.id, 'pay', body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/finance/agentWithdrawal/reconcile',
    permission,
    summary: 'Withdrawals against the ledger, per agent',
    data: WithdrawalReconcile,
    handler: () => service.reconcileWithdrawals(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/finance/settleCommission',
    permission,
    summary: 'Accrue agents’ commission for their members’ paid orders',
    data: SettleCommissionResult,
    creditsWithoutTicket: 'commission is computed by the profit configuration from paid orders, once per order (no amount is entered)',
    handler: ({ actor, now }) => service.settleCommission(db, actor, now),
  });
}
