import type { FastifyInstance } from 'fastify';
import { storageFeeOverdueCall, storageFeePageListCall, storageFeeWaiveCall } from '@waystation/shared/contract/storageFee';
import { api } from '../../core/http';
import { listFees, overdueItems, waiveFees } from './service';

const PERMISSION = 'finance:storageFee';

/** 财务管理 › 仓储费: the items past (or near) the free days, the fees charged, and waiving them (issue 15). */
export function storageFeeRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, storageFeeOverdueCall, {
    permission: PERMISSION,
    summary: 'Items on the shelf past the free storage days, or within 7 days of them, with the fees charged so far',
    handler: ({ query, now }) => overdueItems(db, query, now),
  });
  api(app, storageFeePageListCall, {
    permission: PERMISSION,
    summary: 'Storage fees charged (one per item and business day), newest first',
    handler: ({ query }) => listFees(db, query),
  });
  api(app, storageFeeWaiveCall, {
    permission: PERMISSION,
    summary: 'Waives storage fees: refunded to the balance with a reason (sensitive: waive_storage_fee)',
    verify: 'waive_storage_fee',
    handler: ({ body, actor, now }) => waiveFees(db, body, actor, now),
  });
}
