// The web app's production build (packages/web/dist), rebuilt when it is missing or older than its sources: by
// scripts/start.mjs, scripts/test.mjs and the browser tests' global setup (e2e/support/global-setup.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const webDir = import.meta.dirname;
const root = path.resolve(webDir, '../..');
export const DIST = path.join(webDir, 'dist');
const BUILT_INDEX = path.join(DIST, 'index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Tests are not part of the build: editing one must not trigger a rebuild (which would swap the hashed assets under
    // any server already running on this dist).
    if (entry.name === 'node_modules' || entry.name === 'dist' || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when there is no build, or a source of the web app or of @waystation/shared is newer than it. */
export function isStale() {
  const builtAt = fs.existsSync(BUILT_INDEX) ? fs.statSync(BUILT_INDEX).mtimeMs : 0;
  return Math.max(newestMtime(webDir), newestMtime(path.join(root, 'packages/shared'))) > builtAt;
}

export const isBuilt = () => fs.existsSync(BUILT_INDEX);

/** Builds it (its output on this process's terminal); throws when the build fails. */
export function buildWeb() {
  // Under vitest NODE_ENV is "test", which would make Vite bundle React's and antd's development builds.
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@waystation/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('building packages/web failed');
}
