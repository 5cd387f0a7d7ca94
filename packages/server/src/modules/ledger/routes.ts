import type { FastifyInstance } from 'fastify';
import { LedgerCheckResult, TransactionDetail, TransactionDetailQuery, TransactionListQuery, TransactionListResult } from '@waystation/shared/contract/ledger';
import { api } from '../../core/http';
import * as service from './service';

export function ledgerRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/transaction/pageList',
    permission: 'transaction:list',
    summary: 'Ledger rows of members and agents, newest first (keyset cursor)',
    query: TransactionListQuery,
    data: TransactionListResult,
    handler: ({ query }) => service.listTransactions(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/transaction/detail',
    permission: 'transaction:list',
    summary: 'One ledger row with its neighbours',
    query: TransactionDetailQuery,
    data: TransactionDetail,
    handler: ({ query }) => service.transactionDetail(db, query.id),
  });
  api(app, {
    method: 'GET',
    url: '/api/transaction/ledgerCheck',
    permission: 'transaction:list',
    summary: 'Proves the ledger invariant: every balance equals its ledger rows (what npm run check:ledger prints)',
    data: LedgerCheckResult,
    handler: () => service.checkLedger(db),
  });
}
