import type { z } from 'zod';
import type {
  ActionResult,
  CancelBody,
  FailBody,
  HoldBody,
  LogisticsBody,
  PatchRefundBody,
  PatchRequestBody,
  PatchSimpleBody,
  PurchasedBody,
  ReleaseBody,
  TransferBody,
} from '@waystation/shared/contract/purchase';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { purchaseOrders } from '../../db/schema';
import type { Actor } from '../../core/audit';
import type { Caller } from '../../core/auth';
import { conflict, forbidden, invalid } from '../../core/errors';
import { refundToBalance } from './lineRefunds';
import { post } from '../ledger/service';
import { purchasers } from './queries';
import { isAllowed, isRepeat } from '../../core/transition';
import { applyStep, loadLine, lockMemberLine, patchAllows, patchHad, type PurchaseRow, purchaseLines } from './transition';

/** Who is acting, and when: every desk action takes this. */
export interface Op {
  caller: Caller;
  actor: Actor;
  now: Date;
}

const result = (row: PurchaseRow, repeated = false): ActionResult => ({ id: row.id, status: row.status as ActionResult['status'], repeated });

/** A line the member can still pay is unpaid (nothing to refund). */
const isUnpaid = (row: PurchaseRow) => isAllowed(purchaseLines, row, 'pay');

/** A claimed line is worked by its purchaser; staff with all routes (supervisors) may step in. */
function assertAssignee(row: PurchaseRow, op: Op): void {
  if (row.purchaserId !== null && row.purchaserId !== op.caller.id && !op.caller.allRoutes) {
    throw forbidden(`该采购单已由 ${row.purchaserName} 领取，只有领取人可以操作`);
  }
}

/** Claims a waiting line for the caller (purchase_wait → purchasing). Claiming one's own line again is a no-op. */
export async function claim(db: Db, id: number, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, id);
    if (isRepeat(purchaseLines, row, 'claim', { purchaserId: op.caller.id })) return result(row, true);
    const { row: after } = await applyStep(tx, row, {
      event: 'claim',
      actor: op.actor,
      now: op.now,
      set: { purchaserId: op.caller.id, purchaserName: op.caller.name },
    });
    return result(after);
  });
}

/** Hands a line being bought to another purchaser. */
export async function transfer(db: Db, body: z.infer<typeof TransferBody>, op: Op): Promise<ActionResult> {
  const target = (await purchasers(db)).find((p) => p.id === body.purchaserId);
  if (!target) throw invalid('purchaserId', '该员工不能采购');
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'transfer', { purchaserId: target.id })) return result(row, true);
    assertAssignee(row, op);
    const { row: after } = await applyStep(tx, row, {
      event: 'transfer',
      actor: op.actor,
      now: op.now,
      note: `${row.purchaserName || '-'} → ${target.name}${body.note ? `：${body.note}` : ''}`,
      set: { purchaserId: target.id, purchaserName: target.name },
      audit: { purchaserId: target.id },
    });
    return result(after);
  });
}

/** Puts a line being bought on hold with a reason. */
export async function hold(db: Db, body: z.infer<typeof HoldBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'hold', { holdReason: body.reason })) return result(row, true);
    assertAssignee(row, op);
    const { row: after } = await applyStep(tx, row, {
      event: 'hold',
      actor: op.actor,
      now: op.now,
      note: body.reason,
      set: { holdReason: body.reason, holdFrom: row.status },
    });
    return result(after);
  });
}

/** Releases a held line back to where it was held from: buying, or QC after a warehouse problem. */
export async function release(db: Db, body: z.infer<typeof ReleaseBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    const event = row.holdFrom === 'stocking_input' ? 'qc_release' : 'release';
    const { row: after } = await applyStep(tx, row, {
      event,
      actor: op.actor,
      now: op.now,
      note: body.note,
      set: { holdReason: '', holdFrom: null },
    });
    return result(after);
  });
}

/** Records the marketplace purchase (purchasing → purchased). */
export async function markPurchased(db: Db, body: z.infer<typeof PurchasedBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'purchase', { mallOrderNo: body.mallOrderNo })) return result(row, true);
    assertAssignee(row, op);
    if (!patchAllows(row, 'purchase')) throw conflict('差价未补齐，不能完成采购');
    const { row: after } = await applyStep(tx, row, {
      event: 'purchase',
      actor: op.actor,
      now: op.now,
      note: `平台订单号 ${body.mallOrderNo}`,
      set: {
        mallOrderNo: body.mallOrderNo,
        realPrice: body.realPrice,
        domesticFee: body.domesticFee,
        trackingNo: body.trackingNo,
        logisticsStatus: body.trackingNo ? 'WAIT_ACCEPT' : null,
        purchaseEndTime: op.now,
      },
      audit: { mallOrderNo: body.mallOrderNo, realPrice: body.realPrice, trackingNo: body.trackingNo },
    });
    return result(after);
  });
}

