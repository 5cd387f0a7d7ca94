import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not @waystation/shared: the config's own imports of workspace TypeScript are bundled only this way.
import { LOGIN_EARLY_SUBMIT_SCRIPT, LOGIN_PAGE_FILE } from '../shared/contract/loginPage';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts here are already compressed formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Every built text file also as .br (quality 11: done once, at build) and .gz next to it, so the server sends the
 * precompressed bytes the browser accepts with no work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'waystation-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      // zlib's asynchronous calls run on libuv's threads: every core works (6.5 s → about half on 2 cores).
      await Promise.all(
        walk(outDir)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const raw = await fs.promises.readFile(file);
            if (raw.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
              gzip(raw, { level: 9 }),
            ]);
            await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/**
 * login.html: the built index.html with the login form rendered into it (shell/login/prerender.tsx), the entry's small
 * stylesheet inline and the early-submit script, so the form paints as soon as the HTML has arrived, before any script
 * has run (the server sends it for /login).
 */
function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'waystation-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLoginForm } = (await server.ssrLoadModule('/src/shell/login/prerender.tsx')) as { renderLoginForm(): string };
        const form = renderLoginForm();
        let html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
          const css = fs.readFileSync(path.join(outDir, href), 'utf8');
          return `<style>${css}</style>`;
        });
        // The entry's imports are fetched as the entry asks for them, not preloaded: parsing twenty preloaded modules
        // while the form waited to paint held the paint back by about 50 ms (and the form became usable 30 ms later).
        html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        if (!html.includes('<div id="app"></div>')) throw new Error('index.html has no empty <div id="app">');
        html = html
          .replace('</title>', `</title>\n    <script>${LOGIN_EARLY_SUBMIT_SCRIPT}</script>`)
          .replace('<div id="app"></div>', `<div id="app">${form}</div>`);
        fs.writeFileSync(path.join(outDir, LOGIN_PAGE_FILE), html);
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * react-router's package sends every bundler to its development build (its exports name no "production" condition):
 * the build takes its production build instead, without the development build's checks and warnings.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

// The production build lands in packages/web/dist, which the API server hosts with history fallback.
export default defineConfig(({ command }) => ({
  plugins: [react(), prerenderLogin(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-bundle.mjs reads the manifest to size what each route loads first.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Rolldown merges chunks shared by lazy pages into the entry's common chunk by default, which made
      // /login download the whole shell. Keep shared lazy code in its own chunks.
      experimental: { chunkOptimization: false },
    },
  },
}));
