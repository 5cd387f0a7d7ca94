import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { TrackingStatus } from '@waystation/shared/vocab/tracking';
import type { Db } from '../../db';
import { packages, packageShipments, packageTracking } from '../../db/schema';
import { SANDBOX_CARRIER, SANDBOX_LABEL } from './carriers/sandbox';
import type { TrackInfo } from './seventeenTrack';

/**
 * The demo carrier's tracking (carriers/sandbox.ts): a shipped package whose tracking number came from a demo
 * booking moves one step of this script each run of the tracking job, without 17TRACK. Its events are stored and
 * applied as 17TRACK's are (tracking.ts applyInfo), so the last step marks the package received and tells the member.
 */

interface Step {
  status: TrackingStatus;
  description: string;
  /** Where it happened; null: the receiver's city. */
  location: string | null;
}

export const SANDBOX_STEPS: readonly Step[] = [
  { status: 'info_received', description: '演示承运商已揽收 / Demo carrier: shipment picked up', location: 'Shenzhen, CN' },
  { status: 'in_transit', description: '运输途中 / In transit', location: 'Hong Kong, HK' },
  { status: 'out_for_delivery', description: '派送中 / Out for delivery', location: null },
  { status: 'delivered', description: '已签收 / Delivered', location: null },
];

/** The package's tracking number is the live booking's of the demo carrier. */
export const sandboxBooked = exists(
  sql`(select 1 from ${packageShipments} where ${packageShipments.packageId} = ${packages.id} and ${packageShipments.carrier} = ${SANDBOX_CARRIER} and ${packageShipments.status} = 'booked' and ${packageShipments.trackingNo} = ${packages.trackingNo})`,
);

export interface SandboxDue {
  id: number;
  trackingNo: string;
  city: string;
  /** Where its tracking last stood ('' or null before the first step). */
  status: string | null;
}

/** Shipped packages the demo carrier booked, at most `limit`, the oldest first. */
export async function sandboxDue(db: Db, limit: number): Promise<SandboxDue[]> {
  const rows = await db
    .select({ id: packages.id, trackingNo: packages.trackingNo, address: packages.address, status: packageTracking.status })
    .from(packages)
    .leftJoin(packageTracking, eq(packageTracking.packageId, packages.id))
    .where(and(eq(packages.status, 'shipped'), sandboxBooked))
    .orderBy(asc(packages.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, trackingNo: r.trackingNo, city: r.address.city, status: r.status }));
}

/** The package's next step as the tracking service would report it; null when it is already delivered. */
export function nextSandboxStep(d: SandboxDue, now: Date): TrackInfo | null {
  const at = SANDBOX_STEPS.findIndex((s) => s.status === d.status);
  const step = SANDBOX_STEPS[at + 1];
  if (!step) return null;
  const event = { at: now, status: step.status, description: step.description, location: step.location ?? d.city, provider: SANDBOX_LABEL };
  return { number: d.trackingNo, status: step.status, subStatus: '', events: [{ ...event, raw: { ...event, at: now.toISOString() } }] };
}
