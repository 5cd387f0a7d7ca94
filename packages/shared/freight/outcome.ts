import { type FreightPatchStatus, topUpDue } from '../vocab/goods-out';

/** What a package holds of its freight money (minor units). */
export interface FreightPaid {
  /** Freight charged: the quote paid, plus top-ups. */
  freightCharged: number;
  /** The part of it a coupon paid. */
  freightDiscount: number;
  /** Given back to the member so far. */
  refundedAmount: number;
}

export interface FreightOutcome {
  patchStatus: Exclude<FreightPatchStatus, 'patch_completed'>;
  topUp: number;
  refund: number;
}

/**
 * The outcome of the real freight on what the member paid: a top-up beyond the tolerance (patch_wait), the
 * difference back when it came out cheaper (patch_refund; never more than the money paid, a coupon's part is not
 * paid out), or neither (patch_match).
 */
export function freightOutcome(paid: FreightPaid, real: number): FreightOutcome {
  const covered = paid.freightCharged - paid.refundedAmount;
  const topUp = topUpDue(real, covered);
  if (topUp > 0) return { patchStatus: 'patch_wait', topUp, refund: 0 };
  const refund = Math.min(covered - real, paid.freightCharged - paid.freightDiscount - paid.refundedAmount);
  return refund > 0 ? { patchStatus: 'patch_refund', topUp: 0, refund } : { patchStatus: 'patch_match', topUp: 0, refund: 0 };
}
