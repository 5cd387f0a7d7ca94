// Server start and idle memory bench: builds the server (packages/server/build.mjs, as npm start does), then starts
// `node packages/server/dist/main.mjs` as npm start runs it — on the embedded database (a fresh data directory: the first
// start creates, migrates and seeds it; then a second start on it) and, when PostgreSQL answers on DATABASE_URL or
// 127.0.0.1:5432, on a database of its own — and prints the time from spawn to the first answer of GET /healthz and the
// resident memory (RSS) after 10 s idle. Run: npm run bench server-start   (figures only; nothing here asserts)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'packages/server/dist/main.mjs');
const IDLE_MS = 10_000;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function startOnce(label, env) {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, [built], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'Bench-start-1234', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let firstAnswerMs;
  while (firstAnswerMs === undefined) {
    if (proc.exitCode !== null) throw new Error(`${label}: the server exited ${proc.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) firstAnswerMs = performance.now() - started;
    else await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = rssMb(proc.pid);
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  console.log(`${label.padEnd(44)} first answer ${(firstAnswerMs / 1000).toFixed(2).padStart(6)} s   idle RSS ${rss.toFixed(0).padStart(4)} MB`);
}

const build = spawnSync(process.execPath, [path.join(root, 'packages/server/build.mjs')], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) throw new Error(build.stderr);
console.log(`${build.stdout.trim()}; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-start-'));
try {
  await startOnce('PGlite, first start (create, migrate, seed)', { DATABASE_URL: '', DATA_DIR: dataDir });
  await startOnce('PGlite, second start', { DATABASE_URL: '', DATA_DIR: dataDir });
  await startOnce('PGlite, third start', { DATABASE_URL: '', DATA_DIR: dataDir });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: serverUrl });
if (
  await admin.connect().then(
    () => true,
    () => false,
  )
) {
  const name = `ws_bench_start_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await startOnce('PostgreSQL, first start (migrate, seed)', { DATABASE_URL: url.toString(), DEMO: '1' });
    await startOnce('PostgreSQL, second start', { DATABASE_URL: url.toString(), DEMO: '1' });
    await startOnce('PostgreSQL, third start', { DATABASE_URL: url.toString(), DEMO: '1' });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL: not reachable, skipped');
}
