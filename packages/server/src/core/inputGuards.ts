import { errorCodes, type FastifyInstance } from 'fastify';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError } from './errors';
import { OPEN_PREFIX } from '@waystation/shared/contract/open';

/** No request carries more items in one list than this (schemas may say fewer). */
export const MAX_ARRAY_ITEMS = 2000;
/** Objects and lists nested deeper than this are no business data. */
export const MAX_DEPTH = 32;

const refuse = (message: string) => new AppError(ErrorCode.VALIDATION, message);
/** Half of a UTF-16 surrogate pair without its other half: no character at all, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Throws 40001 for a NUL byte or a lone UTF-16 surrogate anywhere (keys and values), a list too long or nesting too deep; walks strings, keys and values. */
export function checkInput(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw refuse('参数中含有不允许的空字符（NUL）');
    if (LONE_SURROGATE.test(value)) throw refuse('参数中含有无效的字符');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw refuse(`参数嵌套过深（最多 ${MAX_DEPTH} 层）`);
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) throw refuse(`列表过长（最多 ${MAX_ARRAY_ITEMS} 项）`);
    for (const v of value) checkInput(v, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) throw refuse('参数中含有不允许的空字符（NUL）');
    // A key is stored as it is where a handler keeps the object (jsonb): PostgreSQL refuses a lone surrogate there too.
    if (LONE_SURROGATE.test(k)) throw refuse('参数中含有无效的字符');
    checkInput(v, depth + 1);
  }
}

/** A path that climbs out of where it starts (raw `..` segments, encoded or not) names no file and no call. */
export function isTraversal(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true; // malformed escapes: nothing we serve
  }
  return /(^|[/\\])\.\.([/\\]|$)/.test(decoded) || decoded.includes('\u0000');
}

/**
 * Input refused in one place, before any handler or query sees it (issue 12.6): NUL bytes (PostgreSQL cannot store
 * them), over-long lists, deep nesting, traversing paths; and an empty JSON body is no body (as some clients send
 * `logout`).
 */
const PROVIDER_CALLBACKS = `${OPEN_PREFIX}/payments/callback/`;

/** The one call that takes a form: Alipay posts its notifications form-encoded. */
const FORM_CALLBACK = `${PROVIDER_CALLBACKS}alipay`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, on payment providers' notifications only. */
    rawBody?: string;
  }
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (isTraversal(req.raw.url ?? '/')) {
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: '资源不存在', data: null });
    }
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A payment provider signs the body as sent: its notification keeps the text for the signature check.
    if (req.url.startsWith(PROVIDER_CALLBACKS)) req.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    return parseJson(req, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!req.url.startsWith(FORM_CALLBACK)) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    return done(null, Object.fromEntries(new URLSearchParams(text)));
  });
  app.addHook('preValidation', async (req) => {
    checkInput(req.query);
    checkInput(req.body);
    checkInput(req.params);
  });
}
