import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { databaseMaintenanceJobs, type JobRunner, type JobSet } from '../core/jobs';
import type { BadgeRegistry } from './badge/service';
import { adminRoutes } from './admin/routes';
import { auditRoutes } from './audit/routes';
import { badgeRoutes } from './badge/routes';
import { roleRoutes } from './role/routes';
import { userRoutes } from './user/routes';
import { verificationRoutes } from './verification/routes';
import { purchaseRoutes } from './purchase/routes';
import { warehouseRoutes } from './warehouse/routes';
import { ledgerRoutes } from './ledger/routes';
import { vipRoutes } from './vip/routes';
import { afterSalesRoutes } from './afterSales/routes';
import { proxyRoutes } from './proxy/routes';
import { financeRoutes } from './finance/routes';
import { logisticsRoutes } from './logistics/routes';
import { referenceRoutes } from './reference/routes';
import { configRoutes } from './config/routes';
import { helpRoutes } from './help/routes';
import { paymentRoutes } from './payment/routes';
import { notificationRoutes } from './notification/routes';
import { goodsOutRoutes } from './goodsOut/routes';
import { marketingRoutes } from './marketing/routes';
import { MARKETING_JOBS } from './marketing/jobs';
import { GOODS_OUT_JOBS } from './goodsOut/jobs';
import { backupRoutes } from './backup/routes';
import { openRoutes } from './open/routes';
import { REPORT_JOBS } from './report/rollup';
import { STORAGE_FEE_JOBS } from './storageFee/jobs';
import { storageFeeRoutes } from './storageFee/routes';
import { exportRoutes } from './export/routes';
import { exportJobSet, type ExportRuntime } from './export/service';
import { reportRoutes } from './report/routes';
import { OPEN_JOBS } from './open/jobs';
import { backupDepsOf } from './backup/service';
import { backupJobs } from './backup/schedule';
import type { FileStorage } from '../platform/storage';
import type { EventPump } from './open/events';
import { uploadRoutes } from '../platform/upload';

export interface ModuleContext {
  config: AppConfig;
  /** Work-queue counters for the menu badges: a domain registers its queues here. */
  badges: BadgeRegistry;
  /** The database this server runs on (a backup records its source). */
  dbKind: 'pglite' | 'postgres';
  /** This server's job runner: a domain asks it to run a queued job at once (a manual backup). */
  jobs: JobRunner;
  /** Where uploaded and generated files live (the data folder, or an S3-compatible store): one per server. */
  storage: FileStorage;
  /** Events out: a domain that wrote events in a request may nudge it to deliver them at once. */
  events: EventPump;
  /** What the export job reads lists through (the export module fills in the API's calls). */
  exports: ExportRuntime;
}

/**
 * Every scheduled piece of work, for the shared job runner (no module keeps a timer of its own, so several servers on
 * one PostgreSQL do each job once). A domain with jobs adds one line here.
 */
export const jobSetsOf = (o: { config: AppConfig; dbKind: 'pglite' | 'postgres'; maintain?: () => Promise<void>; exports?: ExportRuntime }): JobSet[] => [
  MARKETING_JOBS,
  GOODS_OUT_JOBS,
  ...OPEN_JOBS,
  // The day's storage fees are charged before the hour's roll-up reads the ledger.
  STORAGE_FEE_JOBS,
  REPORT_JOBS,
  ...(o.exports ? [exportJobSet(o.exports)] : []),
  backupJobs(backupDepsOf(o.config, o.dbKind)),
  ...(o.maintain ? [databaseMaintenanceJobs(o.maintain)] : []),
];

/** Every domain's routes, registered in this order. A new domain adds one line here. */
export const MODULES: ((app: FastifyInstance, ctx: ModuleContext) => void)[] = [
  adminRoutes,
  roleRoutes,
  auditRoutes,
  userRoutes,
  badgeRoutes,
  verificationRoutes,
  uploadRoutes,
  purchaseRoutes,
  warehouseRoutes,
  vipRoutes,
  ledgerRoutes,
  afterSalesRoutes,
  proxyRoutes,
  financeRoutes,
  referenceRoutes,
  logisticsRoutes,
  configRoutes,
  helpRoutes,
  paymentRoutes,
  notificationRoutes,
  marketingRoutes,
  goodsOutRoutes,
  backupRoutes,
  openRoutes,
  reportRoutes,
  storageFeeRoutes,
  exportRoutes,
];
