import type { JobSet } from '../../core/jobs';
import { enqueueJob } from '../../core/jobs';
import { autoReceive } from './modify';

/**
 * Shipped packages nobody signed for count as received after AUTO_RECEIVE_DAYS: one job per hour (its key is the
 * hour), a conditional bulk update, so a repeat finds nothing more to do.
 */
export const GOODS_OUT_JOBS: JobSet = {
  kinds: [{ kind: 'goodsOut.autoReceive', run: (_job, { db, now }) => autoReceive(db, { actor: { id: null, name: 'system', ip: '' }, now: now() }) }],
  schedule: async (db, now) => {
    await enqueueJob(db, { kind: 'goodsOut.autoReceive', key: `goodsOut.autoReceive:${now.toISOString().slice(0, 13)}`, runAt: now }, now);
  },
};
