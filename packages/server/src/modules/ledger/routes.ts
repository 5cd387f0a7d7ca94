import type { FastifyInstance } from 'fastify';
import { transactionPageListCall, transactionDetailCall, transactionLedgerCheckCall } from '@waystation/shared/contract/ledger';
import { api } from '../../core/http';
import * as service from './service';

export function ledgerRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, transactionPageListCall, {
    permission: 'transaction:list',
    summary: 'Ledger rows of members and agents, newest first (keyset cursor)',
    handler: ({ query }) => service.listTransactions(db, query),
  });
  api(app, transactionDetailCall, {
    permission: 'transaction:list',
    summary: 'One ledger row with its neighbours',
    handler: ({ query }) => service.transactionDetail(db, query.id),
  });
  api(app, transactionLedgerCheckCall, {
    permission: 'transaction:list',
    summary: 'Proves the ledger invariant: every balance equals its ledger rows (what npm run check:ledger prints)',
    handler: () => service.checkLedger(db),
  });
}
