import type { FastifyInstance } from 'fastify';
import { warehouseRemovalPickListCall, warehouseRemovalPackageCall, warehouseRemovalScanCall } from '@waystation/shared/contract/goodsOut/stations';
import { api } from '../../../core/http';
import { removalPackage, removalScan } from '../stations';
import { pickList } from '../stationLists';
import { type StationContext, REMOVAL } from './shared';

/** The removal station: pick list and scans off the shelves. */
export function removalRoutes(app: FastifyInstance, { db }: StationContext): void {
  api(app, warehouseRemovalPickListCall, {
    permission: REMOVAL,
    summary: 'Items to take off the shelves, in location order',
    handler: ({ query }) => pickList(db, query),
  });
  api(app, warehouseRemovalPackageCall, {
    permission: REMOVAL,
    summary: 'The package a removal scan locks (by its no. or an item), its items in pick order with their locations',
    handler: ({ query, caller }) => removalPackage(db, query.code, caller.permissions),
  });
  api(app, warehouseRemovalScanCall, {
    permission: REMOVAL,
    summary: 'An item off its shelf (remove_wait → removing → removed)',
    handler: ({ body, actor, now, caller }) => removalScan(db, body, { actor, now, permissions: caller.permissions }),
  });
}
