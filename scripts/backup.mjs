// npm run backup / npm run restore -- <archive> [--force] [--key-file <old DATA_DIR>/secret.key | --new-key] (see packages/server/src/modules/backup/cli.ts).
// Runs the command as built JavaScript (packages/server/dist/backup.mjs, built with the server by
// packages/server/build.mjs when missing or older than its sources), wherever the command runs (DATA_DIR and the archive
// path are the caller's).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const { BUILT_BACKUP, buildServer, isStale } = await import('../packages/server/build.mjs');
if (isStale()) {
  // On stderr: the command's own output stays what scripts read.
  console.error(fs.existsSync(BUILT_BACKUP) ? 'The server changed since its last build: building it…' : 'Building the server (first use)…');
  console.error(`Built the server in ${await buildServer()} ms`);
}
const run = spawnSync(process.execPath, [BUILT_BACKUP, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
process.exit(run.status ?? 1);
