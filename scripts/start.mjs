// npm start: builds the web app and the server when a build is missing or older than its sources, then runs the
// server as built JavaScript (packages/server/dist/main.mjs), not through tsx.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as web from '../packages/web/build.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (web.isStale()) {
  console.log(web.isBuilt() ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…');
  try {
    web.buildWeb();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

const { BUILT, buildServer, isStale } = await import('../packages/server/build.mjs');
if (isStale()) {
  console.log(fs.existsSync(BUILT) ? 'The server changed since its last build: building it…' : 'Building the server (first start)…');
  console.log(`Built the server in ${await buildServer()} ms`);
}

// Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them to the sources (about 10 MB more).
const server = spawn(process.execPath, [BUILT], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
