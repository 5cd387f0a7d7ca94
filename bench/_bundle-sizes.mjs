// Helper of web-bundle.mjs (the leading _ keeps npm run bench from running it on its own).
// Sizes of what a route of the production web build loads first, from Vite's manifest (static import graph).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export const DIST = new URL('../packages/web/dist/', import.meta.url).pathname;

function manifest(dist = DIST) {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no ${file}: build packages/web first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Files (js + css) a set of manifest entries needs, following static imports only. */
export function closure(keys, m = manifest()) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = m[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return files;
}

export function measure(files, dist = DIST) {
  let raw = 0;
  let gzip = 0;
  let js = 0;
  let css = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    const gz = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    if (f.endsWith('.css')) css += gz;
    else js += gz;
  }
  return { files: files.size, raw, gzip, jsGzip: js, cssGzip: css };
}

export const ROUTES = {
  // The login page is part of the entry's static graph.
  login: ['index.html'],
  dashboard: ['index.html', 'src/shell/layout/Layout.tsx', 'src/pages/badge/Dashboard.tsx'],
};

export function routeSizes(dist = DIST) {
  const m = manifest(dist);
  const login = closure(ROUTES.login, m);
  const dash = closure(ROUTES.dashboard, m);
  const extra = new Set([...dash].filter((f) => !login.has(f)));
  return { login: measure(login, dist), dashboard: measure(dash, dist), dashboardAfterLogin: measure(extra, dist) };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
export function printSizes(s = routeSizes()) {
  console.log('Production bundle (initial JS+CSS, static import graph from the Vite manifest):');
  console.log(
    `  /login             raw ${kb(s.login.raw)}  gzip ${kb(s.login.gzip)}  (js ${kb(s.login.jsGzip)}, css ${kb(s.login.cssGzip)}, ${s.login.files} files)  budget 200 KB gzip: ${s.login.gzip <= 200 * 1000 ? 'within' : 'OVER'}`,
  );
  console.log(`  /dashboard (total) raw ${kb(s.dashboard.raw)}  gzip ${kb(s.dashboard.gzip)}  (${s.dashboard.files} files)`);
  console.log(`  /dashboard after /login, additional: raw ${kb(s.dashboardAfterLogin.raw)}  gzip ${kb(s.dashboardAfterLogin.gzip)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printSizes();
