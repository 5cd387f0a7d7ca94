import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { countOpenExceptions, countPackages } from './queries';
import { exceptionWaitAge, pretrialWaitAge, removeWaitAge, sortWaitAge } from './queueAges';
import { packageRoutes } from './routes/packages';
import { pretrialRoutes } from './routes/pretrial';
import { removalRoutes } from './routes/removal';
import { packingRoutes } from './routes/packing';
import { sortingRoutes } from './routes/sorting';
import { exceptionRoutes } from './routes/exceptions';
import { documentRoutes } from './routes/documents';
import { customsRoutes } from './routes/customs';
import { stationContext } from './routes/shared';
import { trackingRoutes } from './routes/tracking';
import { carrierRoutes } from './routes/carriers';

/**
 * Goods out: package query and detail, pre-review, removal, packing, sorting into sacks, out-of-storage, exceptions;
 * each station's routes in routes/<station>.ts.
 */
export function goodsOutRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  // Pre-review within the SLA of the pack order; packing within the SLA of the freight payment; sorting of the label.
  ctx.badges.register('pack_wait_audit', (d) => countPackages(d, 'pack_pretrial'), pretrialWaitAge);
  ctx.badges.register('remove_wait', (d) => countPackages(d, 'remove_wait'), removeWaitAge);
  ctx.badges.register('pack_exception', (d) => countOpenExceptions(d), exceptionWaitAge);
  ctx.badges.register('sort_wait', (d) => countPackages(d, 'wait_ship'), sortWaitAge);

  const stations = stationContext(app, ctx);
  packageRoutes(app, stations);
  pretrialRoutes(app, stations);
  removalRoutes(app, stations);
  packingRoutes(app, stations);
  sortingRoutes(app, stations);
  exceptionRoutes(app, stations);
  documentRoutes(app, stations);
  trackingRoutes(app);
  customsRoutes(app, stations);
  carrierRoutes(app, stations);
}
