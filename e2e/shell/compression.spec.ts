import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { useE2E } from '../support/browser';

const e2e = useE2E();

/** Issue 14.1: every byte that can be compressed goes out compressed when the browser accepts it. */
describe('compression', () => {
  it('the browser receives the login page, its scripts and styles brotli-compressed', async () => {
    const e = e2e();
    const page = await e.page();
    const encodings: { url: string; encoding: string | undefined }[] = [];
    // Read synchronously: the shell's chunks, preloaded once the form is idle, may answer after the page has closed.
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (['document', 'script', 'stylesheet'].includes(type) && res.status() === 200) {
        encodings.push({ url: new URL(res.url()).pathname, encoding: res.headers()['content-encoding'] });
      }
    });
    await page.goto(e.url('/login'));
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    expect(encodings.filter((r) => r.url.endsWith('.js')).length).toBeGreaterThan(0);
    expect(encodings.filter((r) => r.encoding !== 'br')).toEqual([]);
  });

  it('every built text asset is served precompressed (brotli, else gzip) and whole', async () => {
    const e = e2e();
    const dist = inject('webDist');
    expect(dist).toBeTruthy();
    const assets = fs
      .readdirSync(path.join(dist!, 'assets'))
      .filter((f) => /\.(js|css|svg)$/.test(f) && fs.statSync(path.join(dist!, 'assets', f)).size >= 1024);
    expect(assets.length).toBeGreaterThan(20);
    for (const name of assets) {
      const raw = fs.readFileSync(path.join(dist!, 'assets', name), 'utf8');
      for (const encoding of ['br', 'gzip']) {
        const res = await fetch(e.url(`/assets/${name}`), { headers: { 'accept-encoding': encoding } });
        expect({ name, encoding: res.headers.get('content-encoding') }).toEqual({ name, encoding });
        // The bytes of the file the build compressed (no work per request), not a compression made on the fly.
        const prebuilt = fs.statSync(path.join(dist!, 'assets', `${name}.${encoding === 'br' ? 'br' : 'gz'}`)).size;
        expect(res.headers.get('content-length')).toBe(String(prebuilt));
        expect(await res.text()).toBe(raw);
      }
    }
  });
});
