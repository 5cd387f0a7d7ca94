import type { FastifyInstance } from 'fastify';
import { warehousePretrialPageListCall, warehousePretrialPassCall, warehousePretrialFailCall } from '@waystation/shared/contract/goodsOut/pretrial';
import { api } from '../../../core/http';
import { pretrialFail, pretrialPass } from '../orders';
import { listPackages } from '../queries';
import { type StationContext, PRETRIAL } from './shared';

/** The pre-review station. */
export function pretrialRoutes(app: FastifyInstance, { db }: StationContext): void {
  api(app, warehousePretrialPageListCall, {
    permission: PRETRIAL,
    summary: 'Packages awaiting pre-review (or another pre-review status)',
    handler: ({ query }) => listPackages(db, { ...query, status: query.status?.startsWith('pack_pretrial') ? query.status : 'pack_pretrial' }),
  });
  api(app, warehousePretrialPassCall, {
    permission: PRETRIAL,
    summary: 'Pass pre-review with the estimated weight: quote (→ pack_pretrial_pass)',
    handler: ({ body, actor, now }) => pretrialPass(db, body, { actor, now }),
  });
  api(app, warehousePretrialFailCall, {
    permission: PRETRIAL,
    summary: 'Fail pre-review with a reason (→ pack_pretrial_fail)',
    handler: ({ body, actor, now }) => pretrialFail(db, body, { actor, now }),
  });
}
