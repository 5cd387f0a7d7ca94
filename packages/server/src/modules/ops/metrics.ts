import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OperationsSnapshot } from './service';

/** Connections of a PostgreSQL pool (the embedded database has one connection and no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The server's Prometheus metrics (GET /metrics): requests and queries as they happen, the database-held figures
 * (jobs, outbox, deliveries, backups) read at each scrape. One registry per app, so several apps in one process (tests)
 * never share counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route (the registered pattern) and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database query',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const queryErrors = new Counter({ name: 'db_query_errors_total', help: 'Database queries that failed', registers: [registry] });
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const snapshotGauges: Record<keyof OperationsSnapshot, Gauge> = {
    jobsPending: gauge('jobs_due', 'Scheduled jobs due and not yet run'),
    jobsLagSeconds: gauge('jobs_lag_seconds', 'How long the oldest due job has waited past its time'),
    jobsFailed: gauge('jobs_failed', 'Jobs that failed after every retry'),
    outboxBacklog: gauge('outbox_backlog_events', 'Domain events not yet fanned out to webhooks and notifications'),
    outboxLagSeconds: gauge('outbox_lag_seconds', 'Age of the oldest event not yet fanned out (event delivery lag)'),
    deliveriesPending: gauge('event_deliveries_due', 'Webhook and notification deliveries due and not yet sent'),
    deliveriesLagSeconds: gauge('event_deliveries_lag_seconds', 'How long the oldest due delivery has waited past its attempt time'),
    deliveriesFailed: gauge('event_deliveries_failed', 'Deliveries given up after every retry'),
    backupLastSuccess: gauge('backup_last_success_timestamp_seconds', 'When the last backup that ended ok finished (Unix time; 0 before the first)'),
  };
  return {
    registry,
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeQuery(seconds: number, failed: boolean) {
      queryDuration.observe(seconds);
      if (failed) queryErrors.inc();
    },
    /** The text of a scrape, after setting the figures read from the database and the pool. */
    async render(snapshot: OperationsSnapshot, poolStats: PoolStats | undefined): Promise<string> {
      for (const [key, g] of Object.entries(snapshotGauges) as [keyof OperationsSnapshot, Gauge][]) {
        g.set(snapshot[key] ?? 0);
      }
      if (poolStats) for (const [state, n] of Object.entries(poolStats)) pool.set({ state }, n);
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
