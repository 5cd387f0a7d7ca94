import type { SimulateResult } from './simulate';
import { SIM_STAFF } from './staff';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** The run as the issue asks for it: the summary line, the ledger, throughput and p50/p99 per call. */
export function report(r: SimulateResult): string[] {
  const out = [`simulate: ${r.members} members, ${r.orders} orders, ${r.shipped} packages shipped, ${r.errors} errors`];
  out.push(
    `unhappy: ${r.unhappy.tried} paths, ${r.unhappy.stuck} stuck${r.unhappy.skipped ? ` (${r.unhappy.skipped} more need the simulator's super admin, ${SIM_STAFF.admin.username}, of the demo data)` : ''}`,
  );
  for (const s of r.unhappy.stuckSamples) out.push(`  stuck: ${s}`);
  out.push(
    r.ledger
      ? `check:ledger: ${r.ledger.ok ? 'OK' : 'FAILED'} (${r.ledger.accounts} accounts, ${r.ledger.entries} ledger rows, ${r.ledger.mismatches} mismatches)`
      : 'check:ledger: not run',
  );
  const hours = r.elapsedMs / 3_600_000;
  const total = [...r.calls.values()].reduce((s, l) => s + l.length, 0);
  out.push(
    `  ${r.lines} lines, ${r.packages} packages (${r.freightTopups} freight top-ups), ${r.received} received; ${total} calls; the day in ${(r.elapsedMs / 1000).toFixed(1)} s → ${Math.round(r.orders / hours)} orders/hour (then the unhappy paths in ${(r.unhappyMs / 1000).toFixed(1)} s)`,
    `  the members ordered in ${(r.orderingMs / 1000).toFixed(1)} s → ${Math.round(r.orders / (r.orderingMs / 3_600_000))} orders/hour${r.goodsInBeganMs === null ? '' : `; goods in began at ${(r.goodsInBeganMs / 1000).toFixed(1)} s`}`,
  );
  const memberP99 = [...r.calls].filter(([name]) => name.startsWith('member.')).map(([name, xs]) => [name, quantile(xs, 0.99)] as const);
  const slowest = memberP99.reduce<readonly [string, number] | undefined>((worst, c) => (!worst || c[1] > worst[1] ? c : worst), undefined);
  if (slowest) out.push(`  the member calls' slowest p99: ${slowest[0]} ${slowest[1].toFixed(1)} ms`);
  for (const [name, xs] of [...r.calls].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(
      `  ${name.padEnd(24)} n=${String(xs.length).padStart(5)}  p50 ${quantile(xs, 0.5).toFixed(1).padStart(6)} ms  p99 ${quantile(xs, 0.99).toFixed(1).padStart(6)} ms`,
    );
  }
  for (const e of r.errorSamples) out.push(`  error: ${e}`);
  return out;
}
