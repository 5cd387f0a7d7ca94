// A business day at load: npm run simulate on a fresh server of its own (PGlite, or PostgreSQL with BENCH_PG=1), with
// BENCH_MEMBERS members (default 100) ordering 2 orders each; prints orders/hour, p50/p99 per call and the event
// delivery lag. BENCH_ORDERS_PER_HOUR=15000 has members come at that pace instead of 8 at once flat out (what the calls
// take at that load, where flat out finds the most the server does). Ten members register with a password; the rest sign in through the member site's key (as on a real site),
// so the run is not held up by the sign-up limit (20 a minute per address).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { postgresUrl } from './_lib';

/** A database of its own on the PostgreSQL server, new for each run. */
async function freshDatabase(): Promise<string | undefined> {
  const url = await postgresUrl();
  if (!url) return undefined;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists bench_simulate');
  await admin.query('create database bench_simulate');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/bench_simulate';
  return u.toString();
}

const root = path.resolve(import.meta.dirname, '..');
const members = process.env.BENCH_MEMBERS ?? '100';
const env = { ...process.env };
const pgUrl = process.env.BENCH_PG ? await freshDatabase() : undefined;
if (pgUrl) env.DATABASE_URL = pgUrl;
else delete env.DATABASE_URL;
const pace = process.env.BENCH_ORDERS_PER_HOUR ? ['--orders-per-hour', process.env.BENCH_ORDERS_PER_HOUR] : ['--concurrency', '8'];
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/server/src/simulate/cli.ts'), '--fresh', '--members', members, '--orders', '2', ...pace],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
