import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName, type Query, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgPreparedQuery, PgQueryResultHKT, PreparedQueryConfig, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_DIR } from '../paths';

/**
 * One type for both drivers and for a transaction: services take this and pass the transaction down. Queries are built
 * with the query builder, never drizzle's relational API (`db.query.…`): given the schema, drizzle would build a query
 * object for each of the 112 tables at every transaction, 2–3 % of a busy server's time for nothing.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's VACUUM (ANALYZE), run hourly by the job runner; PostgreSQL has autovacuum instead. */
  maintain?: () => Promise<void>;
  close(): Promise<void>;
  /** Calls `observe` after every query with its time (for /metrics). */
  observeQueries(observe: QueryObserver): void;
  /** A PostgreSQL pool's connections (the embedded database has one connection, no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Opens the pool's connections before the server takes calls: each costs PostgreSQL a process start and its first
   * query, which the day's first callers would otherwise wait on.
   */
  openConnections?: () => Promise<void>;
}

export type QueryObserver = (seconds: number, failed: boolean) => void;

/**
 * Times every call of `methods` on `target` (a driver's client) for the observers: promise-style calls, and the
 * callback style pg's pool uses internally. Anything else (a streamed query object) passes untimed.
 */
function timeQueries(target: object, methods: string[], observers: QueryObserver[]): void {
  const t = target as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = t[method]!;
    t[method] = function timed(this: unknown, ...args: unknown[]) {
      if (!observers.length) return original.apply(this, args);
      const start = performance.now();
      const done = (failed: boolean) => {
        const seconds = (performance.now() - start) / 1000;
        for (const observe of observers) observe(seconds, failed);
      };
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
          done(!!err);
          return (last as (...a: unknown[]) => unknown)(err, ...rest);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result instanceof Promise)
        result.then(
          () => done(false),
          () => done(true),
        );
      return result;
    };
  }
}

/** PGlite's queries, those inside its transactions included. */
function timePglite(client: PGlite, observers: QueryObserver[]): void {
  timeQueries(client, ['query', 'exec'], observers);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      timeQueries(tx, ['query', 'exec'], observers);
      return callback(tx);
    });
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');

export class DataDirLockedError extends Error {}

/**
 * Who a process is, beyond its pid (pids are reused: after a kill -9 the pid in a lock or a backup run may name some other
 * process a minute later): the host, the pid and the process's start (the boot's id and the start time in clock ticks,
 * from /proc; null where there is no /proc).
 */
export interface ProcessIdentity {
  host: string;
  pid: number;
  start: string | null;
  /** Read from an older version's lock, which held the bare pid. */
  legacy?: boolean;
}

/** The start of a process as /proc tells it (`<boot id>:<start ticks>`), null when it cannot be read (no such process). */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22, the 20th of these.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return ticks ? `${boot}:${ticks}` : null;
  } catch {
    return null;
  }
}

export function thisProcess(): ProcessIdentity {
  return { host: os.hostname(), pid: process.pid, start: processStart(process.pid) };
}

/**
 * Whether the process named still runs: its pid is alive and, where its start was recorded, it started then (not a
 * newer process given the same pid). A process of another host cannot be checked here: taken as alive.
 */
export function processLives(id: ProcessIdentity): boolean {
  if (id.host !== os.hostname()) return true;
  if (!isAlive(id.pid)) return false;
  if (!id.start) return true;
  const start = processStart(id.pid);
  return start === null || start === id.start;
}

/** A lock or a run's record of its process: JSON of a ProcessIdentity, or (locks of older versions) a bare pid. */
export function parseProcessIdentity(text: string): ProcessIdentity | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { host: os.hostname(), pid: Number(t), start: null, legacy: true };
  try {
    const v = JSON.parse(t) as Partial<ProcessIdentity>;
    if (typeof v.pid === 'number' && typeof v.host === 'string') return { host: v.host, pid: v.pid, start: v.start ?? null };
  } catch {}
  return null;
}

/** The command line of a live local process ('' when unreadable). */
function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * The server a PGlite directory's lock names, if that server still runs. A lock naming a process that is gone, or a live
 * pid that is not the process that wrote it (another start; for an old bare-pid lock, a process that is no Node), is stale.
 */
function lockHolder(lockPath: string, { otherThanThisProcess = false } = {}): ProcessIdentity | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  const id = parseProcessIdentity(text);
  if (!id || (otherThanThisProcess && id.pid === process.pid) || !processLives(id)) return null;
  if (id.legacy) {
    const cmd = commandLine(id.pid);
    if (cmd && !/node/i.test(cmd)) return null;
  }
  return id;
}

