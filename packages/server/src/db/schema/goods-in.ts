import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/** A member's checkout on the member site: one or more purchase lines. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** Minor units the member paid (goods + domestic shipping, after discounts, with the service fee). */
    paidAmount: money('paid_amount').notNull().default(0),
    /** The member level's discount on the goods at payment (minor units). */
    levelDiscount: money('level_discount').notNull().default(0),
    /** The purchase service fee charged at payment (minor units; setting service.feePercent) and its rate then. */
    serviceFee: money('service_fee').notNull().default(0),
    serviceFeeBp: integer('service_fee_bp').notNull().default(0),
    /** What of the service fee went back to the balance as the order's goods were refunded (minor units). */
    serviceFeeRefunded: money('service_fee_refunded').notNull().default(0),
    /** Points the member spent on the goods (one point takes off one minor unit) and earned by the payment. */
    pointsUsed: integer('points_used').notNull().default(0),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** The purchase coupon used at payment (''): given back when the order's goods are refunded whole. */
    couponGrantNo: text('coupon_grant_no').notNull().default(''),
    payTime: ts('pay_time'),
    /** Unpaid after this, the order is canceled by the job (order.autoCancelMinutes at placing; null: never). */
    payDeadline: ts('pay_deadline'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The member API's Idempotency-Key that paid the order: a retry of it answers the paid order. */
    payIdempotencyKey: text('pay_idempotency_key'),
  },
  (t) => [
    uniqueIndex('shop_orders_order_no_key').on(t.orderNo),
    index('shop_orders_member_idx').on(t.memberId, t.id),
    index('shop_orders_pay_deadline_idx').on(t.payDeadline).where(sql`${t.status} = 'ordered' and ${t.payDeadline} is not null`),
  ],
);

/** One line of a shop order, bought by a purchaser on a marketplace and received into the warehouse. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseNo: text('purchase_no').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => shopOrders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull(),
    mallType: text('mall_type').notNull(),
    productUrl: text('product_url').notNull().default(''),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    /** [{ name: 'label:value' }] (SPEC §3 propsList). */
    props: jsonb('props').$type<{ name: string }[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    paidAmount: money('paid_amount').notNull(),
    currency: text('currency').notNull().default('CNY'),
    memberRemark: text('member_remark').notNull().default(''),
    purchaserId: integer('purchaser_id'),
    purchaserName: text('purchaser_name').notNull().default(''),
    holdReason: text('hold_reason').notNull().default(''),
    /** Status the line was held from (purchasing or stocking_input): decides which release applies. */
    holdFrom: text('hold_from'),
    patchStatus: text('patch_status'),
    patchAmount: money('patch_amount').notNull().default(0),
    mallOrderNo: text('mall_order_no').notNull().default(''),
    realPrice: money('real_price'),
    domesticFee: money('domestic_fee'),
    trackingNo: text('tracking_no').notNull().default(''),
    logisticsStatus: text('logistics_status'),
    refundedAmount: money('refunded_amount').notNull().default(0),
    remark: text('remark').notNull().default(''),
    payTime: ts('pay_time'),
    purchaseEndTime: ts('purchase_end_time'),
    cancelTime: ts('cancel_time'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_orders_purchase_no_key').on(t.purchaseNo),
    index('purchase_orders_status_idx').on(t.status, t.id),
    index('purchase_orders_order_idx').on(t.orderId),
    index('purchase_orders_member_idx').on(t.memberId, t.id),
    index('purchase_orders_tracking_idx').on(t.trackingNo).where(sql`${t.trackingNo} <> ''`),
    index('purchase_orders_mall_order_idx').on(t.mallOrderNo).where(sql`${t.mallOrderNo} <> ''`),
    index('purchase_orders_purchaser_idx').on(t.purchaserId, t.status, t.id),
  ],
);

