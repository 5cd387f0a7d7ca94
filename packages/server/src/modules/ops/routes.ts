import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { ErrorCode } from '@waystation/shared/contract/common';
import type { AppConfig } from '../../config';
import type { Metrics } from './metrics';
import type { Operations } from './service';

/** Set by main.ts when SIGTERM arrives: /readyz answers 503 while in-flight requests finish. */
export interface Lifecycle {
  shuttingDown: boolean;
}

/**
 * What operators and orchestrators poll, outside /api and without a session: GET /healthz (the process answers),
 * GET /readyz (database reachable, migrations applied, not shutting down; 503 otherwise) and GET /metrics (Prometheus
 * text, for the addresses in METRICS_ALLOW or a bearer METRICS_TOKEN). Every answer's time is observed here.
 */
export function operationsRoutes(app: FastifyInstance, o: { config: AppConfig; operations: Operations; metrics: Metrics; lifecycle: Lifecycle }): void {
  const { config, operations, metrics, lifecycle } = o;
  app.addHook('onResponse', async (req, reply) => {
    // The registered pattern, never the raw URL: an id in a path must not make a series of its own.
    metrics.observeRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await operations.readiness(lifecycle.shuttingDown);
    return reply.status(r.ready ? 200 : 503).send({ status: r.ready ? 'ready' : 'not ready', ...r.checks });
  });

  const allowed = config.metrics.allow.map((entry): [ipaddr.IPv4 | ipaddr.IPv6, number] => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.process(entry);
    return [address, address.kind() === 'ipv6' ? 128 : 32];
  });
  const token = config.metrics.token ? Buffer.from(`Bearer ${config.metrics.token}`) : null;
  const mayRead = (req: FastifyRequest) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (token && given.length === token.length && crypto.timingSafeEqual(given, token)) return true;
    if (!ipaddr.isValid(req.ip)) return false;
    const ip = ipaddr.process(req.ip);
    return allowed.some(([range, bits]) => ip.kind() === range.kind() && ip.match(range, bits));
  };
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!mayRead(req)) {
      return reply.status(403).send({ code: ErrorCode.FORBIDDEN, message: '无权读取监控指标（METRICS_ALLOW 或 METRICS_TOKEN）', data: null });
    }
    const text = await metrics.render(await operations.snapshot(config.now()), operations.poolStats());
    return reply.type(metrics.contentType).header('Cache-Control', 'no-store').send(text);
  });
}

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A request's id: the caller's X-Request-Id when it is a sane token (a proxy's), else a new one; logged with every line. */
export const requestIdOf = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && INCOMING_ID.test(given) ? given : crypto.randomUUID();
};
