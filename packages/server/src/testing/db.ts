import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openPostgres, wrapPglite } from '../db';
import { seedTemplate } from './template';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

interface Provided {
  pgliteTemplate?: string;
  pgTemplate?: string;
  databaseUrl?: string;
}

/** What vitest's global setup provided; empty outside vitest (benchmarks, scripts). */
async function provided(): Promise<Provided> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return { pgliteTemplate: inject('pgliteTemplate'), pgTemplate: inject('pgTemplate'), databaseUrl: inject('databaseUrl') };
}

/** A new PostgreSQL database, copied from a template or empty; dropped on close. */
async function freshPostgres(url: string, template?: string): Promise<Database> {
  const name = `ws_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const database = await openPostgres(withDatabase(url, name), { migrate: !template });
  if (!template) await seedTemplate(database.db);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

/**
 * A test's database is a few MB, and PostgreSQL's default buffer cache (128 MB, from the template's postgresql.conf)
 * cost each copy about 180 ms of its start (650 → 470 ms; with the template's 1 MB WAL segments, 340 ms).
 */
const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A fresh database with the seed roles, admin and demo staff: a copy of the test run's template under vitest
 * (PGlite in memory by default, a new PostgreSQL database with DATABASE_URL), built from scratch elsewhere.
 */
export async function openTestDatabase(): Promise<Database> {
  const p = await provided();
  const url = p.databaseUrl ?? process.env.DATABASE_URL;
  if (url) return freshPostgres(url, p.pgTemplate);
  if (p.pgliteTemplate) {
    const loadDataDir = new Blob([fs.readFileSync(p.pgliteTemplate)]);
    return await wrapPglite(await PGlite.create({ loadDataDir, startParams: TEST_START_PARAMS }));
  }
  const database = await wrapPglite(await PGlite.create());
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  await seedTemplate(database.db);
  return database;
}
