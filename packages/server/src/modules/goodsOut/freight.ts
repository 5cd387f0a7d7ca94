import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { memberProfiles, packages } from '../../db/schema';
import { conflict } from '../../core/errors';
import type { Actor } from '../../core/audit';
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

/** What of a package's money is still the member's to have back: freight paid (less the coupon's part) and insurance. */
export const refundableOf = (row: PackageRow) => (row.payTime ? row.freightCharged - row.freightDiscount + row.insuranceFee : 0) - row.refundedAmount;

/**
 * An after-sales refund of a package paid (in the review's transaction, beside its own ledger row): counted in what the
 * package has refunded, so a later cancel refunds only the rest, and the agent gives back its share; 40900 when the
 * package has less left to refund (canceled meanwhile).
 */
export async function countAfterSalesRefund(tx: Db, packageNo: string, amount: number, now: Date, actor: Actor): Promise<void> {
  const [row] = await tx.select().from(packages).where(eq(packages.packageNo, packageNo)).for('update');
  if (!row) return;
  if (amount > refundableOf(row)) throw conflict(`包裹 ${packageNo} 可退金额只剩 ${(Math.max(0, refundableOf(row)) / 100).toFixed(2)} ${row.currency}`);
  const refundedAmount = row.refundedAmount + amount;
  await tx.update(packages).set({ refundedAmount, updatedAt: now }).where(eq(packages.id, row.id));
  const paid = row.freightCharged - row.freightDiscount + row.insuranceFee;
  await clawbackCommission(tx, { refType: 'package', refId: row.packageNo }, { total: refundedAmount, paid }, now, actor);
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
