import type { FastifyInstance } from 'fastify';
import { PickList, PickListQuery, RemovalPackage, RemovalPackageQuery, RemovalScanBody, RemovalScanResult } from '@waystation/shared/contract/goodsOut';
import { api } from '../../../core/http';
import { pickList, removalPackage, removalScan } from '../stations';
import { type StationContext, REMOVAL } from './shared';

/** The removal station: pick list and scans off the shelves. */
export function removalRoutes(app: FastifyInstance, { db }: StationContext): void {
  api(app, {
    method: 'GET',
    url: '/api/warehouse/removal/pickList',
    permission: REMOVAL,
    summary: 'Items to take off the shelves, in location order',
    query: PickListQuery,
    data: PickList,
    handler: ({ query }) => pickList(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/removal/package',
    permission: REMOVAL,
    summary: 'The package a removal scan locks (by its no. or an item), its items in pick order with their locations',
    query: RemovalPackageQuery,
    data: RemovalPackage,
    handler: ({ query }) => removalPackage(db, query.code),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/removal/scan',
    permission: REMOVAL,
    summary: 'An item off its shelf (remove_wait → removing → removed)',
    body: RemovalScanBody,
    data: RemovalScanResult,
    handler: ({ body, actor, now }) => removalScan(db, body, { actor, now }),
  });
}
