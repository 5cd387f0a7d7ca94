import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { shopOrderMachine } from '@waystation/shared/machines/shop-order';
import { enqueueJob, type JobSet } from '../../core/jobs';
import { shopOrders } from '../../db/schema';
import { autoCancelUnpaid } from './unpaid';

const KIND = 'purchase.autoCancel';

/**
 * At each tick of the runner (30 s), when an unpaid shop order is past its pay deadline, one job per minute (however
 * many servers) cancels the overdue ones. Minutes with nothing due leave no job row.
 */
export const PURCHASE_JOBS: JobSet = {
  kinds: [{ kind: KIND, run: (_job, { db, now }) => autoCancelUnpaid(db, now()) }],
  schedule: async (db, now) => {
    const [due] = await db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(and(lte(shopOrders.payDeadline, now), isNotNull(shopOrders.payDeadline), inArray(shopOrders.status, shopOrderMachine.fromStatuses('cancel'))))
      .limit(1);
    if (due) await enqueueJob(db, { kind: KIND, key: `${KIND}:${now.toISOString().slice(0, 16)}`, runAt: now }, now);
  },
};
