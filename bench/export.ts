// A 1,000,000-row export (issue 15): the package list's every row through the export job (the list paged by its cursor,
// rows streamed into the workbook on disk), timed, with the server process's RSS sampled throughout — on PostgreSQL
// and on PGlite (BENCH_DB=pglite|postgres for one; BENCH_PACKAGES sets the count). On PGlite the database lives in the
// same process, so its memory is part of the RSS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../packages/server/src/testing/server';
import { fmt, onEachDatabase } from './_lib';
import { generateGoodsOut } from './_goods-out-data';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 1_000_000);
const MB = 1024 * 1024;

async function run(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-bench-export-'));
  const t = await startTestServer({ now: () => new Date(), dataDir, logLevel: 'silent' });
  try {
    console.log(`${label}: generating ${PACKAGES.toLocaleString('en')} packages …`);
    await generateGoodsOut(t.db, PACKAGES);
    const token = await t.login();
    const headers = { 'x-token': token, 'content-type': 'application/json' };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      if (process.env.BENCH_GC) global.gc?.();
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const t0 = performance.now();
    const created = (await (
      await fetch(`${t.url}/api/export/create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          url: '/api/warehouse/package/pageList',
          query: {},
          name: 'packages',
          columns: [
            { title: '包裹号', field: 'packageNo' },
            { title: '状态', field: 'status' },
            { title: '会员', field: 'userCode' },
            { title: '运费', field: 'freightCharged', kind: 'money' },
            { title: '创建时间', field: 'createTime', kind: 'time' },
          ],
        }),
      })
    ).json()) as { code: number; message: string; data: { id: number } };
    if (created.code !== 20000) throw new Error(`${created.code} ${created.message}`);
    let job: { status: string; done: number; size: number | null; error: string };
    let shown = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      job = ((await (await fetch(`${t.url}/api/export/status?id=${created.data.id}`, { headers })).json()) as { data: typeof job }).data;
      if (job.done - shown >= 200_000) {
        shown = job.done;
        console.log(
          `  ${job.done.toLocaleString('en')} rows (${fmt((performance.now() - t0) / 1000)} s, RSS ${Math.round(process.memoryUsage().rss / MB)} MB)`,
        );
      }
      if (job.status === 'done' || job.status === 'failed') break;
    }
    clearInterval(sampler);
    const s = (performance.now() - t0) / 1000;
    console.log(
      `${label}: export ${job.status}: ${job.done.toLocaleString('en')} rows in ${fmt(s)} s (${Math.round(job.done / s).toLocaleString('en')} rows/s), ` +
        `${fmt((job.size ?? 0) / MB)} MB file; RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB (+${Math.round((peak - before) / MB)} MB)${job.error ? `; ${job.error}` : ''}`,
    );
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
