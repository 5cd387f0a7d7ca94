import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newLine } from '../../testing/factories/goods-in';
// @ts-expect-error plain ESM script without types (it ships as one downloadable file)
import { MAX_COPIES, startAgent } from './print-agent.mjs';

/** A minimal websocket client (Node 20 has none built in): connects, sends one masked text frame, collects replies. */
function wsClient(
  port: number,
  token: string,
  origin?: string,
): Promise<{ send(msg: object): void; next(): Promise<Record<string, unknown>>; close(): void; status: number }> {
  return new Promise((resolve, reject) => {
    const key = crypto.randomBytes(16).toString('base64');
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: `/?token=${token}`,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Key': key, 'Sec-WebSocket-Version': '13', ...(origin ? { Origin: origin } : {}) },
    });
    req.on('response', (res) => resolve({ status: res.statusCode ?? 0, send() {}, next: () => Promise.reject(new Error('closed')), close() {} }));
    req.on('error', reject);
    req.on('upgrade', (res, socket, head: Buffer) => {
      const queue: Record<string, unknown>[] = [];
      const waiters: ((m: Record<string, unknown>) => void)[] = [];
      let buf = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        while (buf.length >= 2) {
          let len = buf[1] & 0x7f;
          let off = 2;
          if (len === 126) [len, off] = [buf.readUInt16BE(2), 4];
          if (buf.length < off + len) break;
          const msg = JSON.parse(buf.subarray(off, off + len).toString());
          buf = buf.subarray(off + len);
          const w = waiters.shift();
          if (w) w(msg);
          else queue.push(msg);
        }
      };
      socket.on('data', onData);
      if (head.length) onData(head);
      resolve({
        status: res.statusCode ?? 101,
        send(msg) {
          const data = Buffer.from(JSON.stringify(msg));
          const mask = crypto.randomBytes(4);
          const head = data.length < 126 ? Buffer.from([0x81, 0x80 | data.length]) : Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 255]);
          const body = Buffer.from(data.map((b, i) => b ^ mask[i % 4]));
          socket.write(Buffer.concat([head, mask, body]));
        },
        next: () => new Promise((r) => (queue.length ? r(queue.shift()!) : waiters.push(r))),
        close: () => socket.destroy(),
      });
    });
    req.end();
  });
}

let t: TestApp & { url?: string };
let agent: http.Server & { pairingCode: string };
let dir: string;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-print-'));
  t = await createTestApp({ dataDir: dir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  process.env.PRINT_DIR = path.join(dir, 'out');
  agent = await startAgent({ port: 0, dir: path.join(dir, 'out'), log: () => {}, origins: [base], configFile: path.join(dir, 'agent.json') });
});
afterAll(async () => {
  agent.close();
  await t.close();
  delete process.env.PRINT_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('print driver (npm run print-agent)', () => {
  it('keeps its pairing code across starts, readable by its user only', async () => {
    expect(agent.pairingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const file = path.join(dir, 'agent.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pairingCode).toBe(agent.pairingCode);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const again = await startAgent({ port: 0, dir, log: () => {}, origins: [base], configFile: file });
    expect(again.pairingCode).toBe(agent.pairingCode);
    again.close();
  });

  it('refuses another website, a page without the pairing code, and a client without an origin', async () => {
    const port = (agent.address() as AddressInfo).port;
    expect((await wsClient(port, agent.pairingCode, 'https://evil.example')).status).toBe(403);
    expect((await wsClient(port, 'AAAA-BBBB-CCCC', base)).status).toBe(403);
    expect((await wsClient(port, '', base)).status).toBe(403);
    expect((await wsClient(port, agent.pairingCode)).status).toBe(403);
    // The code is forgiving of case and dashes (typed by hand).
    const ws = await wsClient(port, agent.pairingCode.toLowerCase().replace(/-/g, ''), base);
    expect(ws.status).toBe(101);
    ws.close();
  });

  it('fetches a label PDF from the Waystation origin only, a bounded number of copies, and saves it (no lp here)', async () => {
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    const line = await newLine(t.db, { status: 'purchased', trackingNo: 'PRINT1' });
    const r = await t.call<{ lines: { item: { labelUrl: string } }[] }>('POST', '/api/warehouse/inbound/receive', {
      token: wh,
      body: { trackingNo: 'PRINT1', lines: [{ id: line.id, weightG: 100 }] },
    });
    const ws = await wsClient((agent.address() as AddressInfo).port, agent.pairingCode, base);
    expect(await ws.next()).toMatchObject({ type: 'hello', ok: true });
    ws.send({ type: 'print', id: '7', url: base + r.data.lines[0].item.labelUrl, copies: 1 });
    const reply = await ws.next();
    expect(reply).toMatchObject({ type: 'result', id: '7', ok: true });
    const saved = String(reply.message).replace(/^saved: /, '');
    expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    ws.send({ type: 'print', id: '8', url: `${base}/api/warehouse/labelPdf?code=WI1&exp=1&sig=${'0'.repeat(64)}` });
    expect(await ws.next()).toMatchObject({ id: '8', ok: false });
    // Another host (an internal address included) is never fetched.
    const inside = http.createServer((_req, res) => res.end('%PDF-1.4 secret'));
    await new Promise<void>((done) => inside.listen(0, '127.0.0.1', done));
    ws.send({ type: 'print', id: '9', url: `http://127.0.0.1:${(inside.address() as AddressInfo).port}/x.pdf` });
    expect(await ws.next()).toMatchObject({ id: '9', ok: false, message: expect.stringContaining('only documents of') });
    inside.close();
    ws.send({ type: 'print', id: '10', url: base + r.data.lines[0].item.labelUrl, copies: MAX_COPIES + 1 });
    expect(await ws.next()).toMatchObject({ id: '10', ok: false, message: `copies must be 1 to ${MAX_COPIES}` });
    ws.close();
  });

  it('is downloadable from the back-office', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/warehouse/printAgent/download' });
    expect(res.headers['content-disposition']).toContain('print-agent.mjs');
    expect(res.body).toContain('startAgent');
  });
});
