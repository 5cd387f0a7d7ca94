import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { CarrierShipment } from '@waystation/shared/contract/goodsOut/carriers';
import type { Db } from '../../../db';
import { packages, packageShipments, shipChannels } from '../../../db/schema';
import { writeAudit } from '../../../core/audit';
import { conflict, notFound } from '../../../core/errors';
import type { SecretBox } from '../../../core/secrets';
import { declarationOf } from '../customs';
import type { Op } from '../transition';
import { carrierAccountOf } from './account';
import { CARRIERS, CarrierError, type CarrierPackage, isCarrierCode } from './index';
import { carrierFor } from './sandbox';

/**
 * Booking at packing (issue #33.2): once a package on a channel whose forwarder has a carrier account is weighed, its
 * shipment is booked with the carrier; the carrier's tracking number goes on the package and its label replaces ours.
 * The call is made outside the weighing's transaction, so a refusal never undoes the weighing: it is recorded and
 * the packer retries. An exception or a cancel marks the booking to cancel; the cancel is sent after the commit and
 * retried by the carrier job until the carrier takes it.
 */

type ShipmentRow = typeof packageShipments.$inferSelect;

/** Weighed and not gone on to the carrier's hand-over yet: where a booking may be made. */
const BOOKABLE = new Set(['packed', 'patch_wait', 'pending_launch', 'wait_ship', 'sorted']);
/** A booking under way this long is taken to have died with its server: a retry may book again. */
const STALE_BOOKING_MS = 2 * 60_000;
/** How many times the job tries to cancel a shipment at the carrier before leaving it to staff. */
export const MAX_CANCEL_TRIES = 24;

const view = (s: ShipmentRow | undefined): CarrierShipment | null =>
  s
    ? {
        id: s.id,
        carrier: s.carrier,
        carrierLabel: isCarrierCode(s.carrier) ? CARRIERS[s.carrier].label : s.carrier,
        status: s.status as CarrierShipment['status'],
        trackingNo: s.trackingNo,
        carrierRef: s.carrierRef,
        error: s.error,
        createTime: s.createdAt.toISOString(),
        modifyTime: s.updatedAt.toISOString(),
      }
    : null;

/** A package's shipments with carriers, the latest first. */
export async function shipmentsOf(db: Db, packageId: number): Promise<CarrierShipment[]> {
  const rows = await db.select().from(packageShipments).where(eq(packageShipments.packageId, packageId)).orderBy(desc(packageShipments.id));
  return rows.map((r) => view(r)!);
}

/** The carrier's label of a package, when it has a live booking (else our own label prints). */
export async function carrierLabelOf(db: Db, packageNo: string): Promise<Buffer | null> {
  const [s] = await db
    .select({ pdf: packageShipments.labelPdf })
    .from(packageShipments)
    .innerJoin(packages, eq(packages.id, packageShipments.packageId))
    .where(and(eq(packages.packageNo, packageNo), eq(packageShipments.status, 'booked')))
    .limit(1);
  return s?.pdf ? Buffer.from(s.pdf, 'base64') : null;
}

async function shipmentParcel(db: Db, p: typeof packages.$inferSelect): Promise<CarrierPackage> {
  const d = await declarationOf(db, p.id, null);
  return {
    packageNo: p.packageNo,
    address: p.address,
    countryCode: p.countryCode,
    weightG: p.realWeightG ?? p.estimatedWeightG,
    lengthMm: p.lengthMm ?? 100,
    widthMm: p.widthMm ?? 100,
    heightMm: p.heightMm ?? 100,
    customs: d.lines.map((l) => ({
      description: l.descriptionEn || l.descriptionZh,
      quantity: l.quantity,
      value: (l.quantity * l.unitValue) / 100,
      currency: d.currency,
      weightG: l.weightG,
      hsCode: l.hsCode,
      origin: l.origin,
    })),
  };
}

/**
 * Books the package's shipment with its forwarder's carrier: null when the forwarder has no carrier account. A live
 * booking is answered as it is (a repeated weigh books once); a refusal is recorded and answered with its message.
 * `strict` (the retry call) refuses a package that cannot be booked instead of passing it by. The demo carrier books
 * only where the server allows it (`sandboxOn`); elsewhere its booking is refused like a carrier's.
 */
