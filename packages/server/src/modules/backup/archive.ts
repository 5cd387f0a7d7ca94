import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR, queryRows } from '../../db';

/**
 * Backups (issue 17): one compressed archive per backup with every table as JSON lines (PostgreSQL's own
 * `row_to_json`, so every type comes back exactly, on the embedded database and on a PostgreSQL server alike), the
 * uploaded files, and a manifest (schema version, row counts, ledger totals, a checksum per file). A restore loads
 * it into an empty database of either kind and proves the result against the manifest.
 */

export const FORMAT = 'waystation-backup-1';
const BATCH = 5000;

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  /** Why it was taken: manual, scheduled, pre-migration. */
  reason: string;
  source: 'pglite' | 'postgres';
  /** Migrations applied to the database backed up (count, and the last one's tag). */
  schema: { migrations: number; last: string };
  tables: Record<string, number>;
  ledger: LedgerTotals;
  files: Record<string, { bytes: number; sha256: string }>;
  /**
   * The key the sealed values need (its id, never the key: it stays with the server), and how many rows hold one.
   * Absent in archives from before it was recorded.
   */
  secretKey?: { id: string | null; sealedRows: number };
  /** The backup run that wrote this archive (it was still running when its own row was read). */
  runId?: number;
  /**
   * SHA-256 of everything else in this manifest (its metadata and the files' checksums, keys sorted), checked on
   * restore: a manifest changed after the backup (its createdAt, its counts) is refused. Absent in older archives.
   */
  metadataSha256?: string;
}

/** The checksum of a manifest's content, its own checksum field left out (JSON with keys sorted at every level). */
export function manifestChecksum(manifest: Manifest): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  const { metadataSha256: _, ...rest } = manifest;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(rest)))
    .digest('hex');
}

export interface LedgerTotals {
  entries: number;
  /** Per currency: the sum of ledger movements and the sum of account balances (minor units, as text). */
  byCurrency: Record<string, { movements: string; balances: string }>;
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}
const journal = (): Journal => JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The application's tables (public schema), in name order. */
export async function tablesOf(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((r) => r.name);
}

/** How many migrations the database has applied (0 for an empty one). */
export async function appliedMigrations(db: Db): Promise<number> {
  const [exists] = await queryRows<{ ok: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists?.ok) return 0;
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return r.n;
}

export async function ledgerTotals(db: Db): Promise<LedgerTotals> {
  const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entries`);
  const moves = await queryRows<{ currency: string; total: string }>(
    db,
    sql`select currency, coalesce(sum(amount), 0)::text as total from ledger_entries group by currency`,
  );
  const balances = await queryRows<{ currency: string; total: string }>(
    db,
    sql`select currency, coalesce(sum(balance), 0)::text as total from money_accounts group by currency`,
  );
  const byCurrency: LedgerTotals['byCurrency'] = {};
  for (const c of [...new Set([...moves.map((m) => m.currency), ...balances.map((b) => b.currency)])].sort()) {
    byCurrency[c] = { movements: moves.find((m) => m.currency === c)?.total ?? '0', balances: balances.find((b) => b.currency === c)?.total ?? '0' };
  }
  return { entries: n.n, byCurrency };
}

async function hasIdColumn(db: Db, table: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'id'`,
  );
  return rows[0].n > 0;
}

const sealedIn = (rows: { j: string }[]) => rows.filter((r) => r.j.includes('"enc:v1:')).length;

