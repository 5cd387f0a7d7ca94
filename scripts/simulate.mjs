// npm run simulate -- --members 20: a business day through the member API and the stations (see packages/server/src/simulate/cli.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/simulate/cli.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
