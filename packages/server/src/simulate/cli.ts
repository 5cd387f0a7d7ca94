// npm run simulate -- [--members 20] [--orders 2] [--concurrency 4 | --orders-per-hour 15000]
//                     [--url http://localhost:8080 [--site-key wsk_…] | --fresh [--servers 2]] [--seed N]
// Drives a business day through a running server (default http://localhost:8080, as the simulator's own demo staff
// sim-purchaser, sim-warehouse, sim-finance and the super admin sim-outbox, so nobody working as warehouse1 is logged
// out), or with --fresh through a server of its own on a new data folder (or DATABASE_URL), where it also measures how
// long events take to reach a webhook receiver. Prints `simulate: … errors` and the ledger check; exit code 1 on any
// error or ledger mismatch. The unpaid-order path briefly sets order.autoCancelMinutes to 1 (and back) and waits for
// the server's job to cancel its order (about 90 s after it was placed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { simAdminSession } from './client';
import type { FreshServerData, FreshServerQuestion } from './freshServer';
import { DEMO_SITE_KEY, SIM_STAFF } from './staff';
import { report } from './report';
import { simulate } from './simulate';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    members: { type: 'string', default: '20' },
    orders: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '4' },
    fresh: { type: 'boolean', default: false },
    seed: { type: 'string' },
    'staff-password': { type: 'string', default: 'demo12345' },
    'site-key': { type: 'string' },
    servers: { type: 'string', default: '1' },
    'orders-per-hour': { type: 'string' },
  },
});
const count = (name: string, v: string | undefined, max: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return n;
};
const members = count('members', args.members, 100_000);
const orders = count('orders', args.orders, 100);
const concurrency = count('concurrency', args.concurrency, 64);
const serverCount = count('servers', args.servers, 8);
const ordersPerHour = args['orders-per-hour'] === undefined ? undefined : count('orders-per-hour', args['orders-per-hour'], 10_000_000);
if (serverCount > 1 && !(args.fresh && process.env.DATABASE_URL)) {
  console.error('--servers needs --fresh and DATABASE_URL: servers share one PostgreSQL database (the embedded one has a single owner)');
  process.exit(2);
}

/** A server of the run's own on a thread of its own (freshServer.ts): its address, and the questions it answers. */
async function startFreshServer(data: FreshServerData) {
  // A thread starts without the TypeScript loader this process runs under: it registers it, then loads the server.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.resolve('./freshServer.ts'))}); })`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let asked = 0;
  worker.on('message', (m: { id: number; value?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) w?.reject(new Error(m.error));
    else w?.resolve(m.value as never);
  });
  const { ready, kind } = await new Promise<{ ready: string; kind: string }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', resolve);
  });
  const ask = <T>(q: FreshServerQuestion) =>
    new Promise<T>((resolve, reject) => {
      const id = ++asked;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, q });
    });
  return { url: ready, kind, worker, ask };
}

let urls = [args.url ?? 'http://localhost:8080'];
let siteKey = args['site-key'];
let stopFresh: (() => Promise<void>) | undefined;
let lagOf: (() => Promise<{ p50: number; p99: number; n: number }>) | undefined;
/** The sign-up codes the server mailed (a fresh server's own outbox); a running server's members sign in through the site key. */
let emailCode: ((email: string) => Promise<string>) | undefined;
if (args.fresh) {
  // A receiver on this machine stands in for the member site; the server may call it. It runs on a thread of its own, as
  // the site runs on a machine of its own: on the server's thread, each arrival would wait behind the server's own work.
  const receiver = new Worker(
    `const http = require('node:http');
     const { parentPort } = require('node:worker_threads');
     const arrivals = [];
     const server = http.createServer((req, res) => {
       let body = '';
       req.on('data', (c) => (body += c));
       req.on('end', () => {
         arrivals.push(Date.now() - Date.parse(JSON.parse(body).createdAt));
         res.writeHead(200).end();
       });
     });
     server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
     parentPort.on('message', () => parentPort.postMessage({ arrivals }));`,
    { eval: true },
  );
  const receiverPort = await new Promise<number>((r) => receiver.once('message', (m: { port: number }) => r(m.port)));
  const arrivalsSoFar = () =>
    new Promise<number[]>((r) => {
      receiver.once('message', (m: { arrivals: number[] }) => r(m.arrivals));
      receiver.postMessage('arrivals');
    });
  process.env.OUTBOUND_ALLOW_HOSTS = [process.env.OUTBOUND_ALLOW_HOSTS, '127.0.0.1'].filter(Boolean).join(',');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waystation-simulate-'));
  // The member site's key, so most members sign in through the site as on a real one (server to server).
  siteKey = `wsk_simulate_${Date.now()}`;
  const first = await startFreshServer({ dataDir, setup: { receiverUrl: `http://127.0.0.1:${receiverPort}/hooks`, siteKey } });
  // More servers share the first one's PostgreSQL database, as servers behind a proxy do; the members' calls go to each in turn.
  const servers = [first, ...(await Promise.all(Array.from({ length: serverCount - 1 }, () => startFreshServer({ dataDir }))))];
  urls = servers.map((s) => s.url);
  console.log(
    `fresh server${serverCount > 1 ? `s on ${urls.join(', ')}` : ` on ${urls[0]}`} (${first.kind}${first.kind === 'pglite' ? ` in ${dataDir}` : ''})`,
  );
  emailCode = (email) => first.ask<string>({ ask: 'emailCode', email });
  lagOf = async () => {
    for (let i = 0; i < 600 && (await first.ask<number>({ ask: 'backlog' })) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_000));
    const s = (await arrivalsSoFar()).sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
    return { p50: q(0.5), p99: q(0.99), n: s.length };
  };
  stopFresh = async () => {
    for (const server of servers) await server.ask({ ask: 'close' });
    await Promise.all(servers.map((s) => s.worker.terminate()));
    await receiver.terminate();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

// The simulator's own super admin: it reads verifiers' codes from the server's outbox and sets the unpaid order's deadline.
const admin = simAdminSession(urls[0]!, args['staff-password']!);

if (!emailCode && !siteKey) {
  // A running server's password sign-ups need the code mailed to the member: sign members in through a site key.
  siteKey = DEMO_SITE_KEY;
  console.log('members sign in through the demo data’s site key (give --site-key wsk_… from 站点密钥 on a server without demo data)');
}

const result = await simulate({
  url: urls,
  members,
  ordersPerMember: orders,
  concurrency,
  ordersPerHour,
  seed: args.seed ? Number(args.seed) : undefined,
  siteKey,
  emailCode,
  admin,
  staff: {
    purchaser: SIM_STAFF.purchaser.username,
    warehouse: SIM_STAFF.warehouse.username,
    finance: SIM_STAFF.finance.username,
    password: args['staff-password']!,
  },
  log: (line) => console.log(`  … ${line}`),
});
for (const line of report(result)) console.log(line);
if (lagOf) {
  const lag = await lagOf();
  console.log(`  event delivery lag (change → member site's receiver): p50 ${lag.p50} ms, p99 ${lag.p99} ms over ${lag.n} events`);
}
await stopFresh?.();
process.exit(result.errors || !result.ledger?.ok ? 1 : 0);
