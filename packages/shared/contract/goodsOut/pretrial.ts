import { z } from 'zod';
import { defineCall } from '../call';
import { grams, PackageActionResult, reason } from './common';
import { PACKAGE_EVENTS } from '../../machines/package';
import { PackageListQuery, PackageListResult, PackageRow } from './packages';

/** Pre-review (包裹预审): registered by the server's routes/pretrial.ts. */
export const PretrialPassBody = z.strictObject({
  id: z.number().int().positive(),
  estimatedWeightG: grams,
  note: z.string().trim().max(500).default(''),
});
export const PretrialFailBody = z.strictObject({ id: z.number().int().positive(), reason: reason('请输入不通过原因') });
/** A failed pre-review sent back to pre-review by staff (the member's fix came another way, or the fail was wrong). */
export const PretrialReopenBody = z.strictObject({ id: z.number().int().positive(), note: z.string().trim().max(500).default('') });
export const PretrialQuote = PackageActionResult.extend({ freightEstimated: z.number().int(), currency: z.string() });
/** A package on the pre-review list, with what the caller may do to it now (the machine's actions). */
export const PretrialRow = PackageRow.extend({ actions: z.array(z.enum(PACKAGE_EVENTS)) });
export type PretrialRow = z.infer<typeof PretrialRow>;
export const PretrialListResult = PackageListResult.extend({ list: z.array(PretrialRow) });

// The calls (issue #29): each declared once, registered by the server's pretrial.ts, made by the web.
export const warehousePretrialPageListCall = defineCall({
  method: 'GET',
  url: '/api/warehouse/pretrial/pageList',
  query: PackageListQuery,
  data: PretrialListResult,
});
export const warehousePretrialPassCall = defineCall({ method: 'POST', url: '/api/warehouse/pretrial/pass', body: PretrialPassBody, data: PretrialQuote });
export const warehousePretrialFailCall = defineCall({ method: 'POST', url: '/api/warehouse/pretrial/fail', body: PretrialFailBody, data: PackageActionResult });
export const warehousePretrialReopenCall = defineCall({
  method: 'POST',
  url: '/api/warehouse/pretrial/reopen',
  body: PretrialReopenBody,
  data: PackageActionResult,
});