/** Writes a table as JSON lines; returns its row count and how many rows hold a sealed value. Large tables go by id in batches. */
async function dumpTable(db: Db, table: string, file: string): Promise<{ count: number; sealed: number }> {
  const out = fs.createWriteStream(file);
  const write = (s: string) => new Promise<void>((resolve, reject) => (out.write(s) ? resolve() : out.once('drain', resolve).once('error', reject)));
  let count = 0;
  let sealed = 0;
  const t = sql.identifier(table);
  if (await hasIdColumn(db, table)) {
    let last: string | null = null;
    for (;;) {
      const rows: { id: string; j: string }[] = await queryRows<{ id: string; j: string }>(
        db,
        last === null
          ? sql`select x.id::text as id, row_to_json(x)::text as j from ${t} x order by x.id limit ${BATCH}`
          : sql`select x.id::text as id, row_to_json(x)::text as j from ${t} x where x.id > ${last}::bigint order by x.id limit ${BATCH}`,
      );
      if (!rows.length) break;
      await write(`${rows.map((r) => r.j).join('\n')}\n`);
      count += rows.length;
      sealed += sealedIn(rows);
      last = rows[rows.length - 1].id;
    }
  } else {
    const rows = await queryRows<{ j: string }>(db, sql`select row_to_json(x)::text as j from ${t} x`);
    if (rows.length) await write(`${rows.map((r) => r.j).join('\n')}\n`);
    count = rows.length;
    sealed = sealedIn(rows);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { count, sealed };
}

async function sha256(file: string): Promise<string> {
  const h = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), h);
  return h.digest('hex');
}

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p, base) : e.isFile() ? [path.relative(base, p)] : [];
  });
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

/**
 * Takes a backup of `db` (and the uploads under `uploadsDir`) into `outDir`. Reads in one repeatable-read
 * transaction, so writes going on meanwhile do not tear it.
 */
