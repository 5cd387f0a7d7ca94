import { periodicJob } from '../../core/jobs';
import { pruneOpenState } from './http';

/** The member API's housekeeping: spent rate windows and day-old idempotency answers are dropped. */
export const OPEN_JOBS = periodicJob('open.prune', 'day', (_job, { db, now }) => pruneOpenState(db, now()));
