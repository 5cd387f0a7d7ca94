import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A package's shipment booked with its forwarder's carrier at packing (issue #33.2), or the carrier's refusal. At most
 * one live booking (booking, booked or cancel_pending) per package; a canceled or refused one stays as the record.
 */
export const packageShipments = pgTable(
  'package_shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    forwarderId: integer('forwarder_id').notNull(),
    /** The adapter (carriers/index.ts). */
    carrier: text('carrier').notNull(),
    /** booking (the call is under way) | booked | refused | cancel_pending (to cancel at the carrier) | canceled. */
    status: text('status').notNull(),
    /** The carrier's id of the shipment (what cancelling names). */
    carrierRef: text('carrier_ref').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    /** The carrier's label, a PDF in base64. */
    labelPdf: text('label_pdf').notNull().default(''),
    /** The carrier's refusal (booking) or the last failure to cancel. */
    error: text('error').notNull().default(''),
    cancelTries: integer('cancel_tries').notNull().default(0),
    canceledAt: ts('canceled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('package_shipments_live_key').on(t.packageId).where(sql`${t.status} in ('booking', 'booked', 'cancel_pending')`),
    index('package_shipments_package_idx').on(t.packageId, t.id),
  ],
);
