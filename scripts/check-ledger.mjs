// npm run check:ledger: proves every balance equals its ledger (see packages/server/src/modules/ledger/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/modules/ledger/cli.ts')], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
