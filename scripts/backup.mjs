// npm run backup / npm run restore -- <archive> [--force] [--key-file <old DATA_DIR>/secret.key | --new-key] (see packages/server/src/modules/backup/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
// tsx from this repository, wherever the command runs (DATA_DIR and the archive path are the caller's).
const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(root, 'packages/server/src/modules/backup/cli.ts'), ...args], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
