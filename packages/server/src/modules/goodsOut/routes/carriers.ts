import type { FastifyInstance } from 'fastify';
import {
  warehousePackageBookCarrierCall,
  warehousePackageCancelCarrierCall,
  warehousePackageCarrierShipmentsCall,
} from '@waystation/shared/contract/goodsOut/carriers';
import { api } from '../../../core/http';
import { bookCarrier, sendCancels, shipmentsOf } from '../carriers/booking';
import { ABNORMAL, PACKING, QUERY, type StationContext } from './shared';

/** Carrier bookings (issue #33.2): a package's bookings, booking again after a refusal, sending a cancel again. */
export function carrierRoutes(app: FastifyInstance, { db }: StationContext): void {
  const { secrets } = app.services;
  api(app, warehousePackageCarrierShipmentsCall, {
    permission: [QUERY, PACKING, ABNORMAL],
    summary: "A package's shipments booked with its forwarder's carrier, the latest first",
    handler: ({ query }) => shipmentsOf(db, query.id),
  });
  api(app, warehousePackageBookCarrierCall, {
    permission: PACKING,
    summary: "Book the package's shipment with its forwarder's carrier again (after a refusal); a live booking is answered as it is",
    handler: async ({ body, actor, now }) =>
      (await bookCarrier(db, secrets, body.id, { actor, now }, { strict: true, sandboxOn: app.services.carrierSandbox }))!,
  });
  api(app, warehousePackageCancelCarrierCall, {
    permission: ABNORMAL,
    summary: "Send again the cancel of the package's shipment the carrier has not taken yet",
    handler: async ({ body, actor, now }) => ({ canceled: await sendCancels(db, secrets, { actor, now }, body.id) }),
  });
}
