import { and, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ModifyAddrBody,
  ModifyAttrBody,
  ModifyChannelBody,
  ModifyFreightBody,
  ModifyStatusBody,
  ModifyWeightBody,
  PackageModification,
} from '@waystation/shared/contract/goodsOut/packages';
import { manualCorrection } from '@waystation/shared/machines/package';
import type { ItemAttr } from '@waystation/shared/vocab/config-content';
import { AUTO_RECEIVE_DAYS, PackageStatus, type PackageTraceType } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../../db';
import { packages } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { conflict, invalid } from '../../core/errors';
import { channelFreight } from '../logistics/freight';
import { freightOutcome } from '@waystation/shared/freight/outcome';
import { refundFreightDifference } from './freight';
import { mayModify } from './queries';
import { applyBulkTransition, isAllowed } from '../../core/transition';
import { actionResult, applyStep, lockPackage, type Op, packageRows, type PackageRow, writeTrace } from './transition';

const TRACE_OF: Record<Exclude<PackageModification, 'modifyStatus'>, PackageTraceType> = {
  modifyWeight: 'modify_package_weight',
  modifyAttr: 'modify_package_attr',
  modifyAddr: 'modify_package_addr',
  modifyChannel: 'pack_change_channel',
  modifyFreight: 'modify_package_freight',
};

interface Change {
  set: Partial<typeof packages.$inferInsert>;
  before: unknown;
  after: unknown;
  note: string;
  /** What follows from the change in the same transaction (a transition, money): answers the package after it. */
  follow?: (tx: Db, updated: PackageRow) => Promise<PackageRow>;
}

/**
 * One sensitive modification (SPEC §6; the route demands the verification ticket): allowed only in the statuses
 * listed for it, written with a conditional update (status unchanged since read), a trace row and an audit row.
 */
async function modify(
  db: Db,
  kind: Exclude<PackageModification, 'modifyStatus'>,
  id: number,
  reason: string,
  op: Op,
  change: (row: PackageRow, tx: Db) => Promise<Change | null>,
) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id });
    if (!mayModify(kind, row.status))
      throw conflict(`包裹 ${row.packageNo} 当前状态为「${PackageStatus.label(row.status)}」，不能修改`, { status: row.status });
    const c = await change(row, tx);
    if (!c) return actionResult(row, true);
    const [updated] = await tx
      .update(packages)
      .set({ ...c.set, updatedAt: op.now })
      .where(and(eq(packages.id, row.id), eq(packages.status, row.status)))
      .returning();
    if (!updated) throw conflict(`包裹 ${row.packageNo} 已被其他操作更新，请刷新后重试`);
    await writeTrace(tx, row.id, { type: TRACE_OF[kind], event: kind, from: row.status, to: row.status, note: `${c.note}（${reason}）` }, op);
    await writeAudit(
      tx,
      op.actor,
      { action: `package.${kind}`, targetType: 'package', targetId: row.packageNo, before: c.before, after: { ...(c.after as object), reason } },
      op.now,
    );
    return actionResult(c.follow ? await c.follow(tx, updated) : updated);
  });
}

/** Corrects the weight: the real weight once weighed, else the estimate. */
export const modifyWeight = (db: Db, b: z.infer<typeof ModifyWeightBody>, op: Op) =>
  modify(db, 'modifyWeight', b.id, b.reason, op, async (row) => {
    const weighed = row.realWeightG !== null;
    const before = weighed ? row.realWeightG : row.estimatedWeightG;
    if (before === b.weightG) return null;
    return {
      set: weighed ? { realWeightG: b.weightG } : { estimatedWeightG: b.weightG },
      before: { weightG: before },
      after: { weightG: b.weightG },
      note: `${before} g → ${b.weightG} g`,
    };
  });

