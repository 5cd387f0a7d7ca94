import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { databaseMaintenanceJobs, type JobSet } from '../core/jobs';
import type { ModuleContext } from './context';
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
import { carrierJobs, GOODS_OUT_JOBS, trackingJobs } from './goodsOut/jobs';
import { backupRoutes } from './backup/routes';
import { openRoutes } from './open/routes';
import { REPORT_JOBS } from './report/rollup';
import { STORAGE_FEE_JOBS } from './storageFee/jobs';
import { storageFeeRoutes } from './storageFee/routes';
import { exportRoutes } from './export/routes';
import { exportJobSet, type ExportRuntime } from './export/service';
import { reportRoutes } from './report/routes';
import { OPEN_JOBS } from './open/jobs';
import { PURCHASE_JOBS } from './purchase/jobs';
import { paymentJobs } from './payment/gateways';
import { paymentRefundJobs } from './payment/providerRefunds';
import { secretBoxFor } from '../core/secrets';
import { STORAGE_REMINDER_JOBS } from './notification/storageReminder';
import { backupDepsOf } from './backup/service';
import { backupJobs } from './backup/schedule';
import { uploadRoutes } from '../platform/upload';

/**
 * Every scheduled piece of work, for the shared job runner (no module keeps a timer of its own, so several servers on
 * one PostgreSQL do each job once). A domain with jobs adds one line here.
 */
export const jobSetsOf = (o: { config: AppConfig; dbKind: 'pglite' | 'postgres'; maintain?: () => Promise<void>; exports?: ExportRuntime }): JobSet[] => [
  MARKETING_JOBS,
  GOODS_OUT_JOBS,
  trackingJobs(secretBoxFor(o.config), o.config.carrierSandbox),
  carrierJobs(secretBoxFor(o.config)),
  OPEN_JOBS,
  PURCHASE_JOBS,
  paymentJobs(secretBoxFor(o.config)),
  paymentRefundJobs(secretBoxFor(o.config)),
  STORAGE_REMINDER_JOBS,
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
