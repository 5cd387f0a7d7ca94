import { enqueueJob, type JobSet } from '../../core/jobs';
import { autoCancelUnpaid } from './unpaid';

const KIND = 'purchase.autoCancel';
const EVERY_MS = 5 * 60_000;

/** Every 5 minutes (one job per slot, however many servers): unpaid shop orders past order.autoCancelMinutes are canceled. */
export const PURCHASE_JOBS: JobSet = {
  kinds: [{ kind: KIND, run: (_job, { db, now }) => autoCancelUnpaid(db, now()) }],
  schedule: async (db, now) => {
    const slot = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS);
    await enqueueJob(db, { kind: KIND, key: `${KIND}:${slot.toISOString().slice(0, 16)}`, runAt: now }, now);
  },
};
