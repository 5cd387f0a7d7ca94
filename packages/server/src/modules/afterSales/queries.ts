import { sql } from 'drizzle-orm';
import { agedRows } from '../badge/service';

/** The return review queue's clock (badge SLA): a return request waits from when it was made. */
export const returnWaitAge = agedRows('return_requests', 'created_at', sql`status = 'return_checking'`);
