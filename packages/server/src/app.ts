import { OPEN_SECURITY_SCHEMES } from './modules/open/http';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, httpStatusOf } from '@waystation/shared/contract/common';
import { LOGIN_EARLY_SUBMIT_SCRIPT, LOGIN_PAGE_FILE } from '@waystation/shared/contract/loginPage';
import { zodErrorMap } from '@waystation/shared/rules/messages';
import { type AppConfig, fastifyTrustProxy } from './config';
import { type Database, openDatabase } from './db';
import { AppError, isDatabaseUnavailable, schemaInvalid } from './core/errors';
import { localized, requestLang } from './core/language';
import { registerAccessControl } from './core/http';
import { SESSION_COOKIE } from './core/sessionCookie';
import { registerInputGuards } from './core/inputGuards';
import { secretBoxFor } from './core/secrets';
import { MODULES } from './modules';
import type { ExportRuntime } from './modules/export/service';
import { storageOf } from './platform/storage';
import { type JobRunner, createJobRunner } from './core/jobs';
import { jobSetsOf } from './modules';
import { backupDepsOf, preMigrationBackup, recordPreMigrationBackup } from './modules/backup/service';
import { BadgeRegistry } from './modules/badge/service';
import { createEventPump, type EventPump } from './modules/notification/events';
import { ensureSuperAdmin, seedRoles, seedVerification } from './seed/base';
import { seedDemo } from './seed/demo';
import { createMetrics } from './modules/ops/metrics';
import { type Lifecycle, operationsRoutes, requestIdOf } from './modules/ops/routes';
import { operationsOf } from './modules/ops/service';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** The first super admin's generated password, when this start created the account without a configured one. */
  generatedAdminPassword?: string;
  /** The scheduled-work runner: main.ts starts it; requests use it to run a queued job at once. */
  jobs: JobRunner;
  /** Events out: fans domain events out to webhooks and member notifications; main.ts starts it. */
  events: EventPump;
  /** main.ts marks the shutdown here: /readyz answers 503 while in-flight requests finish. */
  lifecycle: Lifecycle;
}

// Schema messages without a text of their own come from the product's table, in Chinese; a caller reading English gets
// them translated from the same table (core/language.ts).
z.config({ customError: zodErrorMap('zh') });

const redactToken = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');

/** Builds the whole server: database (opened here unless given), seeds, API and the web app. */
export async function buildApp(config: AppConfig, given?: Database): Promise<BuiltApp> {
  // New migrations on an embedded database that has data: a backup first, kept with the others.
  let preMigration: Awaited<ReturnType<typeof preMigrationBackup>> | undefined;
  const database =
    given ??
    (await openDatabase(config, {
      beforeMigrate: async (db) => {
        preMigration = await preMigrationBackup(db, backupDepsOf(config, 'pglite'));
      },
    }));
  const { db } = database;
  if (preMigration) await recordPreMigrationBackup(db, backupDepsOf(config, database.kind), preMigration);
  const exports: ExportRuntime = { routes: () => [], storage: storageOf(config) };
  const jobs = createJobRunner(db, config.now, jobSetsOf({ config, dbKind: database.kind, maintain: database.maintain, exports }));
  const secrets = secretBoxFor(config);
  const events = createEventPump(db, secrets, config.now);
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    // A request (headers and body) must arrive within the timeout, checked every second: a body trickled a byte at a
    // time does not hold a socket.
    serverFactory: (handler) =>
      http.createServer(
        { requestTimeout: config.requestTimeoutMs, headersTimeout: Math.min(config.requestTimeoutMs, 20_000), connectionsCheckingInterval: 1000 },
        handler,
      ),
    connectionTimeout: 120_000,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactToken(req.url), ip: req.ip }),
      },
    },
    // Every log line of a request carries its id, which the answer returns in X-Request-Id (a proxy's own id is kept).
    genReqId: requestIdOf,
    // Our own schemas decide: no ajv coercion anywhere.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', { db, now: config.now, secrets, carrierSandbox: config.carrierSandbox });
  const metrics = createMetrics();
  database.observeQueries((seconds, failed) => metrics.observeQuery(seconds, failed));
  const lifecycle: Lifecycle = { shuttingDown: false };
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onClose', async () => {
    // Work in hand (a backup someone started, events being delivered) ends before the database closes.
    await jobs.stop();
    await events.stop();
    if (!given) await database.close();
  });

  try {
    const now = config.now();
    await seedRoles(db, now);
    const generatedAdminPassword = await ensureSuperAdmin(db, config.adminUsername, config.adminPassword, now);
    await seedVerification(db, config.adminUsername, now);
    if (config.demo) await seedDemo(db, now);

    registerErrorHandlers(app);
    registerInputGuards(app);
    await registerSecurityHeaders(app, config);
    // Answers over 1 KB (JSON, the app's page) compressed on the fly for browsers that accept it; built assets are
    // served precompressed (registerWebApp), images, PDFs and archives are left as they are.
    await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Waystation API', version: '0.1.0', description: 'Every response is { code, message, data }; code 20000 is success.' },
        components: {
          securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' }, ...OPEN_SECURITY_SCHEMES },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    // The staff session's cookies (core/sessionCookie.ts): read on every call, written at login and logout.
    await app.register(fastifyCookie);
    registerAccessControl(app);
    operationsRoutes(app, { config, operations: operationsOf(database), metrics, lifecycle });

    const ctx = { config, badges: new BadgeRegistry(), dbKind: database.kind, jobs, events, storage: exports.storage, exports };
    for (const register of MODULES) register(app, ctx);

    registerWebApp(app, config.webDist);
    await app.ready();
    return { app, database, generatedAdminPassword, jobs, events, lifecycle };
  } catch (err) {
    await app.close().catch(() => {});
    if (!given) await database.close().catch(() => {});
    throw err;
  }
}