/** The price went up: asks the member for a top-up (purchasing → purchase_patch). */
export async function patchRequest(db: Db, body: z.infer<typeof PatchRequestBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'patch_request', { patchAmount: body.amount })) return result(row, true);
    assertAssignee(row, op);
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_request',
      actor: op.actor,
      now: op.now,
      note: `需补差价 ${(body.amount / 100).toFixed(2)} ${row.currency}${body.note ? `：${body.note}` : ''}`,
      set: { patchStatus: 'purchase_patch', patchAmount: body.amount },
      audit: { amount: body.amount },
      eventData: { amount: body.amount, currency: row.currency },
    });
    return result(after);
  });
}

/** The member paid the top-up: back to the purchaser (purchase_patch → purchasing, patch_completed). */
export async function patchPaid(db: Db, body: z.infer<typeof PatchSimpleBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'patch_paid') && patchHad(row, 'patch_paid')) return result(row, true);
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_paid',
      actor: op.actor,
      now: op.now,
      note: body.note || '会员已补差价',
      set: { patchStatus: 'patch_completed', paidAmount: row.paidAmount + row.patchAmount },
    });
    return result(after);
  });
}

/** The price went down: the difference goes to the member's balance (patch_refund); the line stays purchasing. */
export async function patchRefund(db: Db, body: z.infer<typeof PatchRefundBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (patchHad(row, 'patch_refund') && row.patchAmount === body.amount) return result(row, true);
    assertAssignee(row, op);
    if (!patchAllows(row, 'patch_refund')) throw conflict('差价已处理');
    if (body.amount > row.paidAmount - row.refundedAmount) throw invalid('amount', '退款金额不能大于已支付金额');
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_refund',
      actor: op.actor,
      now: op.now,
      note: `退差价 ${(body.amount / 100).toFixed(2)} ${row.currency}${body.note ? `：${body.note}` : ''}`,
      set: { patchStatus: 'patch_refund', patchAmount: body.amount, refundedAmount: row.refundedAmount + body.amount },
      audit: { amount: body.amount },
    });
    await refundToBalance(tx, row, body.amount, `purchase-${row.id}-patch-refund`, op, `采购单 ${row.purchaseNo} 退差价`);
    return result(after);
  });
}

/** The price matched: no top-up and no refund (patch_match). */
export async function patchMatch(db: Db, body: z.infer<typeof PatchSimpleBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (patchHad(row, 'patch_match')) return result(row, true);
    assertAssignee(row, op);
    if (!patchAllows(row, 'patch_match')) throw conflict('差价已处理');
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_match',
      actor: op.actor,
      now: op.now,
      note: body.note || '无需补退',
      set: { patchStatus: 'patch_match', patchAmount: 0 },
    });
    return result(after);
  });
}

/** The marketplace could not deliver: purchase_fail, then the unrefunded payment back to the balance (refunded). */
export async function fail(db: Db, body: z.infer<typeof FailBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    // A failed line goes on to its refund: the repeat is a refunded line with this reason.
    if (isRepeat(purchaseLines, row, 'refund', { holdReason: body.reason })) return result(row, true);
    assertAssignee(row, op);
    const { row: failed } = await applyStep(tx, row, { event: 'fail', actor: op.actor, now: op.now, note: body.reason, set: { holdReason: body.reason } });
    return result(await refundRest(tx, failed, op, `采购单 ${row.purchaseNo} 采购失败退款`));
  });
}

/** Cancels a line not yet being bought (a sensitive operation); a paid line is refunded to the balance at once. */
export async function cancel(db: Db, body: z.infer<typeof CancelBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    const paid = !isUnpaid(row);
    let { row: after } = await applyStep(tx, row, {
      event: 'cancel',
      actor: op.actor,
      now: op.now,
      note: body.reason,
      set: { cancelTime: op.now, holdReason: body.reason },
    });
    if (paid && after.paidAmount > after.refundedAmount) after = await refundRest(tx, after, op, `采购单 ${row.purchaseNo} 取消退款`);
    return result(after);
  });
}

/** Updates the seller parcel's domestic tracking number and logistics status while the line is on its way. */
export async function logistics(db: Db, body: z.infer<typeof LogisticsBody>, op: Op): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, body.id);
    if (isRepeat(purchaseLines, row, 'logistics', { trackingNo: body.trackingNo, logisticsStatus: body.logisticsStatus })) return result(row, true);
    const { row: after } = await applyStep(tx, row, {
      event: 'logistics',
      actor: op.actor,
      now: op.now,
      note: `${body.trackingNo} ${body.logisticsStatus}`,
      set: { trackingNo: body.trackingNo, logisticsStatus: body.logisticsStatus },
    });
    return result(after);
  });
}

// ---------------------------------------------------------------- the member's answer to a price top-up (member API)

