import { z } from 'zod';
import { defineCall } from '../call';
import { idParam } from '../common';

/**
 * Carrier bookings (issue #33.2): the shipment booked with the forwarder's carrier at packing, the carrier's tracking
 * number and label; a refusal, a retry; the cancel sent to the carrier after an exception.
 */

export const CARRIER_SHIPMENT_STATUSES = ['booking', 'booked', 'refused', 'cancel_pending', 'canceled'] as const;
export const CarrierShipment = z.object({
  id: z.number().int(),
  carrier: z.string(),
  /** The carrier's name as staff read it. */
  carrierLabel: z.string(),
  status: z.enum(CARRIER_SHIPMENT_STATUSES),
  trackingNo: z.string(),
  carrierRef: z.string(),
  /** The carrier's refusal, or the last failure to cancel. */
  error: z.string(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type CarrierShipment = z.infer<typeof CarrierShipment>;

export const CarrierShipmentsQuery = z.strictObject({ id: idParam });
export const CarrierBookBody = z.strictObject({ id: z.number().int().positive() });

export const warehousePackageCarrierShipmentsCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/package/carrierShipments',
  query: CarrierShipmentsQuery,
  data: z.array(CarrierShipment),
});
export const warehousePackageBookCarrierCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/bookCarrier',
  body: CarrierBookBody,
  data: CarrierShipment,
});
/** Sends again the cancel of a shipment the carrier has not taken yet (the job also retries it). */
export const warehousePackageCancelCarrierCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/package/cancelCarrier',
  body: CarrierBookBody,
  data: z.object({ canceled: z.number().int() }),
});
