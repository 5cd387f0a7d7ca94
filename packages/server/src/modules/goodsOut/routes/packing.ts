import type { FastifyInstance } from 'fastify';
import {
  LabelConfirmBody,
  PackageActionResult,
  PackingItemBody,
  PackingItemResult,
  PackingScanBody,
  PackingScanResult,
  PackingWeighBody,
  PackingWeighResult,
  ParkedList,
} from '@waystation/shared/contract/goodsOut';
import { api } from '../../../core/http';
import { packageDetail } from '../queries';
import { confirmLabel, packingCheckItem, packingOpen, packingWeigh, parkedPackages } from '../stations';
import { type StationContext, PACKING } from './shared';

/** The packing station: open, check items, weigh, parked packages, confirm the label. */
export function packingRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/scan',
    permission: PACKING,
    summary: 'Open a package at the packing station (removed → packing): checklist',
    body: PackingScanBody,
    data: PackingScanResult,
    handler: async ({ body, actor, now, caller }) => {
      const r = await packingOpen(db, body.code, { actor, now });
      return { ...(await packageDetail(db, { id: r.id }, caller, await urlsAt(now))), repeated: r.repeated };
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/item',
    permission: PACKING,
    summary: 'Tick an item of the package being packed',
    body: PackingItemBody,
    data: PackingItemResult,
    handler: ({ body, actor, now }) => packingCheckItem(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/weigh',
    permission: PACKING,
    summary: 'Weight and size: real freight (→ packed, or patch_wait with a top-up bill)',
    body: PackingWeighBody,
    data: PackingWeighResult,
    handler: async ({ body, actor, now }) => packingWeigh(db, body, { actor, now }, (await urlsAt(now)).label),
  });
  api(app, {
    method: 'GET',
    url: '/api/warehouse/packing/parked',
    permission: PACKING,
    summary: 'Packages set aside for a freight top-up (patch_wait) or paid since (pending_launch), the oldest first',
    data: ParkedList,
    handler: () => parkedPackages(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/packing/confirmLabel',
    permission: PACKING,
    summary: 'Scan the printed label (→ wait_ship)',
    body: LabelConfirmBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => confirmLabel(db, body, { actor, now }),
  });
}
