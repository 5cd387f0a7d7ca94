import { type JobSet, periodicJob } from '../../core/jobs';
import { pruneOpenState } from './http';

/** The member API's daily work: dropping spent rate windows, day-old idempotency answers and sign-in tries. */
export const OPEN_JOBS: JobSet = periodicJob('open.prune', 'day', (_job, { db, now }) => pruneOpenState(db, now()));