/** One process per PGlite directory: a second server on the same directory stops with a clear message. */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'waystation.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(thisProcess()), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(lockPath);
      if (holder) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Waystation server (pid ${holder.pid}). ` +
            'Stop that server, or start this one with another DATA_DIR or with DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

/** The pid of a live server holding the PGlite directory, or null. */
export function dataDirInUse(dataDir: string): number | null {
  return lockHolder(path.join(dataDir, 'waystation.lock'), { otherThanThisProcess: true })?.pid ?? null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database's own buffer cache. PostgreSQL's default (128 MB) lives in PGlite's WebAssembly memory, which
 * never shrinks; the operating system caches the data files as well, so a smaller cache costs little and saves about
 * 100 MB of the server's memory. PGLITE_SHARED_BUFFERS sets another size (e.g. 128MB for a large warehouse).
 */
const PGLITE_SHARED_BUFFERS = /^\d+(kB|MB|GB)$/.test(process.env.PGLITE_SHARED_BUFFERS ?? '') ? process.env.PGLITE_SHARED_BUFFERS : '32MB';

/**
 * Opens the embedded database in DATA_DIR and applies new migrations. `beforeMigrate` runs when there are migrations
 * to apply to a database that already has data (the server takes a backup there).
 */
export async function openPglite(
  dataDir: string,
  opts: { migrationsFolder?: string | false; beforeMigrate?: (db: Db, client: PGlite) => Promise<void> } = {},
): Promise<Database & { client: PGlite }> {
  const release = acquireLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // On the command line: PGlite's postgresqlconf option replaces postgresql.conf, and initdb's settings went with it.
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), startParams });
    const database = await wrapPglite(client);
    if (opts.migrationsFolder !== false) {
      if (opts.beforeMigrate && (await pendingMigrations(client)) > 0) await opts.beforeMigrate(database.db, client);
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
    }
    return {
      ...database,
      client,
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * PGlite runs without PostgreSQL's autovacuum: dead rows would pile up and the planner's statistics would stay those
 * of an empty database. VACUUM (ANALYZE) does autovacuum's job, hourly through the job runner (core/jobs.ts). It shares
 * the single connection, so queries wait for it; on a data directory of a few GB that is seconds, once an hour.
 * Calls while one runs share it.
 */
export function pgliteMaintenance(client: PGlite): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () =>
    (running ??= client
      .exec('VACUUM (ANALYZE)')
      .then(() => undefined)
      .finally(() => (running = null)));
}

/** Migrations in the journal not yet applied to a database that has some already (0 for a new, empty one). */
async function pendingMigrations(client: PGlite): Promise<number> {
  // Two statements: a query naming a table that does not exist fails even where it would not be evaluated.
  const exists = await client.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists.rows[0]?.ok) return 0;
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  const applied = rows[0]?.n;
  if (!applied) return 0;
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return Math.max(0, journal.entries.length - applied);
}

/**
 * An existing PGlite client (tests load a migrated template into memory). PGlite's modules load here, at first use: a
 * server on PostgreSQL never holds them.
 */
export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const observers: QueryObserver[] = [];
  timePglite(client, observers);
  return {
    db: drizzle({ client }) as unknown as Db,
    kind: 'pglite',
    maintain: pgliteMaintenance(client),
    close: () => client.close(),
    observeQueries: (observe) => void observers.push(observe),
  };
}

export async function openPostgres(url: string, opts: { migrate?: boolean; max?: number } = {}): Promise<Database> {
  const max = opts.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A dropped connection must not crash the process; the pool makes a new one on the next query. The pool's own
  // listener covers idle clients only: a client a request holds (PostgreSQL ended its backend — pg_terminate_backend, a
  // restart, a failover) emits 'error' too, and an 'error' without a listener ends Node. The query it runs fails instead
  // (→ 503 in the error handler), the client leaves the pool on release, and nothing else is touched.
  const observers: QueryObserver[] = [];
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    timeQueries(client, ['query'], observers);
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    observeQueries: (observe) => void observers.push(observe),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    openConnections: async () => {
      const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      await Promise.all(clients.map((c) => c.query('select 1')));
      for (const c of clients) c.release();
    },
  };
}

export async function openDatabase(
  cfg: { databaseUrl?: string; dataDir: string },
  opts: { beforeMigrate?: (db: Db) => Promise<void> } = {},
): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(cfg.dataDir, { beforeMigrate: opts.beforeMigrate });
}

/**
 * Queries built once per database (their SQL is the same every call; the values are `sql.placeholder`s) and prepared by
 * name, so PostgreSQL parses and plans each once per connection: for the hot paths, where building the SQL and planning it
 * cost more than running it. Give each a name of its own. A transaction gets its own set.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let queries = built.get(db);
    if (!queries) {
      queries = build(db);
      built.set(db, queries);
    }
    return queries;
  };
}

/** What `reusableQuery` keeps of a query built once: its text and parameters, and how its rows map to objects. */
interface BuiltQuery {
  query: Query;
  fields: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * A select built once for every database and transaction (values as `sql.placeholder`s) and prepared by name. Unlike
 * `preparedPerDatabase`, whose queries belong to one database object, this one also serves each transaction without
 * building its SQL again: on the stations' hot paths, building a wide select (walking its columns) cost more of the
 * server's time than PostgreSQL took to run it. Give each a name of its own.
 */
export function reusableQuery<Row>(
  name: string,
  build: (db: Db) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> } },
): (db: Db, values?: Record<string, unknown>) => Promise<Row[]> {
  let built: BuiltQuery | undefined;
  return (db, values) => {
    if (!built) {
      // drizzle keeps a prepared query's field list and join map on the object; both drivers name them alike.
      const first = build(db).prepare(name) as unknown as PgPreparedQuery<PreparedQueryConfig> & Omit<BuiltQuery, 'query'>;
      built = { query: first.getQuery(), fields: first.fields, joinsNotNullableMap: first.joinsNotNullableMap };
      if (!Array.isArray(built.fields)) throw new Error(`reusableQuery ${name}: the driver's prepared query has no field list`);
    }
    const prepared = db._.session.prepareQuery(built.query, built.fields, name, true) as unknown as { joinsNotNullableMap?: Record<string, boolean> };
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return (prepared as unknown as PgPreparedQuery<{ execute: Row[]; all: unknown; values: unknown }>).execute(values);
  };
}

/**
 * A column with its table's name, for a subquery that refers to the outer row: drizzle leaves the columns of a
 * one-table select unqualified, and inside the subquery a bare name would be the inner table's.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The next id of a serial table, so a code derived from it (PK…, SO…, U…) can be written with the row. */
export async function nextId(
  tx: Db,
  table: 'packages' | 'out_batches' | 'members' | 'shop_orders' | 'purchase_orders' | 'topup_intents' | 'return_requests',
): Promise<number> {
  const [r] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`);
  return Number(r.id);
}
