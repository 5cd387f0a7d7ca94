// One server of `npm run simulate -- --fresh`, on a thread of its own: a server runs apart from the members' clients
// (their site and browsers), so the simulator's own work must not wait on the server's event loop, nor the server on
// the simulator's. It runs as `npm start` does (its job runner and events pump), answers the simulator's questions about
// the server's own state (a mailed sign-up code, the events backlog) and closes when asked.
import { parentPort, workerData } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { configFromEnv } from '../config';
import { hashToken } from '../core/auth';
import { siteApiKeys, webhookEndpoints } from '../db/schema';
import { pumpBacklog } from '../modules/notification/events';
import { emailCode } from '../testing/member';

export interface FreshServerData {
  dataDir: string;
  /** The first server sets up the day: the receiver's webhook and the member site's key. */
  setup?: { receiverUrl: string; siteKey: string };
}

export type FreshServerQuestion = { ask: 'emailCode'; email: string } | { ask: 'backlog' } | { ask: 'close' };

const data = workerData as FreshServerData;
const port = parentPort!;
const config = { ...configFromEnv({ ...process.env, DATA_DIR: data.dataDir, DEMO: '1', PAYMENT_SANDBOX: '1' }), logLevel: 'warn', port: 0, host: '127.0.0.1' };
const built = await buildApp(config);
const { db } = built.database;
if (data.setup) {
  const now = new Date();
  await db.insert(webhookEndpoints).values({
    name: 'simulate receiver',
    url: data.setup.receiverUrl,
    secret: built.app.services.secrets.seal('whsec_simulate'),
    events: [],
    createdAt: now,
    updatedAt: now,
  });
  const key = data.setup.siteKey;
  await db.insert(siteApiKeys).values({ name: 'simulate', prefix: key.slice(0, 10), keyHash: hashToken(key), createdAt: now, updatedAt: now });
}
await built.database.openConnections?.();
await built.app.listen({ port: 0, host: '127.0.0.1' });
built.jobs.start();
built.events.start({ intervalMs: 250 });

port.on('message', async ({ id, q }: { id: number; q: FreshServerQuestion }) => {
  try {
    if (q.ask === 'emailCode') port.postMessage({ id, value: await emailCode(db, q.email) });
    else if (q.ask === 'backlog') port.postMessage({ id, value: (await pumpBacklog(db, new Date())).pending });
    else {
      await built.app.close();
      port.postMessage({ id, value: null });
    }
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`, kind: built.database.kind });
