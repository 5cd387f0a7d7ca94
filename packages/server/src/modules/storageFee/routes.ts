import type { FastifyInstance } from 'fastify';
import {
  OverdueQuery,
  OverdueResult,
  StorageFeeListQuery,
  StorageFeeListResult,
  StorageFeeWaiveBody,
  StorageFeeWaiveResult,
} from '@waystation/shared/contract/storageFee';
import { api } from '../../core/http';
import { listFees, overdueItems, waiveFees } from './service';

const PERMISSION = 'finance:storageFee';

/** 财务管理 › 仓储费: the items past (or near) the free days, the fees charged, and waiving them (issue 15). */
export function storageFeeRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/storageFee/overdue',
    permission: PERMISSION,
    summary: 'Items on the shelf past the free storage days, or within 7 days of them, with the fees charged so far',
    query: OverdueQuery,
    data: OverdueResult,
    handler: ({ query, now }) => overdueItems(db, query, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/storageFee/pageList',
    permission: PERMISSION,
    summary: 'Storage fees charged (one per item and business day), newest first',
    query: StorageFeeListQuery,
    data: StorageFeeListResult,
    handler: ({ query }) => listFees(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/storageFee/waive',
    permission: PERMISSION,
    summary: 'Waives storage fees: refunded to the balance with a reason (sensitive: waive_storage_fee)',
    body: StorageFeeWaiveBody,
    data: StorageFeeWaiveResult,
    verify: 'waive_storage_fee',
    handler: ({ body, actor, now }) => waiveFees(db, body, actor, now),
  });
}
