import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

export interface PackageAddress {
  receiver: string;
  phone: string;
  country: string;
  province: string;
  city: string;
  address: string;
  postcode: string;
}

/** A pack order: shelved items of one member shipped abroad on one logistics channel. */
export const packages = pgTable(
  'packages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The barcode on the shipping label (PK + 8 digits of the id). */
    packageNo: text('package_no').notNull(),
    memberId: integer('member_id').notNull(),
    status: text('status').notNull(),
    /** The status an exception was raised from: resolving returns there. */
    prevStatus: text('prev_status'),
    channelId: integer('channel_id').notNull(),
    countryCode: text('country_code').notNull(),
    address: jsonb('address').$type<PackageAddress>().notNull(),
    /** Marketplaces of the items (list filter). */
    mallTypes: text('mall_types').array().notNull().default(sql`'{}'::text[]`),
    /** Item attributes declared (battery, liquid …): the channel must accept each. */
    attrs: jsonb('attrs').$type<string[]>().notNull().default([]),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    declaredValue: money('declared_value').notNull().default(0),
    insuranceFee: money('insurance_fee').notNull().default(0),
    memberRemark: text('member_remark').notNull().default(''),
    itemCount: integer('item_count').notNull().default(0),
    estimatedWeightG: integer('estimated_weight_g').notNull().default(0),
    realWeightG: integer('real_weight_g'),
    lengthMm: integer('length_mm').notNull().default(0),
    widthMm: integer('width_mm').notNull().default(0),
    heightMm: integer('height_mm').notNull().default(0),
    volumeCm3: integer('volume_cm3').notNull().default(0),
    volumetricWeightG: integer('volumetric_weight_g').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    freightEstimated: money('freight_estimated').notNull().default(0),
    /** What the member has paid for freight (estimate, plus any top-up). */
    freightCharged: money('freight_charged').notNull().default(0),
    freightReal: money('freight_real'),
    /** Open top-up bill (real − charged) while patch_wait. */
    patchAmount: money('patch_amount').notNull().default(0),
    /** The freight difference's outcome (FreightPatchStatus): patch_wait, patch_completed, patch_refund, patch_match; null before weighing. */
    patchStatus: text('patch_status'),
    /** The part of freightCharged a coupon paid (the member paid the rest in money). */
    freightDiscount: money('freight_discount').notNull().default(0),
    couponGrantNo: text('coupon_grant_no').notNull().default(''),
    /** Money given back to the member: freight differences, then the rest at a cancel or return. */
    refundedAmount: money('refunded_amount').notNull().default(0),
    trackingNo: text('tracking_no').notNull().default(''),
    pretrialNote: text('pretrial_note').notNull().default(''),
    reviewerName: text('reviewer_name').notNull().default(''),
    packerName: text('packer_name').notNull().default(''),
    sackId: bigint('sack_id', { mode: 'number' }),
    batchId: bigint('batch_id', { mode: 'number' }),
    payTime: ts('pay_time'),
    packedAt: ts('packed_at'),
    labelConfirmedAt: ts('label_confirmed_at'),
    shippedAt: ts('shipped_at'),
    receivedAt: ts('received_at'),
    /** Who marked it received: the member, the auto-receive job ('auto') or staff by hand ('staff'); '' before. */
    receivedBy: text('received_by').notNull().default(''),
    cancelTime: ts('cancel_time'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('packages_package_no_key').on(t.packageNo),
    index('packages_status_idx').on(t.status, t.id),
    index('packages_member_idx').on(t.memberId, t.id),
    index('packages_channel_idx').on(t.channelId, t.status, t.id),
    index('packages_created_idx').on(t.createdAt),
    index('packages_shipped_idx').on(t.shippedAt).where(sql`${t.shippedAt} is not null`),
    index('packages_tracking_idx').on(t.trackingNo).where(sql`${t.trackingNo} <> ''`),
    index('packages_sack_idx').on(t.sackId).where(sql`${t.sackId} is not null`),
    index('packages_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
  ],
);

/** The items of a package; an item is in at most one live package (released when that package is canceled). */
export const packageItems = pgTable(
  'package_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
    itemCode: text('item_code').notNull(),
    /** Where the item was when the package was ordered (the pick list's order). */
    shelfCode: text('shelf_code').notNull().default(''),
    removedAt: ts('removed_at'),
    removedBy: text('removed_by').notNull().default(''),
    /** Scanned at the packing station. */
    checkedAt: ts('checked_at'),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    index('package_items_package_idx').on(t.packageId),
    uniqueIndex('package_items_live_item_key').on(t.itemId).where(sql`not ${t.released}`),
    index('package_items_code_idx').on(t.itemCode),
  ],
);

