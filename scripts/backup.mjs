// npm run backup / npm run restore <archive> [--force] (see packages/server/src/modules/backup/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/modules/backup/cli.ts'), ...args], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
