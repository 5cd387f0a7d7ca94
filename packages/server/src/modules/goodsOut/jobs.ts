import { periodicJob } from '../../core/jobs';
import { autoReceive } from './modify';

/**
 * Shipped packages nobody signed for count as received after AUTO_RECEIVE_DAYS: one job per hour, a conditional bulk
 * update, so a repeat finds nothing more to do.
 */
export const GOODS_OUT_JOBS = periodicJob('goodsOut.autoReceive', 'hour', (_job, { db, now }) =>
  autoReceive(db, { actor: { id: null, name: 'system', ip: '' }, now: now() }),
);
