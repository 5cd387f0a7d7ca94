import type { FastifyInstance } from 'fastify';
import {
  financeAgentWithdrawalPageListCall,
  financeAgentWithdrawalDetailCall,
  financeAgentWithdrawalCreateCall,
  financeAgentWithdrawalReviewCall,
  financeAgentWithdrawalPayCall,
  financeAgentWithdrawalReconcileCall,
  financeSettleCommissionCall,
} from '@waystation/shared/contract/finance';
import { api } from '../../core/http';
import * as service from './service';

export function financeRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  const permission = 'finance:agentWithdrawalManage';
  api(app, financeAgentWithdrawalPageListCall, {
    permission,
    summary: 'Agent withdrawal requests with totals per status',
    handler: ({ query }) => service.listWithdrawals(db, query),
  });
  api(app, financeAgentWithdrawalDetailCall, {
    permission,
    summary: 'One withdrawal request with the agent’s commission ledger',
    handler: ({ query }) => service.withdrawalDetail(db, query.id),
  });
  api(app, financeAgentWithdrawalCreateCall, {
    permission,
    summary: 'Record a withdrawal request for an agent (holds the amount; requestId makes retries apply once)',
    handler: ({ body, actor, now }) => service.createWithdrawal(db, actor, body, now),
  });
  api(app, financeAgentWithdrawalReviewCall, {
    permission,
    summary: 'Approve, or reject with a reason (releases the hold)',
    creditsWithoutTicket: 'a rejected withdrawal gives the agent back their own held amount, nothing more',
    handler: ({ body, actor, now }) => service.reviewWithdrawal(db, actor, body, now),
  });
  api(app, financeAgentWithdrawalPayCall, {
    permission,
    summary: 'Mark an approved withdrawal paid, with proof',
    handler: ({ body, actor, now }) => service.moveWithdrawal(db, actor, body.id, 'pay', body, now),
  });
  api(app, financeAgentWithdrawalReconcileCall, {
    permission,
    summary: 'Withdrawals against the ledger, per agent',
    handler: () => service.reconcileWithdrawals(db),
  });
  api(app, financeSettleCommissionCall, {
    permission,
    summary: 'Accrue agents’ commission for their members’ paid orders',
    creditsWithoutTicket: 'commission is computed by the profit configuration from paid orders, once per order (no amount is entered)',
    handler: ({ actor, now }) => service.settleCommission(db, actor, now),
  });
}