/** The member pays the price top-up from the balance: back to the purchaser (purchase_patch → purchasing, patch_completed). */
export async function memberPayPatch(db: Db, memberId: number, purchaseNo: string, op: { actor: Actor; now: Date }): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await lockMemberLine(tx, memberId, purchaseNo);
    if (patchHad(row, 'patch_paid')) return result(row, true);
    if (!isAllowed(purchaseLines, row, 'patch_paid') || row.patchAmount <= 0) throw conflict(`采购单 ${purchaseNo} 没有待补的差价`);
    await post(
      tx,
      {
        ownerType: 'member',
        ownerId: memberId,
        kind: 'balance',
        currency: row.currency,
        amount: -row.patchAmount,
        type: 'price_topup',
        refType: 'purchase',
        refId: row.id,
        remark: `采购单 ${row.purchaseNo} 补差价`,
        idempotencyKey: `purchase-${row.id}-patch-${row.patchAmount}`,
        operator: op.actor,
      },
      op.now,
    );
    const { row: after } = await applyStep(tx, row, {
      event: 'patch_paid',
      actor: op.actor,
      now: op.now,
      note: `会员补差价 ${(row.patchAmount / 100).toFixed(2)} ${row.currency}`,
      set: { patchStatus: 'patch_completed', paidAmount: row.paidAmount + row.patchAmount },
      audit: { amount: row.patchAmount },
    });
    return result(after);
  });
}

/** The member will not pay more: the line is given up and what was paid goes back to the balance (→ refunded). */
export async function memberDeclinePatch(db: Db, memberId: number, purchaseNo: string, op: { actor: Actor; now: Date }): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await lockMemberLine(tx, memberId, purchaseNo);
    if (isRepeat(purchaseLines, row, 'refund', { holdReason: MEMBER_DECLINED })) return result(row, true);
    if (!isAllowed(purchaseLines, row, 'patch_paid')) throw conflict(`采购单 ${purchaseNo} 没有待补的差价`);
    const { row: failed } = await applyStep(tx, row, {
      event: 'fail',
      actor: op.actor,
      now: op.now,
      note: MEMBER_DECLINED,
      set: { holdReason: MEMBER_DECLINED },
    });
    return result(await refundRest(tx, failed, op, `采购单 ${row.purchaseNo} 会员放弃补差价退款`));
  });
}
const MEMBER_DECLINED = '会员放弃补差价';

/**
 * The member asks for the money of a line nobody has bought: a paid line still waiting for a purchaser is canceled
 * and refunded at once, a line whose purchase failed is refunded. Once a purchaser has it (or it arrived), the
 * machine refuses: an arrived item goes back through a return instead.
 */
export async function memberRefundLine(db: Db, memberId: number, purchaseNo: string, reason: string, op: { actor: Actor; now: Date }): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const row = await lockMemberLine(tx, memberId, purchaseNo);
    if (isRepeat(purchaseLines, row, 'refund') && row.holdReason.startsWith(MEMBER_REFUND)) return result(row, true);
    const note = `${MEMBER_REFUND}：${reason}`;
    // Paid, and nobody is buying it yet: the machine can still cancel it.
    if (!isUnpaid(row) && isAllowed(purchaseLines, row, 'cancel')) {
      const { row: canceled } = await applyStep(tx, row, {
        event: 'cancel',
        actor: op.actor,
        now: op.now,
        note,
        set: { cancelTime: op.now, holdReason: note },
      });
      return result(await refundRest(tx, canceled, op, `采购单 ${row.purchaseNo} 会员取消退款`));
    }
    // Its purchase failed (it had `fail` and waits for its refund).
    if (isRepeat(purchaseLines, row, 'fail')) {
      await tx.update(purchaseOrders).set({ holdReason: note }).where(eq(purchaseOrders.id, row.id));
      return result(await refundRest(tx, { ...row, holdReason: note }, op, `采购单 ${row.purchaseNo} 采购失败退款`));
    }
    if (isRepeat(purchaseLines, row, 'shelve')) throw conflict('商品已入库上架，请申请退货');
    throw conflict(`采购单 ${purchaseNo} 当前状态不能申请退款`);
  });
}
const MEMBER_REFUND = '会员申请退款';

/** Gives the member back what is left of the line's payment: the refund step, then the balance (once per line). */
async function refundRest(tx: Db, row: PurchaseRow, op: { actor: Actor; now: Date }, remark: string): Promise<PurchaseRow> {
  const due = row.paidAmount - row.refundedAmount;
  const { row: after } = await applyStep(tx, row, {
    event: 'refund',
    actor: op.actor,
    now: op.now,
    note: `退款 ${(due / 100).toFixed(2)} ${row.currency}`,
    set: { refundedAmount: row.paidAmount },
    audit: { amount: due },
    eventData: { amount: due, currency: row.currency },
  });
  await refundToBalance(tx, row, due, `purchase-${row.id}-refund`, op, remark);
  return after;
}
