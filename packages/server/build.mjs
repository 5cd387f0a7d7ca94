// Builds the server once into dist/main.mjs, and the backup command into dist/backup.mjs (esbuild: TypeScript and
// @waystation/shared bundled, every npm package left to node_modules), so `npm start` and `npm run backup` run
// JavaScript instead of compiling TypeScript at every start. Also `npm run build:server`. Rebuilt by scripts/start.mjs
// and scripts/backup.mjs when a source is newer than the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = import.meta.dirname;
const root = path.resolve(serverDir, '../..');
export const BUILT = path.join(serverDir, 'dist/main.mjs');
export const BUILT_BACKUP = path.join(serverDir, 'dist/backup.mjs');
/** What the build is made of: a file here newer than the build means it is stale. */
export const SOURCES = [
  path.join(serverDir, 'src'),
  path.join(root, 'packages/shared'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'package-lock.json'),
];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(entry, { withFileTypes: true })) {
    // Tests are not part of the server; editing one must not trigger a rebuild.
    if (e.name === 'node_modules' || e.name === 'dist' || /\.test\.tsx?$/.test(e.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, e.name)));
  }
  return newest;
}

export const isStale = () => [BUILT, BUILT_BACKUP].some((built) => !fs.existsSync(built) || Math.max(...SOURCES.map(newestMtime)) > fs.statSync(built).mtimeMs);

export async function buildServer() {
  const started = Date.now();
  await esbuild.build({
    entryPoints: { main: path.join(serverDir, 'src/main.ts'), backup: path.join(serverDir, 'src/modules/backup/cli.ts') },
    outdir: path.dirname(BUILT),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    // npm packages load from node_modules as they are (native modules, PGlite's WebAssembly, their own files);
    // only this repository's TypeScript (the server and @waystation/shared) is compiled in.
    plugins: [
      {
        name: 'node-modules-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@waystation/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Built ${path.relative(root, BUILT)} and ${path.relative(root, BUILT_BACKUP)} in ${ms} ms`);
}
