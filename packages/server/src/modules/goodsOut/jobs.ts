import { periodicJob } from '../../core/jobs';
import type { SecretBox } from '../../core/secrets';
import { autoReceive } from './modify';
import { runTracking } from './tracking';
import { sendCancels } from './carriers/booking';

/**
 * Shipped packages nobody signed for count as received after AUTO_RECEIVE_DAYS: one job per hour, a conditional bulk
 * update, so a repeat finds nothing more to do.
 */
export const GOODS_OUT_JOBS = periodicJob('goodsOut.autoReceive', 'hour', (_job, { db, now }) =>
  autoReceive(db, { actor: { id: null, name: 'system', ip: '' }, now: now() }),
);

/**
 * Shipped parcels followed through 17TRACK once an hour (tracking.ts); nothing is called while tracking is not set up.
 * Where the demo carrier is allowed (`sandboxOn`), its parcels move one step a run.
 */
export const trackingJobs = (secrets: SecretBox, sandboxOn = false) =>
  periodicJob('goodsOut.tracking', 'hour', (_job, { db, now, heartbeat }) => runTracking(db, secrets, now, { heartbeat, sandboxOn }));

/** Shipments to cancel at their carriers that did not take the cancel yet, tried again once an hour (carriers/booking.ts). */
export const carrierJobs = (secrets: SecretBox) =>
  periodicJob('goodsOut.carrierCancel', 'hour', (_job, { db, now }) => sendCancels(db, secrets, { actor: { id: null, name: 'system', ip: '' }, now: now() }));
