// npm start: builds the web app and the server when a build is missing or older than its sources, then runs the
// server as built JavaScript (packages/server/dist/main.mjs), not through tsx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (fs.existsSync(path.join(web, 'index.html'))) {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(web), newestMtime(path.join(root, 'packages/shared')));
  if (sourcesAt > builtAt) {
    console.log(builtAt ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@waystation/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
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
