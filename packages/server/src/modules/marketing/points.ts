import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { memberPointEntries, memberPoints } from '../../db/schema';
import { conflict } from '../../core/errors';

// Crediting and the balance live beside the lucky draws, which gave points first.
export { addPoints as earnPoints, pointsOf } from './draws';

/**
 * Member points: earned by paying shop orders (POINTS_PER_UNIT per whole unit of the goods paid, and lucky-draw prizes)
 * and spent at order payment (a point takes off one minor unit). Each movement is one row of the points ledger, keyed
 * by what caused it, so a retried payment moves nothing twice.
 */
export const POINTS_PER_UNIT = 1;

/** The points a payment of `goods` minor units earns. */
export const pointsEarnedBy = (goods: number) => Math.floor(goods / 100) * POINTS_PER_UNIT;

/** Takes `amount` points off the member in `tx`; 40900 when they have fewer. */
export async function spendPoints(tx: Db, memberId: number, amount: number, refType: string, refId: string, now: Date): Promise<void> {
  const [row] = await tx
    .update(memberPoints)
    .set({ balance: sql`${memberPoints.balance} - ${amount}`, updatedAt: now })
    .where(and(eq(memberPoints.memberId, memberId), gte(memberPoints.balance, amount)))
    .returning({ balance: memberPoints.balance });
  if (!row) throw conflict('积分不足');
  await tx.insert(memberPointEntries).values({ memberId, amount: -amount, balanceAfter: row.balance, refType, refId, createdAt: now });
}
