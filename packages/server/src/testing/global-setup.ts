import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../db';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../db';
import { withDatabase } from './db';
import { seedTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    pgTemplate?: string;
    databaseUrl?: string;
  }
}

/** What packages/server/build.mjs exports (a plain script: no types of its own). */
interface ServerBuild {
  isStale(): boolean;
  buildServer(): Promise<number>;
}

interface Template {
  provided: { pgliteTemplate?: string; pgTemplate?: string; databaseUrl?: string };
  drop(): Promise<void>;
}

/** Migrates and seeds the template: a PostgreSQL database with DATABASE_URL, else a PGlite data directory's dump. */
async function makeTemplate(): Promise<Template> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ws_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openPostgres(withDatabase(url, name), { max: 1 });
    await seedTemplate(database.db);
    await database.close();
    return {
      provided: { pgTemplate: name, databaseUrl: url },
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await admin.end();
      },
    };
  }
  // Every test file unpacks the template's files into memory: the fewer, the faster it opens.
  // - WAL segments of 1 MB instead of 16 (the 16 MB one was zeros after the first few kB), and none kept for reuse
  //   (9 of them after the seed);
  // - no template0 and template1: PGlite never creates a database, and they were 600 of the 1,700 files.
  // 44 → 28.5 MB without the last two: one open 390–450 → 230–270 ms (600–640 → 360–400 ms of CPU); the API files on
  // PGlite 268 → 224 s.
  const client = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  const database = await wrapPglite(client);
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  await seedTemplate(database.db);
  for (const db of ['template0', 'template1']) {
    await client.query(`ALTER DATABASE ${db} IS_TEMPLATE false`);
    await client.query(`DROP DATABASE ${db}`);
  }
  await client.query('ALTER SYSTEM SET wal_recycle = off');
  await client.query(`ALTER SYSTEM SET min_wal_size = '2MB'`);
  await client.query('SELECT pg_reload_conf()');
  await client.query('CHECKPOINT');
  await client.query('SELECT pg_switch_wal()');
  await client.query('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return { provided: { pgliteTemplate: file }, drop: async () => fs.rmSync(path.dirname(file), { recursive: true, force: true }) };
}

/**
 * The run's template, shared by the projects whose setup this is (the API, browser and station files): every project
 * ran its own before, three in a row, about 10 s each, before any test started. Setups run in Vitest's own process.
 */
const run = globalThis as { wsTestTemplate?: { made: Promise<Template>; users: number } };

/**
 * Migrates and seeds one template database per test run; every test file then gets its own copy of it. Builds the
 * server as `npm start` runs it when the build is stale, once, before any file starts one (a build while another file
 * starts the server would swap the bundle under it).
 */
export default async function setup(project: TestProject) {
  const build = (await import(path.resolve(import.meta.dirname, '../../build.mjs'))) as ServerBuild;
  if (build.isStale()) await build.buildServer();
  run.wsTestTemplate ??= { made: makeTemplate(), users: 0 };
  const shared = run.wsTestTemplate;
  shared.users++;
  const { provided } = await shared.made;
  if (provided.pgliteTemplate) project.provide('pgliteTemplate', provided.pgliteTemplate);
  if (provided.pgTemplate) project.provide('pgTemplate', provided.pgTemplate);
  if (provided.databaseUrl) project.provide('databaseUrl', provided.databaseUrl);
  return async () => {
    if (--shared.users > 0) return;
    run.wsTestTemplate = undefined;
    await (await shared.made).drop();
  };
}
