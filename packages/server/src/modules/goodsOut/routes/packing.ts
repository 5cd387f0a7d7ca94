import type { FastifyInstance } from 'fastify';
import {
  warehousePackingScanCall,
  warehousePackingItemCall,
  warehousePackingWeighCall,
  warehousePackingParkedCall,
  warehousePackingConfirmLabelCall,
} from '@waystation/shared/contract/goodsOut/stations';
import { api } from '../../../core/http';
import { packageDetail } from '../queries';
import { confirmLabel, packingCheckItem, packingOpen, packingWeigh } from '../stations';
import { parkedPackages } from '../stationLists';
import { bookCarrier } from '../carriers/booking';
import { type StationContext, PACKING } from './shared';

/** The packing station: open, check items, weigh, parked packages, confirm the label. */
export function packingRoutes(app: FastifyInstance, { db, urlsAt }: StationContext): void {
  api(app, warehousePackingScanCall, {
    permission: PACKING,
    summary: 'Open a package at the packing station (removed → packing): checklist',
    handler: async ({ body, actor, now, caller }) => {
      const r = await packingOpen(db, body.code, { actor, now });
      return { ...(await packageDetail(db, { id: r.id }, caller, await urlsAt(now))), repeated: r.repeated };
    },
  });
  api(app, warehousePackingItemCall, {
    permission: PACKING,
    summary: 'Tick an item of the package being packed',
    handler: ({ body, actor, now }) => packingCheckItem(db, body, { actor, now }),
  });
  api(app, warehousePackingWeighCall, {
    permission: PACKING,
    summary: 'Weight and size: real freight (→ packed, or patch_wait with a top-up bill); overpaid freight back to the balance',
    creditsWithoutTicket: 'the member gets back their own overpaid freight, priced by the channel from the weighed box (no amount is entered)',
    handler: async ({ body, actor, now, caller }) => {
      const weighed = await packingWeigh(db, body, { actor, now, permissions: caller.permissions }, (await urlsAt(now)).label);
      // Booked with the forwarder's carrier once the weighing is committed: a refusal leaves the package weighed.
      const carrier = await bookCarrier(db, app.services.secrets, weighed.id, { actor, now }, { sandboxOn: app.services.carrierSandbox });
      return carrier ? { ...weighed, carrier } : weighed;
    },
  });
  api(app, warehousePackingParkedCall, {
    permission: PACKING,
    summary: 'Packages set aside for a freight top-up (patch_wait) or paid since (pending_launch), the oldest first',
    handler: () => parkedPackages(db),
  });
  api(app, warehousePackingConfirmLabelCall, {
    permission: PACKING,
    summary: 'Scan the printed label (→ wait_ship)',
    handler: ({ body, actor, now }) => confirmLabel(db, body, { actor, now }),
  });
}
