import { type JobSet, periodicJob } from '../../core/jobs';
import { chargeStorageFees, warnStorageFees } from './service';

/** Once a day: warn the members whose goods near the free days, then charge the items past them. */
export const STORAGE_FEE_JOBS: JobSet = periodicJob('storageFee.charge', 'day', async (_job, { db, now }) => ({
  warned: (await warnStorageFees(db, now())).members,
  ...(await chargeStorageFees(db, now())),
}));