/** Corrects item attributes, value-added services, declared value and insurance. */
export const modifyAttr = (db: Db, b: z.infer<typeof ModifyAttrBody>, op: Op) =>
  modify(db, 'modifyAttr', b.id, b.reason, op, async (row) => {
    const before = { attrs: row.attrs, services: row.services, declaredValue: row.declaredValue, insuranceFee: row.insuranceFee };
    const after = { attrs: [...b.attrs].sort(), services: [...b.services].sort(), declaredValue: b.declaredValue, insuranceFee: b.insuranceFee };
    if (JSON.stringify({ ...before, attrs: [...row.attrs].sort(), services: [...row.services].sort() }) === JSON.stringify(after)) return null;
    return {
      set: after,
      before,
      after,
      note: `属性 ${after.attrs.join(',') || '-'}，服务 ${after.services.join(',') || '-'}，申报 ${(b.declaredValue / 100).toFixed(2)}`,
    };
  });

/** Corrects the address; the destination country must still be served by the package's channel. */
export const modifyAddr = (db: Db, b: z.infer<typeof ModifyAddrBody>, op: Op) =>
  modify(db, 'modifyAddr', b.id, b.reason, op, async (row, tx) => {
    if (JSON.stringify(row.address) === JSON.stringify(b.address)) return null;
    if (b.address.country !== row.countryCode) {
      await channelFreight(tx, row.channelId, {
        countryCode: b.address.country,
        weightG: row.realWeightG ?? Math.max(1, row.estimatedWeightG),
        lengthMm: 0,
        widthMm: 0,
        heightMm: 0,
        attrs: row.attrs as ItemAttr[],
      });
    }
    return {
      set: { address: b.address, countryCode: b.address.country },
      before: row.address,
      after: b.address,
      note: `${row.address.receiver} ${row.countryCode} → ${b.address.receiver} ${b.address.country}`,
    };
  });

/** Moves the package to another channel that takes it; before payment the estimated freight is re-quoted. */
export const modifyChannel = (db: Db, b: z.infer<typeof ModifyChannelBody>, op: Op) =>
  modify(db, 'modifyChannel', b.id, b.reason, op, async (row, tx) => {
    if (row.channelId === b.channelId) return null;
    const quote = await channelFreight(tx, b.channelId, {
      countryCode: row.countryCode,
      weightG: Math.max(1, row.estimatedWeightG),
      lengthMm: 0,
      widthMm: 0,
      heightMm: 0,
      attrs: row.attrs as ItemAttr[],
    });
    const unpaid = !row.payTime;
    return {
      set: { channelId: b.channelId, ...(unpaid && row.freightEstimated ? { freightEstimated: quote.total, currency: quote.currency } : {}) },
      before: { channelId: row.channelId },
      after: { channelId: b.channelId },
      note: `${row.channelId} → ${quote.channelName}`,
    };
  });

/**
 * Sets the real freight by hand. While the package waits for a top-up the bill follows it, and when nothing is due any
 * more the package moves on as if topped up (patch_wait → pending_launch; held by an exception, it does so when that
 * is resolved). Once weighed, freight corrected below what was paid gives the difference back (patch_refund); above it,
 * a package weighed and not yet labelled waits for a top-up (packed → patch_wait); one further on is not billed again.
 */
