import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, configFromEnv } from '../config';
import type { Database, Db } from '../db';
import type { JobRunner } from '../core/jobs';
import type { EventPump } from '../modules/notification/events';
import type { Lifecycle } from '../modules/ops/routes';
import { TestClock } from './clock';
import { openTestDatabase } from './db';
import { TEST_ADMIN } from './template';

export { TEST_ADMIN, TestClock };
export { DEMO_PASSWORD } from '../seed/demo';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: TestClock;
  config: AppConfig;
  /** The app's job runner (not started: tests run jobs by hand, and await work a request started with settled()). */
  jobs: JobRunner;
  /** The events pump (not started: tests run a cycle with events.run()). */
  events: EventPump;
  /** What main.ts marks at SIGTERM (/readyz). */
  lifecycle: Lifecycle;
  /** Calls the API in-process; returns the parsed envelope and the HTTP status. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts?: { token?: string; query?: Record<string, unknown>; body?: unknown; ip?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; code: number; message: string; data: T }>;
  /** Logs in and returns the token (throws when refused). */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the template database, with a hand-moved clock. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const config: AppConfig = {
    ...configFromEnv({}),
    demo: true,
    logLevel: 'silent',
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    now: clock.now,
    secretKey: 'waystation-test-secret-key',
    webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
    ...overrides,
  };
  const { app, jobs, events, lifecycle } = await buildApp(config, database);
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const req: InjectOptions = {
      method,
      url,
      query: opts.query as InjectOptions['query'],
      headers: { ...(opts.token ? { 'x-token': opts.token } : {}), ...opts.headers },
      remoteAddress: opts.ip ?? '127.0.0.1',
    };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    const res = await app.inject(req);
    const body = res.json();
    return { status: res.statusCode, ...body };
  };
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    jobs,
    events,
    lifecycle,
    call,
    async login(username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
      const res = await call<{ token: string }>('POST', '/api/admin/login', { body: { username, password } });
      if (res.code !== 20000) throw new Error(`login ${username} refused: ${res.code} ${res.message}`);
      return res.data.token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The real app listening on a random local port, serving the built web app: for browser tests and benches. */
export async function startTestServer(overrides: Partial<AppConfig> = {}): Promise<TestApp & { url: string }> {
  const t = await createTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...t, url: `http://127.0.0.1:${port}` };
}
