import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A shipped package as the tracking service (17TRACK) knows it: the number registered there, where it last said the
 * parcel is, when it was last asked, and the problem an exception was raised for (raised once, not at every poll).
 */
export const packageTracking = pgTable(
  'package_tracking',
  {
    packageId: bigint('package_id', { mode: 'number' }).primaryKey(),
    /** The number registered with the service; a package whose tracking number changed is registered again. */
    trackingNo: text('tracking_no').notNull(),
    registeredAt: ts('registered_at'),
    /** TrackingStatus, '' before the service answered. */
    status: text('status').notNull().default(''),
    subStatus: text('sub_status').notNull().default(''),
    checkedAt: ts('checked_at'),
    /** The service's refusal of this number at the last try ('' when it answered). */
    lastError: text('last_error').notNull().default(''),
    /** The problem status an exception was raised for; '' while the parcel is not in trouble. */
    problemStatus: text('problem_status').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('package_tracking_checked_idx').on(t.checkedAt)],
);

/** The events of a parcel's way, as the service reported them: each stored once however often it is polled. */
export const packageTrackingEvents = pgTable(
  'package_tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    occurredAt: ts('occurred_at').notNull(),
    /** TrackingStatus of the event when the service classed it, else ''. */
    status: text('status').notNull().default(''),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The carrier that reported it (the service's provider name). */
    provider: text('provider').notNull().default(''),
    /** The event as the service sent it. */
    raw: jsonb('raw').notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('package_tracking_events_key').on(t.packageId, t.occurredAt, t.description)],
);