const packageTraceColumns = () => ({
  packageId: bigint('package_id', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  event: text('event').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  actorId: integer('actor_id'),
  actorName: text('actor_name').notNull().default(''),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

/** The timeline of a package: every transition and modification with who, when, before and after. */
export const packageTraces = pgTable('package_traces', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...packageTraceColumns() }, (t) => [
  index('package_traces_package_idx').on(t.packageId, t.id),
  index('package_traces_actor_idx').on(t.actorId, t.createdAt),
  // The monthly archiving takes the oldest rows first.
  index('package_traces_created_idx').on(t.createdAt, t.id),
]);

/** Package trace rows older than the archiving setting, with their ids; the package's timeline reads both. */
export const packageTracesArchive = pgTable('package_traces_archive', { id: bigint('id', { mode: 'number' }).primaryKey(), ...packageTraceColumns() }, (t) => [
  index('package_traces_archive_package_idx').on(t.packageId, t.id),
  index('package_traces_archive_created_idx').on(t.createdAt, t.id),
]);

/** A sack: an identity card bound to a channel (and destination), filled with sorted packages, sealed, shipped. */
export const sacks = pgTable(
  'sacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The identity card's code; a card is reused once its sack has shipped. */
    code: text('code').notNull(),
    channelId: integer('channel_id').notNull(),
    /** Destination country; null = any country of the channel. */
    countryCode: text('country_code'),
    status: text('status').notNull().default('open'),
    packageCount: integer('package_count').notNull().default(0),
    /** Sum of the packages' weights; the scale's weight once sealed. */
    weightG: integer('weight_g').notNull().default(0),
    batchId: bigint('batch_id', { mode: 'number' }),
    creatorName: text('creator_name').notNull().default(''),
    sealedAt: ts('sealed_at'),
    shippedAt: ts('shipped_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('sacks_live_code_key').on(t.code).where(sql`${t.status} <> 'shipped'`),
    index('sacks_status_idx').on(t.status, t.channelId),
    index('sacks_batch_idx').on(t.batchId),
  ],
);

/** An out-of-storage batch: sealed sacks handed over to the carrier together, with a manifest. */
export const outBatches = pgTable(
  'out_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    status: text('status').notNull().default('open'),
    carrier: text('carrier').notNull().default(''),
    sackCount: integer('sack_count').notNull().default(0),
    packageCount: integer('package_count').notNull().default(0),
    weightG: integer('weight_g').notNull().default(0),
    creatorName: text('creator_name').notNull().default(''),
    shippedBy: text('shipped_by').notNull().default(''),
    shippedAt: ts('shipped_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('out_batches_batch_no_key').on(t.batchNo), index('out_batches_status_idx').on(t.status, t.id)],
);

/** An exception raised on a package at a station, with its handling. */
export const packageExceptions = pgTable(
  'package_exceptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    fromStatus: text('from_status').notNull(),
    status: text('status').notNull().default('open'),
    ownerId: integer('owner_id'),
    ownerName: text('owner_name').notNull().default(''),
    resolution: text('resolution').notNull().default(''),
    raisedBy: text('raised_by').notNull().default(''),
    handledBy: text('handled_by').notNull().default(''),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('package_exceptions_open_key').on(t.packageId).where(sql`${t.status} = 'open'`),
    index('package_exceptions_status_idx').on(t.status, t.id),
  ],
);

/** A package's customs declaration, one row per line (issue #33): what the CN22/CN23 and the invoice print. */
export const packageDeclarations = pgTable(
  'package_declarations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull().default(''),
    /** Harmonized System code, 6 to 10 digits; '' when not yet known. */
    hsCode: text('hs_code').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Minor units of `currency`; one currency per package. */
    unitValue: money('unit_value').notNull(),
    currency: text('currency').notNull(),
    /** ISO country of origin. */
    origin: text('origin').notNull().default('CN'),
    /** Net weight of the line (its items' weights). */
    weightG: integer('weight_g').notNull().default(0),
  },
  (t) => [uniqueIndex('package_declarations_line_key').on(t.packageId, t.lineNo)],
);