export const modifyFreight = (db: Db, b: z.infer<typeof ModifyFreightBody>, op: Op) =>
  modify(db, 'modifyFreight', b.id, b.reason, op, async (row) => {
    if (row.freightReal === b.freightReal) return null;
    const money = (v: number) => `${(v / 100).toFixed(2)} ${row.currency}`;
    const note = `实际运费 ${money(row.freightReal ?? 0)} → ${money(b.freightReal)}`;
    // An open bill: the package waits for its top-up, or an exception holds it while it does.
    const waiting = isAllowed(packageRows, row, 'patch_paid') || row.patchStatus === 'patch_wait';
    // Before weighing nothing was billed on the real freight: the weigh will price it again.
    if (!row.packedAt) return { set: { freightReal: b.freightReal }, before: { freightReal: row.freightReal }, after: { freightReal: b.freightReal }, note };
    const o = freightOutcome(row, b.freightReal);
    // Weighed, label not yet confirmed: a freight above what was paid is billed as the weigh bills it (patch_wait).
    // Further on (topped up, labelled, sorted) the correction is recorded and nothing more is asked of the member.
    const billed = isAllowed(packageRows, row, 'patch_request') && o.topUp > 0;
    const unbilled = !waiting && !billed && o.topUp > 0;
    const patchAmount = waiting || billed ? o.topUp : row.patchAmount;
    const patchStatus = waiting || billed || o.refund ? o.patchStatus : row.patchStatus;
    const set = { freightReal: b.freightReal, patchAmount, patchStatus, refundedAmount: row.refundedAmount + o.refund };
    return {
      set,
      before: { freightReal: row.freightReal, patchAmount: row.patchAmount, patchStatus: row.patchStatus },
      after: { freightReal: b.freightReal, patchAmount, patchStatus, ...(o.refund ? { refund: o.refund } : {}) },
      note: `${note}${waiting || billed ? `，需补 ${money(patchAmount)}` : ''}${unbilled ? '，不再向会员补收' : ''}${o.refund ? `，退还多付运费 ${money(o.refund)}` : ''}`,
      follow: async (tx, updated) => {
        let after = updated;
        if (billed) {
          ({ row: after } = await applyStep(tx, updated, {
            event: 'patch_request',
            op,
            note: `运费更正为 ${money(b.freightReal)}，需补 ${money(patchAmount)}`,
            audit: { freightReal: b.freightReal, patchAmount },
          }));
        }
        if (isAllowed(packageRows, row, 'patch_paid') && patchAmount === 0) {
          ({ row: after } = await applyStep(tx, updated, {
            event: 'patch_paid',
            op,
            note: `运费更正为 ${money(b.freightReal)}，无需补运费${o.refund ? `，退还 ${money(o.refund)}` : ''}`,
            audit: { freightReal: b.freightReal, patchStatus, refund: o.refund },
          }));
        }
        await refundFreightDifference(tx, row, after, o.refund, op);
        return after;
      },
    };
  });

/** A manual status correction: only along the machine's manual rows (e.g. shipped → received when the carrier confirms). */
export async function modifyStatus(db: Db, b: z.infer<typeof ModifyStatusBody>, op: Op) {
  return db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: b.id });
    const t = manualCorrection(row.status, b.status);
    if (t === 'repeat') return actionResult(row, true);
    if (!t) throw invalid('status', `包裹 ${row.packageNo} 不能从「${PackageStatus.label(row.status)}」改为「${PackageStatus.label(b.status)}」`);
    const { row: after } = await applyStep(tx, row, {
      event: t.event,
      op,
      note: `人工修改状态：${b.reason}`,
      set: t.event === 'manual_sign' ? { receivedAt: op.now, receivedBy: 'staff' } : {},
      audit: { reason: b.reason },
    });
    await writeTrace(tx, row.id, { type: 'modify_package_status', event: 'modifyStatus', from: row.status, to: after.status, note: b.reason }, op);
    return actionResult(after);
  });
}

/** Shipped packages not signed for within AUTO_RECEIVE_DAYS count as received (one statement, one trace each). */
export async function autoReceive(db: Db, op: Op, days = AUTO_RECEIVE_DAYS): Promise<{ received: number }> {
  return db.transaction(async (tx) => {
    const cutoff = new Date(op.now.getTime() - days * 86_400_000);
    const done = await applyBulkTransition(
      tx,
      packageRows,
      { from: 'shipped', where: lt(packages.shippedAt, cutoff), target: { type: 'package', id: 'auto_receive' } },
      { event: 'sign', op, note: `发货 ${days} 天后自动签收`, set: { receivedAt: op.now, receivedBy: 'auto' }, audit: { days } },
    );
    return { received: done.length };
  });
}
