import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { memberProfiles } from '../../db/schema';
import { accrueCommission } from '../finance/service';
import { clawbackCommission } from '../finance/commission';
import { post } from '../ledger/service';
import type { Op, PackageRow } from './transition';

/** A package's freight money beyond the station steps: what the member paid, what comes back, and the agent's share. */

/** What the member paid in money for the package when paying it (freight less the coupon's part, plus insurance). */
export const paidAtPayment = (row: PackageRow) => row.freightEstimated - row.freightDiscount + row.insuranceFee;

/**
 * Gives the member `amount` of the package's money back to the balance, once per key, in `tx`; the agent's
 * commission on the package follows. `row` is the package with its refundedAmount already counting `amount`.
 */
export async function refundToMember(tx: Db, row: PackageRow, amount: number, p: { key: string; remark: string }, op: Op): Promise<void> {
  if (amount <= 0) return;
  await post(
    tx,
    {
      ownerType: 'member',
      ownerId: row.memberId,
      kind: 'balance',
      currency: row.currency,
      amount,
      type: 'refund',
      refType: 'package',
      refId: row.packageNo,
      remark: p.remark,
      idempotencyKey: p.key,
      operator: op.actor,
    },
    op.now,
  );
  const paid = row.freightCharged - row.freightDiscount + row.insuranceFee;
  await clawbackCommission(tx, { refType: 'package', refId: row.packageNo }, { total: row.refundedAmount, paid }, op.now, op.actor);
}

/** The freight difference back to the member after weighing or a correction (patch_refund), once per refund. */
export const refundFreightDifference = (tx: Db, before: PackageRow, after: PackageRow, amount: number, op: Op) =>
  refundToMember(
    tx,
    after,
    amount,
    // Keyed by what had been refunded before: a retry finds its posting, a later correction gets its own.
    { key: `package-${before.id}-freight-refund-${before.refundedAmount}`, remark: `包裹 ${before.packageNo} 运费差额退款` },
    op,
  );

/** The member's agent earns its commission on the freight the member paid (once per package). */
export async function accruePackageCommission(tx: Db, row: PackageRow, amount: number, op: Op): Promise<void> {
  if (amount <= 0) return;
  const [profile] = await tx.select({ agentId: memberProfiles.agentId }).from(memberProfiles).where(eq(memberProfiles.memberId, row.memberId));
  if (!profile?.agentId) return;
  await accrueCommission(
    tx,
    { agentId: profile.agentId, refType: 'package', refId: row.packageNo, orderAmount: amount, currency: row.currency },
    op.now,
    op.actor,
  );
}
