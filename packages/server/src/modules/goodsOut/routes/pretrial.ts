import type { FastifyInstance } from 'fastify';
import {
  warehousePretrialPageListCall,
  warehousePretrialPassCall,
  warehousePretrialFailCall,
  warehousePretrialReopenCall,
} from '@waystation/shared/contract/goodsOut/pretrial';
import { packageMachine } from '@waystation/shared/machines/package';
import { api } from '../../../core/http';
import { pretrialFail, pretrialPass } from '../orders';
import { reopenPretrial } from '../cancel';
import { listPackages } from '../queries';
import { type StationContext, PRETRIAL } from './shared';

/** The pre-review station. */
export function pretrialRoutes(app: FastifyInstance, { db }: StationContext): void {
  api(app, warehousePretrialPageListCall, {
    permission: PRETRIAL,
    summary: 'Packages awaiting pre-review (or another pre-review status)',
    handler: async ({ query, caller }) => {
      const page = await listPackages(db, { ...query, status: query.status?.startsWith('pack_pretrial') ? query.status : 'pack_pretrial' });
      return { ...page, list: page.list.map((p) => ({ ...p, actions: packageMachine.allowed(p.status, caller.permissions) })) };
    },
  });
  api(app, warehousePretrialPassCall, {
    permission: PRETRIAL,
    summary: 'Pass pre-review with the estimated weight: quote (→ pack_pretrial_pass)',
    handler: ({ body, actor, now }) => pretrialPass(db, body, { actor, now }),
  });
  api(app, warehousePretrialFailCall, {
    permission: PRETRIAL,
    summary: 'Fail pre-review with a reason, also after a quote the member has not paid (→ pack_pretrial_fail)',
    handler: ({ body, actor, now }) => pretrialFail(db, body, { actor, now }),
  });
  api(app, warehousePretrialReopenCall, {
    permission: PRETRIAL,
    summary: 'Send a failed pre-review back to pre-review (pack_pretrial_fail → pack_pretrial)',
    handler: ({ body, actor, now }) => reopenPretrial(db, body, { actor, now }),
  });
}
