import type { AppConfig } from '../config';
import type { JobRunner } from '../core/jobs';
import type { FileStorage } from '../platform/storage';
import type { BadgeRegistry } from './badge/service';
import type { ExportRuntime } from './export/service';
import type { EventPump } from './notification/events';

/** What every domain's routes are given besides the app's services (modules/index.ts lists the domains). */
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
