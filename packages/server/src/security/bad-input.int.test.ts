import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/server';
import { apiRoutesOf } from '../core/http';
import { queryRows } from '../db';

/**
 * Issue 12: a corpus of bad input for every call, generated from its request schema's fields: a fixed list of known
 * breakers (NUL, lone surrogates, 100k strings, NaN/Infinity, 3-decimal money, deep nesting, wrong types) plus
 * random values from fast-check, and wrong content types. No call answers 5xx, none says 20000 to it, nothing is written.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

let deep: unknown = 'x';
for (let i = 0; i < 64; i++) deep = [deep];
const FIXED: unknown[] = ['a\u0000b', '\ud800', 'x'.repeat(100_000), 'NaN', 'Infinity', '1.005', -1, 1e308, 1.5, true, [], {}, deep, { $gt: '' }];
/**
 * Rows the refusals themselves may write (audit of refusals, login attempts), and keys made on first use (the label
 * signing key in system_meta): not counted as writes.
 */
const LOG_TABLES = new Set(['audit_logs', 'login_attempts', 'verify_attempts', 'system_meta']);

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
/** Values no field may take, whatever its schema: the guards refuse them before any schema. */
const NEVER_VALID = new Set<unknown>(['a\u0000b', 'x'.repeat(100_000), deep]);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(t.db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    if (LOG_TABLES.has(name)) continue;
    out[name] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n;
  }
  return out;
}

describe('bad-input corpus', () => {
  it('no 5xx, no 20000 and no row written for bad values in any field of any call', async () => {
    const before = await rowCounts();
    const random = fc.sample(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.double(), fc.object({ maxDepth: 2 })), { numRuns: 6, seed: 12 });
    const problems: string[] = [];
    let requests = 0;
    const send = async (
      method: 'GET' | 'POST',
      url: string,
      init: { payload?: string; query?: Record<string, string>; contentType?: string },
      label: string,
      mayAccept = false,
    ) => {
      const res = await t.app.inject({
        method,
        url,
        query: init.query,
        payload: init.payload,
        headers: { 'x-token': token, ...(init.contentType ? { 'content-type': init.contentType } : {}) },
      });
      requests++;
      let code = 0;
      try {
        code = (res.json() as { code: number }).code;
      } catch {
        code = res.statusCode === 404 ? 40400 : 0;
      }
      if (res.statusCode >= 500 || (code >= 50000 && code < 50008)) problems.push(`${label}: HTTP ${res.statusCode} code ${code}`);
      else if (code === 20000 && !mayAccept) problems.push(`${label}: accepted (20000)`);
    };
    for (const r of apiRoutesOf(t.app)) {
      if (r.url === '/api/admin/logout') continue; // a body-less call: nothing to refuse
      const bodyShape = shapeOf(r.body);
      const queryShape = shapeOf(r.query);
      const bodyFields = Object.keys(bodyShape);
      // A value the field's own schema takes may be answered 20000 (a search for "NaN" is a search); nothing else may.
      const takes = (field: z.ZodType, value: unknown) => !NEVER_VALID.has(value) && field.safeParse(value).success;
      for (const value of [...FIXED, ...random]) {
        const label = `${r.method} ${r.url} ${JSON.stringify(value)?.slice(0, 30)}`;
        for (const [f, schema] of Object.entries(bodyShape)) {
          // A body its schema takes is a real write, not bad input: it is not sent (the rows must stay as they are).
          if (takes(schema, value) && r.body?.safeParse({ [f]: value }).success) continue;
          await send(r.method as 'GET' | 'POST', r.url, { payload: JSON.stringify({ [f]: value }), contentType: 'application/json' }, `${label} in ${f}`);
        }
        for (const [f, schema] of Object.entries(queryShape)) {
          const text = typeof value === 'string' ? value.slice(0, 2000) : (JSON.stringify(value) ?? '');
          await send(
            r.method as 'GET' | 'POST',
            r.url,
            { query: { [f]: text } },
            `${label} in ?${f}`,
            takes(schema, text) && !!r.query?.safeParse({ [f]: text }).success,
          );
        }
      }
      if (r.method === 'POST' && bodyFields.length) {
        await send('POST', r.url, { payload: '{"a":', contentType: 'application/json' }, `${r.url} broken JSON`);
        await send('POST', r.url, { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }, `${r.url} form body`);
        await send('POST', r.url, { payload: 'hello', contentType: 'text/plain' }, `${r.url} text body`);
      }
    }
    console.log(
      `bad-input corpus: ${requests} requests over ${apiRoutesOf(t.app).length} calls (${FIXED.length} fixed + ${random.length} random values per field)`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);
});
