// npm test: the whole suite on the embedded PGlite (npm run test:pg runs it on DATABASE_URL's PostgreSQL).
//
// The station files (project `stations`) run one at a time with the CPU throttled 4×: alone, they kept the machine 22 %
// busy (79 s of CPU in 179 s on 2 cores, 2026-11-29). So they run beside the other projects, and those run at the idle
// scheduling priority (SCHED_IDLE, `chrt --idle 0`: they get a core only when nothing else wants it). The stations'
// output is printed after the others'. Measured the same hour: `npm test` 731 s one after the other; beside each other
// 641 s (the rest at SCHED_IDLE; 664 s at nice 19), the station files taking 224 s instead of 179.
//
// With arguments (`npm test -- e2e/shell/tags.spec.ts`, `npm test -- --project server`) it is one plain `vitest run`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import * as server from '../packages/server/build.mjs';
import * as web from '../packages/web/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** Runs a command to its end; resolves its exit code (its output on ours, or collected when `collect` is given). */
function run(command, args, collect) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (collect) {
      child.stdout.on('data', (chunk) => collect.push(chunk));
      child.stderr.on('data', (chunk) => collect.push(chunk));
    }
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
if (args.length) process.exit(await run(process.execPath, [vitest, 'run', ...args]));

// Both runs' global setups would build what is stale, at the same time, into the same folders: built once here first.
if (web.isStale()) web.buildWeb();
if (server.isStale()) await server.buildServer();

const stationOutput = [];
const [others, stations] = await Promise.all([
  run('chrt', ['--idle', '0', process.execPath, vitest, 'run', '--project', 'unit', '--project', 'server', '--project', 'e2e']),
  run(process.execPath, [vitest, 'run', '--project', 'stations'], stationOutput),
]);
console.log('\n== the station files (project stations), run beside the others (which ran at the idle priority)');
process.stdout.write(Buffer.concat(stationOutput));
if (others || stations) console.error(`\nnpm test failed: ${[others && 'unit, server, e2e', stations && 'stations'].filter(Boolean).join(' and ')}`);
// Not process.exit(): on a pipe (npm test | tee) it could cut the stations' output short.
process.exitCode = others || stations;
