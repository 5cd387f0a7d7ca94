import { QcDecision } from '@waystation/shared/vocab/goods-in';
import type { Db } from '../../db';
import type { Actor } from '../../core/audit';
import { conflict } from '../../core/errors';
import { isAllowed } from '../../core/transition';
import { refundToBalance } from '../purchase/lineRefunds';
import { applyStep, purchaseLines } from '../purchase/transition';
import { openReturn } from './returns';
import { lockMemberLine } from '../purchase/transition';

/** The answer as staff read it on the line (its timeline, and its hold reason while it waits for them). */
export const answerNote = (decision: QcDecision, remark: string) => `会员答复：${QcDecision.label(decision)}${remark ? `，${remark}` : ''}`;

/**
 * The member's answer to a QC problem on one of their lines (the line is on hold from QC). Accept: back to QC, on to
 * shelving; refund: what is left of the line's payment goes to the balance (→ refunded); return or exchange: a return
 * request of that kind awaits review in 退货管理 (→ return_checking; once the seller signs, a return is refunded and an
 * exchange is purchased again, awaiting the replacement). Another member's line is 40400; a line not waiting for an
 * answer (answered already, or never held by QC) is 40900.
 */
export async function answerQcProblem(
  db: Db,
  memberId: number,
  body: { purchaseNo: string; decision: QcDecision; remark: string },
  op: { actor: Actor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await lockMemberLine(tx, memberId, body.purchaseNo);
    // A QC hold is the hold that qc_release ends; a hold at the purchasing desk is not the member's to answer.
    if (!isAllowed(purchaseLines, line, 'qc_release') || line.holdFrom !== 'stocking_input') throw conflict(`采购单 ${line.purchaseNo} 没有待答复的质检问题`);
    const note = answerNote(body.decision, body.remark);
    const step = { actor: op.actor, now: op.now, note, audit: { decision: body.decision }, eventData: { decision: body.decision } };
    if (body.decision === 'accept') {
      await applyStep(tx, line, { ...step, event: 'qc_release', set: { holdReason: '', holdFrom: null } });
      return;
    }
    if (body.decision === 'refund') {
      const due = line.paidAmount - line.refundedAmount;
      await applyStep(tx, line, {
        ...step,
        event: 'refund',
        note: `${note}；退款 ${(due / 100).toFixed(2)} ${line.currency}`,
        set: { holdReason: note, holdFrom: null, refundedAmount: line.paidAmount },
        eventData: { ...step.eventData, amount: due, currency: line.currency },
      });
      await refundToBalance(tx, line, due, `purchase-${line.id}-refund`, op, `采购单 ${line.purchaseNo} 质检问题退款`);
      return;
    }
    await applyStep(tx, line, { ...step, event: 'return_apply', set: { holdReason: note, holdFrom: null } });
    await openReturn(tx, line, note, op.actor, op.now, body.decision === 'exchange' ? 'exchange' : 'return');
  });
}
