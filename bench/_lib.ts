import autocannon from 'autocannon';

/** Percentile of a sorted-or-not list of milliseconds. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Times `fn` `n` times one after another (after `warmup` untimed calls) and returns p50/p95/p99 in ms. */
export async function timeSequential(n: number, fn: () => Promise<unknown>, warmup = 0) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** Load at a fixed number of connections for a few seconds; returns req/s and latency percentiles. */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}) {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 5,
  });
  return { reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export const fmt = (n: number) => n.toFixed(2);

/** PostgreSQL to compare with, when this machine has one (DATABASE_URL, or the local server of this machine kind). */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Runs a benchmark on PostgreSQL (DATABASE_URL or the local server, skipped when unreachable), then on PGlite;
 * BENCH_DB=pglite or BENCH_DB=postgres runs one of the two.
 */
export async function onEachDatabase(run: (label: 'PostgreSQL' | 'PGlite') => Promise<void>): Promise<void> {
  const only = process.env.BENCH_DB;
  delete process.env.DATABASE_URL;
  const pg = only === 'pglite' ? undefined : await postgresUrl();
  if (pg) {
    process.env.DATABASE_URL = pg;
    await run('PostgreSQL');
  } else if (only !== 'pglite') {
    console.log('PostgreSQL: not reachable, skipped');
  }
  delete process.env.DATABASE_URL;
  if (only !== 'postgres') await run('PGlite');
}
