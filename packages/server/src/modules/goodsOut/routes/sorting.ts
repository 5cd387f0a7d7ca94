import type { FastifyInstance } from 'fastify';
import {
  warehouseSortingScanCall,
  warehouseSortingPutCall,
  warehouseSackBindCall,
  warehouseSackSealCall,
  warehouseSackPageListCall,
  warehouseOutBatchCreateCall,
  warehouseOutBatchPageListCall,
  warehouseOutBatchDetailCall,
  warehouseOutBatchAddSackCall,
  warehouseOutBatchShipCall,
} from '@waystation/shared/contract/goodsOut/sorting';
import { api } from '../../../core/http';
import { addSackToBatch, batchDetail, bindSack, createBatch, listBatches, listSacks, sealSack, shipBatch, sortingPut, sortingScan } from '../sorting';
import { type StationContext, SORTING } from './shared';

/** The sorting station: packages into sacks, sacks sealed, out-of-storage batches handed over. */
export function sortingRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, warehouseSortingScanCall, {
    permission: SORTING,
    summary: 'A package at sorting: the sack it belongs in',
    handler: async ({ body, now }) => sortingScan(db, body.packageNo, await urlsAt(now)),
  });
  api(app, warehouseSortingPutCall, {
    permission: SORTING,
    summary: 'Put a package into the scanned sack (→ sorted)',
    handler: async ({ body, actor, now }) => sortingPut(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, warehouseSackBindCall, {
    permission: SORTING,
    summary: 'Bind a sack identity card to a channel (bindSack)',
    handler: async ({ body, actor, now }) => bindSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, warehouseSackSealCall, {
    permission: SORTING,
    summary: 'Seal a sack (open → sealed)',
    handler: async ({ body, actor, now }) => sealSack(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, warehouseSackPageListCall, {
    permission: SORTING,
    summary: 'Sacks',
    handler: async ({ query, now }) => listSacks(db, query, await urlsAt(now)),
  });
  api(app, warehouseOutBatchCreateCall, {
    permission: SORTING,
    summary: 'Open an out-of-storage batch',
    handler: async ({ body, actor, now }) => createBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, warehouseOutBatchPageListCall, {
    permission: SORTING,
    summary: 'Out-of-storage batches',
    handler: async ({ query, now }) => listBatches(db, query, await urlsAt(now)),
  });
  api(app, warehouseOutBatchDetailCall, {
    permission: SORTING,
    summary: 'A batch with its sacks and manifest lines',
    handler: async ({ query, now }) => batchDetail(db, { id: query.id }, await urlsAt(now)),
  });
  api(app, warehouseOutBatchAddSackCall, {
    permission: SORTING,
    summary: 'Scan a sealed sack into the batch (packages → prepare_ship)',
    handler: async ({ body, actor, now }) => addSackToBatch(db, body, { actor, now }, await urlsAt(now)),
  });
  api(app, warehouseOutBatchShipCall, {
    permission: SORTING,
    summary: 'Hand-over with carrier tracking numbers (→ shipped)',
    handler: async ({ body, actor, now }) => shipBatch(db, body, { actor, now }, await urlsAt(now)),
  });
}
