import { z } from 'zod';
import { CarrierShipment } from './carriers';
import { queryInt } from '../common';
import { ScanCode } from '../warehouse';
import { PackageStatus } from '../../vocab/goods-out';
import { defineCall } from '../call';
import { PACKAGE_EVENTS } from '../../machines/package';
import { countryCode, grams, mm, PackageActionResult } from './common';
import { PackageDetail } from './packages';

/** The removal and packing stations (下架, 打包称重): registered by the server's routes/removal.ts and routes/packing.ts. */
// ------------------------------------------------------------------ removal

/** GET /api/warehouse/removal/pickList: items to take off the shelves, in shelf order, grouped by channel. */
export const PickListQuery = z.strictObject({ channelId: queryInt(1, 2_147_483_647).optional(), limit: queryInt(1, 1000).default(300) });
export const PickLine = z.object({
  shelfCode: z.string(),
  itemCode: z.string(),
  title: z.string(),
  quickCode: z.tuple([z.string(), z.string()]),
  packageId: z.number().int(),
  packageNo: z.string(),
  packageStatus: z.enum(PackageStatus.values),
  channelId: z.number().int(),
  channelName: z.string(),
  removed: z.boolean(),
});
export type PickLine = z.infer<typeof PickLine>;
export const PickList = z.object({ list: z.array(PickLine), packageCount: z.number().int() });
export type PickList = z.infer<typeof PickList>;

/** POST /api/warehouse/removal/scan: an item off its shelf; with packageNo, the item must belong to that package. */
export const RemovalScanBody = z.strictObject({ itemCode: ScanCode, packageNo: ScanCode.optional() });
export const RemovalScanResult = PackageActionResult.extend({
  /** What the caller may do next to the package (the package machine's events from its status). */
  actions: z.array(z.enum(PACKAGE_EVENTS)),
  itemCode: z.string(),
  shelfCode: z.string(),
  removedCount: z.number().int(),
  itemCount: z.number().int(),
});
export type RemovalScanResult = z.infer<typeof RemovalScanResult>;

/** GET /api/warehouse/removal/package: the package a scan locks (by its no. or one of its items), its items in pick order. */
export const RemovalPackageQuery = z.strictObject({ code: ScanCode });
export const RemovalLine = z.object({
  itemCode: z.string(),
  title: z.string(),
  propsList: z.array(z.object({ name: z.string() })),
  quickCode: z.tuple([z.string(), z.string()]),
  /** The location the item was packed from (zone-row-level-slot); '' when it had none. */
  shelfCode: z.string(),
  removed: z.boolean(),
});
export type RemovalLine = z.infer<typeof RemovalLine>;
export const RemovalPackage = z.object({
  id: z.number().int(),
  packageNo: z.string(),
  status: z.enum(PackageStatus.values),
  userCode: z.string(),
  channelName: z.string(),
  countryCode: z.string(),
  /** Sorted by location code: zone, then row, level and slot, so one walk picks them. */
  items: z.array(RemovalLine),
  /** What the caller may do next to the package (the package machine's events from its status). */
  actions: z.array(z.enum(PACKAGE_EVENTS)),
});
export type RemovalPackage = z.infer<typeof RemovalPackage>;

// ------------------------------------------------------------------ packing

export const PackingScanBody = z.strictObject({ code: ScanCode });
export const PackingScanResult = PackageDetail.extend({ repeated: z.boolean() });
export type PackingScanResult = z.infer<typeof PackingScanResult>;
export const PackingItemResult = PackageActionResult.extend({ itemCode: z.string(), checkedCount: z.number().int(), itemCount: z.number().int() });
export type PackingItemResult = z.infer<typeof PackingItemResult>;
export const PackingItemBody = z.strictObject({ packageNo: ScanCode, itemCode: ScanCode });
export const PackingWeighBody = z.strictObject({ packageNo: ScanCode, weightG: grams, lengthMm: mm, widthMm: mm, heightMm: mm });
export const PackingWeighResult = PackageActionResult.extend({
  /** What the caller may do next to the package (the package machine's events from its status). */
  actions: z.array(z.enum(PACKAGE_EVENTS)),
  realWeightG: z.number().int(),
  volumeCm3: z.number().int(),
  volumetricWeightG: z.number().int(),
  chargeableWeightG: z.number().int(),
  currency: z.string(),
  freightCharged: z.number().int(),
  freightReal: z.number().int(),
  patchAmount: z.number().int(),
  labelUrl: z.string(),
  /** The booking with the forwarder's carrier (issue #33.2); absent for a channel without a carrier account. */
  carrier: CarrierShipment.optional(),
});
export type PackingWeighResult = z.infer<typeof PackingWeighResult>;
export const LabelConfirmBody = z.strictObject({ packageNo: ScanCode, code: ScanCode });

/** GET /api/warehouse/packing/parked: packages set aside at packing for a freight top-up (patch_wait), or paid and back to label (pending_launch). */
export const ParkedPackage = z.object({
  id: z.number().int(),
  packageNo: z.string(),
  status: z.enum(['patch_wait', 'pending_launch']),
  userCode: z.string(),
  userName: z.string(),
  channelName: z.string(),
  currency: z.string(),
  /** The top-up the member still has to pay (0 once paid). */
  patchAmount: z.number().int(),
  freightReal: z.number().int(),
  freightCharged: z.number().int(),
  packerName: z.string(),
  /** When it was weighed (and set aside). */
  packedAt: z.string().nullable(),
  /** When it reached its current status (the top-up bill, or its payment). */
  since: z.string(),
});
export type ParkedPackage = z.infer<typeof ParkedPackage>;
export const ParkedList = z.object({ list: z.array(ParkedPackage), total: z.number().int() });
export type ParkedList = z.infer<typeof ParkedList>;

// The calls (issue #29): each declared once, registered by the server's packing.ts, made by the web.
export const warehousePackingScanCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/scan', body: PackingScanBody, data: PackingScanResult });
export const warehousePackingItemCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/item', body: PackingItemBody, data: PackingItemResult });
export const warehousePackingWeighCall = defineCall({ method: 'POST', url: '/api/warehouse/packing/weigh', body: PackingWeighBody, data: PackingWeighResult });
export const warehousePackingParkedCall = defineCall({ method: 'GET', url: '/api/warehouse/packing/parked', data: ParkedList });
export const warehousePackingConfirmLabelCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/packing/confirmLabel',
  body: LabelConfirmBody,
  data: PackageActionResult,
});

// The calls (issue #29): each declared once, registered by the server's removal.ts, made by the web.
export const warehouseRemovalPickListCall = defineCall({ method: 'GET', url: '/api/warehouse/removal/pickList', query: PickListQuery, data: PickList });
export const warehouseRemovalPackageCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/removal/package',
  query: RemovalPackageQuery,
  data: RemovalPackage,
});
export const warehouseRemovalScanCall = defineCall({ method: 'POST', url: '/api/warehouse/removal/scan', body: RemovalScanBody, data: RemovalScanResult });
