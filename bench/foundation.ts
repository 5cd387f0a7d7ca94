// Foundation: login, an authenticated call and the menu over real HTTP, on PGlite and PostgreSQL.
import { startTestServer } from '../packages/server/src/testing/server';
import { fmt, load, postgresUrl, timeSequential } from './_lib';

async function run(label: string) {
  const t = await startTestServer({ now: () => new Date() });
  try {
    const post = (url: string, body: unknown) =>
      fetch(`${t.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<{ data: { token: string } }>,
      );
    const login = await timeSequential(20, () => post('/api/admin/login', { username: 'admin', password: 'admin12345' }));
    const token = (await post('/api/admin/login', { username: 'admin', password: 'admin12345' })).data.token;
    const headers = { 'x-token': token };
    const info = await timeSequential(300, () => fetch(`${t.url}/api/admin/info`, { headers }).then((r) => r.json()));
    const menu = await timeSequential(300, () => fetch(`${t.url}/api/role/getEnableRoutes`, { headers }).then((r) => r.json()));
    const infoLoad = await load({ url: `${t.url}/api/admin/info`, headers, connections: 10, seconds: 5 });
    console.log(`${label}: login (argon2id) p50 ${fmt(login.p50)} ms p99 ${fmt(login.p99)} ms`);
    console.log(
      `${label}: GET /api/admin/info p50 ${fmt(info.p50)} ms p99 ${fmt(info.p99)} ms; getEnableRoutes (super admin) p50 ${fmt(menu.p50)} ms p99 ${fmt(menu.p99)} ms`,
    );
    console.log(
      `${label}: GET /api/admin/info at 10 connections: ${infoLoad.reqPerSec} req/s, p50 ${infoLoad.p50} ms, p99 ${infoLoad.p99} ms, errors ${infoLoad.errors}`,
    );
  } finally {
    await t.close();
  }
}

delete process.env.DATABASE_URL;
await run('PGlite');
const pg = await postgresUrl();
if (pg) {
  process.env.DATABASE_URL = pg;
  await run('PostgreSQL');
} else {
  console.log('PostgreSQL: not reachable, skipped');
}
