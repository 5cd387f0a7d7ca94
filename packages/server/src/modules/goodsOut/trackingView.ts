import { and, desc, eq } from 'drizzle-orm';
import type { PackageTracking } from '@waystation/shared/contract/goodsOut/tracking';
import type { MemberTracking } from '@waystation/shared/contract/openPacks';
import { TrackingStatus } from '@waystation/shared/vocab/tracking';
import type { Db } from '../../db';
import { packages, packageTracking, packageTrackingEvents } from '../../db/schema';
import { notFound } from '../../core/errors';
import { iso } from '../../core/paging';

/** What staff (包裹详情's 物流轨迹) and members (GET /packs/tracking) see of a parcel's way: events newest first. */

const statusOf = (s: string | undefined) => (s && (TrackingStatus.values as readonly string[]).includes(s) ? (s as TrackingStatus) : null);

export async function packageTrackingView(db: Db, p: { id: number; trackingNo: string }): Promise<PackageTracking> {
  const [[t], events] = await Promise.all([
    db.select().from(packageTracking).where(eq(packageTracking.packageId, p.id)),
    db
      .select()
      .from(packageTrackingEvents)
      .where(eq(packageTrackingEvents.packageId, p.id))
      .orderBy(desc(packageTrackingEvents.occurredAt), desc(packageTrackingEvents.id))
      .limit(300),
  ]);
  return {
    trackingNo: p.trackingNo,
    status: statusOf(t?.status),
    checkedAt: iso(t?.checkedAt),
    events: events.map((e) => ({ time: e.occurredAt.toISOString(), status: statusOf(e.status), description: e.description, location: e.location })),
  };
}

/** The member's own package only: anyone else's answers as a missing one (its existence is not told). */
export async function memberTracking(db: Db, memberId: number, packageNo: string): Promise<MemberTracking> {
  const [p] = await db
    .select({ id: packages.id, packageNo: packages.packageNo, trackingNo: packages.trackingNo })
    .from(packages)
    .where(and(eq(packages.packageNo, packageNo), eq(packages.memberId, memberId)));
  if (!p) throw notFound('包裹不存在');
  const t = await packageTrackingView(db, p);
  return { packageNo: p.packageNo, trackingNo: t.trackingNo, status: t.status, checkedTime: t.checkedAt, events: t.events };
}