/** The issues fastify-type-provider-zod hands over (a zod issue as an ajv-like error) back in the shape of a zod issue. */
function schemaIssues(validation: { keyword?: string; instancePath: string; message?: string; params?: Record<string, unknown> }[]) {
  return validation.map((v) => ({
    path: v.instancePath.split('/').filter(Boolean),
    message: v.message ?? '格式不正确',
    code: v.keyword,
    keys: v.params?.keys as string[] | undefined,
  }));
}

/**
 * An error as it may be logged: a failed query's text without its parameters (they can be passwords or personal
 * data), and the database's own code and message.
 */
export function loggable(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; message?: string; code?: string; stack?: string; cause?: { code?: string; message?: string } };
  const strip = (m: string | undefined) => (m ?? '').replace(/\nparams:[\s\S]*$/, '');
  return {
    type: e?.name,
    message: strip(e?.message),
    code: e?.code,
    cause: e?.cause ? { code: e.cause.code, message: strip(e.cause.message) } : undefined,
    stack: e?.stack
      ?.split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .slice(0, 8)
      .join('\n'),
  };
}

function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const lang = requestLang(req);
    const sendError = (e: AppError, status = httpStatusOf(e.code)) => {
      const { message, data } = localized(e, lang);
      return reply.status(status).send({ code: e.code, message, data });
    };
    const send = (code: number, message: string, data: unknown = null, status = httpStatusOf(code)) => sendError(new AppError(code, message, data), status);
    if (err instanceof AppError) return sendError(err);
    if (hasZodFastifySchemaValidationErrors(err)) return sendError(schemaInvalid(schemaIssues(err.validation)));
    const e = err as { code?: string; statusCode?: number; message: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(ErrorCode.VALIDATION, '请求内容过大', null, 413);
    if (e.code?.startsWith('FST_ERR_CTP') || (e.statusCode === 400 && !isResponseSerializationError(err))) {
      return send(ErrorCode.VALIDATION, `请求格式错误：${e.message}`);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: loggable(err) }, 'database unavailable');
      reply.header('Retry-After', '5');
      return send(ErrorCode.UNAVAILABLE, '数据库暂时不可用，请稍后重试');
    }
    req.log.error({ err: loggable(err) }, 'unhandled error');
    return send(ErrorCode.INTERNAL, '服务器内部错误');
  });
}

/** The page's print driver, on the station PC itself (warehouse/print-agent.mjs). */
const PRINT_DRIVER_ORIGIN = 'ws://127.0.0.1:17521';

/**
 * Security headers on every answer (issue 12.7), with the field's standard plugin: a CSP allowing only what the app
 * loads (its own scripts; antd's runtime styles; images and audio it makes itself; the print driver and the
 * configured speech provider), no framing, nosniff, no referrer to other sites, HSTS (honoured behind HTTPS only).
 */
async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const ttsOrigin = () => {
    try {
      return config.tts.url ? new URL(config.tts.url).origin : null;
    } catch {
      return null;
    }
  };
  const withTts = (...sources: string[]) => [...sources, (() => ttsOrigin() ?? "'self'") as unknown as string];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered login page's one inline script, by its hash (shared/contract/loginPage.ts).
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(LOGIN_EARLY_SUBMIT_SCRIPT).digest('base64')}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: withTts("'self'", PRINT_DRIVER_ORIGIN),
        mediaSrc: withTts("'self'", 'data:', 'blob:'),
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 180 * 24 * 3600, includeSubDomains: true },
  });
}

/** Serves the built web app with history fallback; unknown /api paths get the 40400 envelope. */
function registerWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = !!index && fs.existsSync(index);
  // wildcard: files are looked up on disk per request, so a rebuild is served without a restart.
  if (hasWeb)
    app.register(fastifyStatic, {
      root: webDist!,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are when accepted.
      preCompressed: true,
      // Vite names built assets by content hash: they never change under the same name.
      // (@fastify/static hands the Fastify reply to setHeaders, whatever its type says.)
      setHeaders: (reply: unknown, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) (reply as FastifyReply).header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // A missing file (a stale hashed chunk, a typo) is a 404, never the app's page: a browser would
    // otherwise run index.html as a script and fail obscurely.
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/')));
    if (isFile && !pathname.startsWith('/api/')) return reply.status(404).type('text/plain').send('Not Found');
    if (pathname.startsWith('/api/') || pathname === '/api' || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: `接口不存在：${req.method} ${pathname}`, data: null });
    }
    return sendIndex(reply);
  });
  const sendIndex = (reply: FastifyReply) => reply.type('text/html').header('Cache-Control', 'no-cache').send(fs.createReadStream(index!));
  // The site root is a directory to the static handler; it is the app's page.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  // /login with its form already in the HTML (built by packages/web/vite.config.ts), compressed as the assets are; to
  // someone signed in it is the app's page, which sends them on.
  const loginPage = webDist ? path.join(webDist, LOGIN_PAGE_FILE) : undefined;
  if (hasWeb)
    app.get('/login', { schema: { hide: true } }, (req, reply) => {
      if (req.cookies[SESSION_COOKIE] || !fs.existsSync(loginPage!)) return sendIndex(reply);
      return reply.header('Cache-Control', 'no-cache').sendFile(LOGIN_PAGE_FILE);
    });
}