export async function bookCarrier(
  db: Db,
  secrets: SecretBox,
  packageId: number,
  op: Op,
  o: { strict?: boolean; sandboxOn?: boolean } = {},
): Promise<CarrierShipment | null> {
  const strict = o.strict ?? false;
  const [p] = await db.select().from(packages).where(eq(packages.id, packageId)).limit(1);
  if (!p) throw notFound('包裹不存在');
  const [channel] = await db.select({ forwarderId: shipChannels.forwarderId }).from(shipChannels).where(eq(shipChannels.id, p.channelId));
  const found = await carrierAccountOf(db, secrets, channel?.forwarderId ?? null);
  if (!found) {
    if (strict) throw conflict(`包裹 ${p.packageNo} 的渠道货代没有配置承运商接口`);
    return null;
  }
  if (!BOOKABLE.has(p.status) || p.realWeightG === null) {
    if (strict) throw conflict(`包裹 ${p.packageNo} 还没有称重或已交接，不能向承运商订舱`);
    return null;
  }
  // A booking left under way by a server that died is given up, so this one may be made.
  await db
    .update(packageShipments)
    .set({ status: 'refused', error: '订舱未完成（服务中断）', updatedAt: op.now })
    .where(
      and(
        eq(packageShipments.packageId, p.id),
        eq(packageShipments.status, 'booking'),
        lt(packageShipments.updatedAt, new Date(op.now.getTime() - STALE_BOOKING_MS)),
      ),
    );
  const [claimed] = await db
    .insert(packageShipments)
    .values({ packageId: p.id, forwarderId: found.forwarderId, carrier: found.carrier, status: 'booking', createdAt: op.now, updatedAt: op.now })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    const [live] = await db
      .select()
      .from(packageShipments)
      .where(and(eq(packageShipments.packageId, p.id), inArray(packageShipments.status, ['booking', 'booked', 'cancel_pending'])));
    if (live?.status === 'cancel_pending' && strict) throw conflict(`包裹 ${p.packageNo} 的上一张运单还没有在承运商取消，请稍后重试`);
    return view(live);
  }
  const carrier = carrierFor(found.carrier, CARRIERS[found.carrier], o.sandboxOn ?? false);
  try {
    const booked = await carrier.bookShipment(found.account, await shipmentParcel(db, p));
    return await db.transaction(async (tx) => {
      const [s] = await tx
        .update(packageShipments)
        .set({
          status: 'booked',
          carrierRef: booked.carrierRef,
          trackingNo: booked.trackingNo,
          labelPdf: booked.labelPdf.toString('base64'),
          updatedAt: op.now,
        })
        .where(eq(packageShipments.id, claimed.id))
        .returning();
      await tx.update(packages).set({ trackingNo: booked.trackingNo }).where(eq(packages.id, p.id));
      const after = { carrier: found.carrier, trackingNo: booked.trackingNo, carrierRef: booked.carrierRef };
      await writeAudit(tx, op.actor, { action: 'package.carrierBook', targetType: 'package', targetId: p.id, after }, op.now);
      return view(s);
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Sold but unusable (its label could not be fetched): canceled at the carrier like an exception's booking.
    const bought = err instanceof CarrierError ? err.boughtRef : '';
    const [s] = await db
      .update(packageShipments)
      .set({ status: bought ? 'cancel_pending' : 'refused', ...(bought ? { carrierRef: bought } : {}), error: message, updatedAt: op.now })
      .where(eq(packageShipments.id, claimed.id))
      .returning();
    const refusal = { carrier: found.carrier, error: message, ...(bought ? { carrierRef: bought } : {}) };
    await writeAudit(db, op.actor, { action: 'package.carrierRefused', targetType: 'package', targetId: p.id, after: refusal, result: 'refused' }, op.now);
    if (!bought) return view(s);
    await sendCancels(db, secrets, op, p.id);
    // Canceled: the reason it was is what the packer reads (a cancel the carrier refused keeps its own words, retried by the job).
    const [canceled] = await db
      .update(packageShipments)
      .set({ error: message })
      .where(and(eq(packageShipments.id, claimed.id), eq(packageShipments.status, 'canceled')))
      .returning();
    return view(canceled ?? (await db.select().from(packageShipments).where(eq(packageShipments.id, claimed.id)))[0]);
  }
}

/**
 * In the transaction that raises an exception on a package or cancels it: its booking is to be canceled at the
 * carrier, and the carrier's tracking number leaves the package. Nothing booked: nothing to do.
 */
export async function markShipmentCancel(tx: Db, packageId: number, now: Date): Promise<void> {
  const [s] = await tx
    .update(packageShipments)
    .set({ status: 'cancel_pending', updatedAt: now })
    .where(and(eq(packageShipments.packageId, packageId), eq(packageShipments.status, 'booked')))
    .returning();
  if (s)
    await tx
      .update(packages)
      .set({ trackingNo: '' })
      .where(and(eq(packages.id, packageId), eq(packages.trackingNo, s.trackingNo)));
}

/** Cancels at their carriers the shipments marked to cancel (one package's, or all due): each at most once a call. */
export async function sendCancels(db: Db, secrets: SecretBox, op: Op, packageId?: number): Promise<number> {
  const due = await db
    .select()
    .from(packageShipments)
    .where(
      and(
        eq(packageShipments.status, 'cancel_pending'),
        packageId === undefined ? lt(packageShipments.cancelTries, MAX_CANCEL_TRIES) : eq(packageShipments.packageId, packageId),
      ),
    )
    .orderBy(asc(packageShipments.id))
    .limit(100);
  let done = 0;
  for (const s of due) {
    try {
      const found = await carrierAccountOf(db, secrets, s.forwarderId);
      if (!found || found.carrier !== s.carrier) throw new Error('货代的承运商接口已删除或更换，请到承运商后台取消运单');
      await CARRIERS[found.carrier].cancelShipment(found.account, s.carrierRef);
      await db
        .update(packageShipments)
        .set({ status: 'canceled', error: '', canceledAt: op.now, updatedAt: op.now })
        .where(and(eq(packageShipments.id, s.id), eq(packageShipments.status, 'cancel_pending')));
      const after = { carrier: s.carrier, carrierRef: s.carrierRef, trackingNo: s.trackingNo };
      await writeAudit(db, op.actor, { action: 'package.carrierCancel', targetType: 'package', targetId: s.packageId, after }, op.now);
      done++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(packageShipments)
        .set({ error: message, cancelTries: s.cancelTries + 1, updatedAt: op.now })
        .where(eq(packageShipments.id, s.id));
      const after = { carrier: s.carrier, carrierRef: s.carrierRef, error: message };
      await writeAudit(db, op.actor, { action: 'package.carrierCancel', targetType: 'package', targetId: s.packageId, after, result: 'refused' }, op.now);
    }
  }
  return done;
}
