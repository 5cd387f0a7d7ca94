import type { FastifyInstance } from 'fastify';
import {
  OutBatch,
  OutBatchAddSackBody,
  OutBatchCreateBody,
  OutBatchDetail,
  OutBatchDetailQuery,
  OutBatchList,
  OutBatchListQuery,
  OutBatchShipBody,
  Sack,
  SackBindBody,
  SackList,
  SackListQuery,
  SackSealBody,
  SortingPutBody,
  SortingPutResult,
  SortingScanBody,
  SortingScanResult,
} from '@waystation/shared/contract/goodsOut';
import { api } from '../../../core/http';
import { addSackToBatch, batchDetail, bindSack, createBatch, listBatches, listSacks, sealSack, shipBatch, sortingPut, sortingScan } from '../sorting';
import { type StationContext, SORTING } from './shared';

/** The sorting station: packages into sacks, sacks sealed, out-of-storage batches handed over. */
export function sortingRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sorting/scan',
    permission: SORTING,
    summary: 'A package at sorting: the sack it belongs in',
    body: SortingScanBody,
    data: SortingScanResult,
    handler: async ({ body, now }) => sortingScan(db, body.packageNo, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sorting/put',
    permission: SORTING,
    summary: 'Put a package into the scanned sack (→ sorted)',
    body: SortingPutBody,
    data: SortingPutResult,
    handler: async ({ body, actor, now }) => sortingPut(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sack/bind',
    permission: SORTING,
    summary: 'Bind a sack identity card to a channel (bindSack)',
    body: SackBindBody,
    data: Sack,
    handler: async ({ body, actor, now }) => bindSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/sack/seal',
    permission: SORTING,
    summary: 'Seal a sack (open → sealed)',
    body: SackSealBody,
    data: Sack,
    handler: async ({ body, actor, now }) => sealSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/sack/pageList',
    permission: SORTING,
    summary: 'Sacks',
    query: SackListQuery,
    data: SackList,
    handler: async ({ query, now }) => listSacks(db, query, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/create',
    permission: SORTING,
    summary: 'Open an out-of-storage batch',
    body: OutBatchCreateBody,
    data: OutBatch,
    handler: async ({ body, actor, now }) => createBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/outBatch/pageList',
    permission: SORTING,
    summary: 'Out-of-storage batches',
    query: OutBatchListQuery,
    data: OutBatchList,
    handler: async ({ query, now }) => listBatches(db, query, await urlsAt(now)),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/outBatch/detail',
    permission: SORTING,
    summary: 'A batch with its sacks and manifest lines',
    query: OutBatchDetailQuery,
    data: OutBatchDetail,
    handler: async ({ query, now }) => batchDetail(db, { id: query.id }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/addSack',
    permission: SORTING,
    summary: 'Scan a sealed sack into the batch (packages → prepare_ship)',
    body: OutBatchAddSackBody,
    data: OutBatchDetail,
    handler: async ({ body, actor, now }) => addSackToBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/outBatch/ship',
    permission: SORTING,
    summary: 'Hand-over with carrier tracking numbers (→ shipped)',
    body: OutBatchShipBody,
    data: OutBatchDetail,
    handler: async ({ body, actor, now }) => shipBatch(db, body, { actor, now }, await urlsAt(now)),
  });
}
