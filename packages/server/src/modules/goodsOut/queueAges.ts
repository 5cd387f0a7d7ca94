import { sql } from 'drizzle-orm';
import { agedRows } from '../badge/service';

/** The goods-out queues' clocks (badge SLA): where each queue's oldest package started waiting. */
export const pretrialWaitAge = agedRows('packages', 'created_at', sql`status = 'pack_pretrial'`);
export const removeWaitAge = agedRows('packages', 'coalesce(pay_time, created_at)', sql`status = 'remove_wait'`);
export const exceptionWaitAge = agedRows('package_exceptions', 'created_at', sql`status = 'open'`);
export const sortWaitAge = agedRows('packages', 'coalesce(label_confirmed_at, updated_at)', sql`status = 'wait_ship'`);
