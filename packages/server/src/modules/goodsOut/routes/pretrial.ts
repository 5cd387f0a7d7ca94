import type { FastifyInstance } from 'fastify';
import {
  PackageActionResult,
  PackageListQuery,
  PackageListResult,
  PretrialFailBody,
  PretrialPassBody,
  PretrialQuote,
} from '@waystation/shared/contract/goodsOut';
import { api } from '../../../core/http';
import { pretrialFail, pretrialPass } from '../orders';
import { listPackages } from '../queries';
import { type StationContext, PRETRIAL } from './shared';

/** The pre-review station. */
export function pretrialRoutes(app: FastifyInstance, { db }: StationContext): void {
  api(app, {
    method: 'GET',
    url: '/api/warehouse/pretrial/pageList',
    permission: PRETRIAL,
    summary: 'Packages awaiting pre-review (or another pre-review status)',
    query: PackageListQuery,
    data: PackageListResult,
    handler: ({ query }) => listPackages(db, { ...query, status: query.status?.startsWith('pack_pretrial') ? query.status : 'pack_pretrial' }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/pretrial/pass',
    permission: PRETRIAL,
    summary: 'Pass pre-review with the estimated weight: quote (→ pack_pretrial_pass)',
    body: PretrialPassBody,
    data: PretrialQuote,
    handler: ({ body, actor, now }) => pretrialPass(db, body, { actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/warehouse/pretrial/fail',
    permission: PRETRIAL,
    summary: 'Fail pre-review with a reason (→ pack_pretrial_fail)',
    body: PretrialFailBody,
    data: PackageActionResult,
    handler: ({ body, actor, now }) => pretrialFail(db, body, { actor, now }),
  });
}