export async function createBackup(
  db: Db,
  o: {
    source: 'pglite' | 'postgres';
    uploadsDir: string;
    outDir: string;
    now: Date;
    reason: string;
    fileName?: string;
    /** The id of the key the database's sealed values are sealed with (secrets.ts keyIdOf), null when none exists. */
    keyId?: string | null;
    runId?: number;
    /** The work folder, made by the caller (a run records it first, so a run cut short can be cleaned); removed at the end. */
    workDir?: string;
  },
): Promise<BackupResult> {
  const started = Date.now();
  const work = o.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ws-backup-'));
  try {
    fs.mkdirSync(path.join(work, 'data'));
    const manifest = await db.transaction(
      async (tx) => {
        const tables: Record<string, number> = {};
        let sealedRows = 0;
        for (const table of await tablesOf(tx)) {
          const d = await dumpTable(tx, table, path.join(work, 'data', `${table}.jsonl`));
          tables[table] = d.count;
          sealedRows += d.sealed;
        }
        const applied = await appliedMigrations(tx);
        return {
          format: FORMAT,
          createdAt: o.now.toISOString(),
          reason: o.reason,
          source: o.source,
          schema: { migrations: applied, last: journal().entries[applied - 1]?.tag ?? '' },
          tables,
          ledger: await ledgerTotals(tx),
          files: {},
          secretKey: { id: o.keyId ?? null, sealedRows },
          ...(o.runId ? { runId: o.runId } : {}),
        } satisfies Manifest as Manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    for (const rel of walk(o.uploadsDir)) {
      fs.mkdirSync(path.dirname(path.join(work, 'uploads', rel)), { recursive: true });
      fs.copyFileSync(path.join(o.uploadsDir, rel), path.join(work, 'uploads', rel));
    }
    for (const rel of walk(work)) {
      const p = path.join(work, rel);
      manifest.files[rel.split(path.sep).join('/')] = { bytes: fs.statSync(p).size, sha256: await sha256(p) };
    }
    manifest.metadataSha256 = manifestChecksum(manifest);
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(o.outDir, { recursive: true });
    const stamp = o.now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
    const file = path.join(o.outDir, o.fileName ?? `waystation-${stamp}-${o.reason}.tar.gz`);
    const tar = await import('tar');
    await tar.create({ gzip: true, file, cwd: work, portable: true }, ['manifest.json', ...fs.readdirSync(work).filter((n) => n !== 'manifest.json')]);
    return { file, bytes: fs.statSync(file).size, ms: Date.now() - started, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export class BackupRefused extends Error {}

/** Unpacks an archive into a new temporary folder and checks every file against the manifest. */
export async function openArchive(file: string): Promise<{ dir: string; manifest: Manifest }> {
  if (!fs.existsSync(file)) throw new BackupRefused(`备份文件不存在：${file}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-restore-'));
  try {
    const tar = await import('tar');
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupRefused(`备份文件已损坏或不完整，无法解开（${(err as Error).message}）`);
  }
  const fail = (msg: string): never => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupRefused(msg);
  };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return fail('备份文件缺少清单（manifest.json）或清单已损坏');
  }
  if (manifest.format !== FORMAT) fail(`不支持的备份格式：${manifest.format}`);
  if (manifest.metadataSha256 !== undefined && manifest.metadataSha256 !== manifestChecksum(manifest))
    fail('备份清单（manifest.json）在备份之后被改动过：其内容与它的校验和不一致');
  for (const [rel, f] of Object.entries(manifest.files)) {
    const p = path.join(dir, rel);
    if (!fs.existsSync(p)) fail(`备份文件不完整：缺少 ${rel}`);
    if ((await sha256(p)) !== f.sha256) fail(`备份文件已损坏：${rel} 的校验和与清单不一致`);
  }
  const listed = new Set(Object.keys(manifest.files));
  for (const rel of walk(dir)) {
    const name = rel.split(path.sep).join('/');
    if (name !== 'manifest.json' && !listed.has(name)) fail(`备份文件含有清单之外的文件：${name}`);
  }
  return { dir, manifest };
}

/** A migrations folder that stops at `count` migrations: the archive's schema, before the newer ones run. */
export function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const j = journal();
  if (count > j.entries.length) throw new BackupRefused(`备份来自更新的版本（${count} 个迁移，本程序只有 ${j.entries.length} 个）：请先升级程序`);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...j, entries: j.entries.slice(0, count) }, null, 2));
  return dir;
}

/** Loads the archive's rows into the (migrated, empty) database, then sets every id sequence past its rows. */
export async function loadTables(db: Db, dir: string, manifest: Manifest): Promise<void> {
  await db.transaction(async (tx) => {
    // Rows come table by table, not in foreign-key order: constraints and triggers wait for the whole set.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of Object.keys(manifest.tables)) {
      const file = path.join(dir, 'data', `${table}.jsonl`);
      const t = sql.identifier(table);
      // Line by line in batches: a table of millions of rows never sits in memory whole.
      const insert = (lines: string[]) => tx.execute(sql`insert into ${t} select * from json_populate_recordset(null::${t}, ${`[${lines.join(',')}]`}::json)`);
      let batch: string[] = [];
      for await (const line of readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) {
        if (!line) continue;
        batch.push(line);
        if (batch.length === BATCH) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length) await insert(batch);
      if (!(await hasIdColumn(tx, table))) continue;
      const seq = await queryRows<{ s: string | null }>(tx, sql`select pg_get_serial_sequence(${`"${table}"`}, 'id') as s`);
      if (seq[0]?.s) await tx.execute(sql`select setval(${seq[0].s}, greatest((select coalesce(max(id), 0) from ${t}), 1), (select count(*) > 0 from ${t}))`);
    }
  });
}

/** Row counts and ledger totals of the restored database, compared with the manifest: the differences, if any. */
export async function compareWithManifest(db: Db, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(manifest.tables)) {
    const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    if (r.n !== n) problems.push(`${table}: ${r.n} 行，清单为 ${n} 行`);
  }
  const totals = await ledgerTotals(db);
  if (JSON.stringify(totals) !== JSON.stringify(manifest.ledger))
    problems.push(`账本合计不一致：${JSON.stringify(totals)} ≠ ${JSON.stringify(manifest.ledger)}`);
  return problems;
}

export function restoreUploads(dir: string, uploadsDir: string): number {
  const src = path.join(dir, 'uploads');
  const files = walk(src);
  for (const rel of files) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, rel)), { recursive: true });
    fs.copyFileSync(path.join(src, rel), path.join(uploadsDir, rel));
  }
  return files.length;
}
