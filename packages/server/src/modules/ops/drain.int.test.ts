import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_SERVER, freePort } from '../../testing/ports';

const root = path.resolve(import.meta.dirname, '../../../../..');
const PASSWORD = 'Drain-test-1234';
let child: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-drain-'));

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Reads from the socket until `done` says the text so far is complete. */
const readUntil = (socket: net.Socket, done: (text: string) => boolean, what: string) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no ${what}; got: ${text}`)), 60_000);
    const onData = (d: Buffer) => {
      text += d.toString('utf8');
      if (!done(text)) return;
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
  });

// The drain is the HTTP server's and main.ts's, the same on either database: run once, on the embedded one.
describe.skipIf(!!process.env.DATABASE_URL)('the built server on SIGTERM', () => {
  it('answers the request in flight, refuses readiness meanwhile, then exits 0', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [BUILT_SERVER], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        ADMIN_PASSWORD: PASSWORD,
        DEMO: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await expect.poll(() => out, { timeout: 240_000, interval: 200 }).toContain('Waystation is ready');
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // A login whose body is still arriving: the server has its headers (it asked for the body: 100 Continue).
    const body = JSON.stringify({ username: 'admin', password: PASSWORD });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await readUntil(socket, (t) => t.includes('100 Continue'), '100 Continue');
    socket.write(body.slice(0, 10));

    child.kill('SIGTERM');
    // Not ready any more (503), or no longer taking connections at all.
    await expect
      .poll(
        () =>
          fetch(`${base}/readyz`).then(
            (r) => r.status,
            () => 'refused',
          ),
        { timeout: 30_000, interval: 100 },
      )
      .not.toBe(200);
    expect(child.exitCode).toBeNull();

    socket.write(body.slice(10));
    const answer = await readUntil(socket, (t) => /\r\n\r\n[\s\S]*"code":\d+[\s\S]*}/.test(t.slice(t.indexOf('HTTP/1.1 200'))), 'the login answer');
    expect(answer).toContain('HTTP/1.1 200 OK');
    expect(answer).toContain('"code":20000');
    socket.destroy();
    expect(await exited, out).toBe(0);
    expect(out).toContain('shutting down: finishing the requests in flight');
  }, 300_000);
});
