// npm run bench [name…]: runs the benchmarks in bench/ one after another; each prints its own figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