/** Shelf locations: zone-row-level-slot codes such as A-01-02-03. */
export const shelfLocations = pgTable(
  'shelf_locations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    zone: text('zone').notNull(),
    row: integer('row').notNull(),
    level: integer('level').notNull(),
    slot: integer('slot').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('shelf_locations_code_key').on(t.code)],
);

/** A received line arrival: the physical goods with their label, measures, QC media and shelf place. */
export const warehouseItems = pgTable(
  'warehouse_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The barcode on the item label. */
    itemCode: text('item_code').notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id),
    memberId: integer('member_id').notNull(),
    quickTop: text('quick_top').notNull(),
    quickBottom: text('quick_bottom').notNull(),
    trackingNo: text('tracking_no').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    weightG: integer('weight_g').notNull(),
    lengthMm: integer('length_mm').notNull().default(0),
    widthMm: integer('width_mm').notNull().default(0),
    heightMm: integer('height_mm').notNull().default(0),
    volumeCm3: integer('volume_cm3').notNull().default(0),
    media: jsonb('media').$type<{ fileUri: string; kind: 'image' | 'video' }[]>().notNull().default([]),
    qcProblem: text('qc_problem'),
    qcNote: text('qc_note').notNull().default(''),
    shelfLocationId: integer('shelf_location_id').references(() => shelfLocations.id),
    shelfCode: text('shelf_code'),
    creatorId: integer('creator_id'),
    creatorName: text('creator_name').notNull().default(''),
    shelvedAt: ts('shelved_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('warehouse_items_item_code_key').on(t.itemCode),
    uniqueIndex('warehouse_items_purchase_key').on(t.purchaseId),
    index('warehouse_items_shelf_idx').on(t.shelfLocationId),
    index('warehouse_items_member_shelf_idx').on(t.memberId, t.shelvedAt),
    // The dashboard's 30-day flow: parcels received and items shelved per day.
    index('warehouse_items_created_idx').on(t.createdAt),
    index('warehouse_items_shelved_idx').on(t.shelvedAt).where(sql`${t.shelvedAt} is not null`),
  ],
);

const traceEventColumns = () => ({
  purchaseId: bigint('purchase_id', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  event: text('event').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  actorId: integer('actor_id'),
  actorName: text('actor_name').notNull().default(''),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

/** The timeline of a purchase line: every transition with who, when, before and after. */
export const traceEvents = pgTable('trace_events', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...traceEventColumns() }, (t) => [
  index('trace_events_purchase_idx').on(t.purchaseId, t.id),
  index('trace_events_actor_idx').on(t.actorId, t.createdAt),
  // The monthly archiving takes the oldest rows first.
  index('trace_events_created_idx').on(t.createdAt, t.id),
]);

/** Purchase-line trace rows older than the archiving setting, with their ids; the line's timeline reads both. */
export const traceEventsArchive = pgTable('trace_events_archive', { id: bigint('id', { mode: 'number' }).primaryKey(), ...traceEventColumns() }, (t) => [
  index('trace_events_archive_purchase_idx').on(t.purchaseId, t.id),
  index('trace_events_archive_created_idx').on(t.createdAt, t.id),
]);

/** Parcels scanned at the inbound station that matched no purchase line, until staff assign them. */
export const unclaimedParcels = pgTable(
  'unclaimed_parcels',
  {
    id: serial('id').primaryKey(),
    trackingNo: text('tracking_no').notNull(),
    weightG: integer('weight_g').notNull().default(0),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    purchaseId: bigint('purchase_id', { mode: 'number' }),
    creatorId: integer('creator_id'),
    creatorName: text('creator_name').notNull().default(''),
    assignedBy: text('assigned_by').notNull().default(''),
    assignedAt: ts('assigned_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('unclaimed_parcels_open_key').on(t.trackingNo).where(sql`${t.status} = 'open'`),
    index('unclaimed_parcels_status_idx').on(t.status, t.id),
  ],
);

/** Bytes each member of staff uploaded per business day (the upload quota). */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    adminId: integer('admin_id').notNull(),
    day: ts('day').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.day] })],
);
