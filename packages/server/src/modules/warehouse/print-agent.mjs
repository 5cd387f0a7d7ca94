#!/usr/bin/env node
// Waystation print driver (SPEC §7): a websocket server on 127.0.0.1:17521. The back-office page connects with the
// fixed token and sends {"type":"print","id","url","copies"}; the driver fetches the PDF and prints it with CUPS `lp`
// (PRINTER=name picks a printer) or, with PRINT_DIR set or without `lp`, saves it into that folder.
// One file, Node 20+ built-ins only, so it can be downloaded from the back-office and run with `node print-agent.mjs`.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const HOST = '127.0.0.1';
export const PORT = Number(process.env.PRINT_AGENT_PORT ?? 17521);
export const TOKEN = 'waystation-print-v1';
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_PDF = 20 * 1024 * 1024;

/** Encodes one unmasked server→client text frame. */
function frame(text) {
  const data = Buffer.from(text);
  const len = data.length;
  const head = len < 126 ? Buffer.from([0x81, len]) : len < 65536 ? Buffer.from([0x81, 126, len >> 8, len & 255]) : Buffer.concat([Buffer.from([0x81, 127]), bigLen(len)]);
  return Buffer.concat([head, data]);
}
function bigLen(n) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** Reads complete client frames from `buf`; returns [messages, rest, closed]. Clients always mask. */
function parseFrames(buf) {
  const out = [];
  let closed = false;
  while (buf.length >= 2) {
    const op = buf[0] & 0x0f;
    let len = buf[1] & 0x7f;
    let off = 2;
    if (len === 126) {
      if (buf.length < 4) break;
      len = buf.readUInt16BE(2);
      off = 4;
    } else if (len === 127) {
      if (buf.length < 10) break;
      len = Number(buf.readBigUInt64BE(2));
      off = 10;
    }
    const masked = (buf[1] & 0x80) !== 0;
    const maskOff = off;
    if (masked) off += 4;
    if (buf.length < off + len) break;
    const payload = Buffer.from(buf.subarray(off, off + len));
    if (masked) for (let i = 0; i < payload.length; i++) payload[i] ^= buf[maskOff + (i % 4)];
    buf = buf.subarray(off + len);
    if (op === 0x8) closed = true;
    else if (op === 0x1) out.push(payload.toString('utf8'));
  }
  return [out, buf, closed];
}

function run(cmd, args) {
  return new Promise((resolve, reject) => execFile(cmd, args, { timeout: 30_000 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))));
}

async function hasLp() {
  if (process.env.PRINT_DIR) return false;
  try {
    await run('which', ['lp']);
    return true;
  } catch {
    return false;
  }
}

/** Prints (or saves) one job; returns the message for the page. */
export async function handleJob(job, opts) {
  const url = new URL(job.url);
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error('only http(s) URLs');
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`PDF download failed: HTTP ${res.status}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  if (pdf.length > MAX_PDF || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${(url.searchParams.get('code') ?? 'label').replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
  if (opts.useLp) {
    const file = path.join(os.tmpdir(), name);
    await fs.writeFile(file, pdf);
    const args = ['-n', String(job.copies ?? 1), ...(process.env.PRINTER ? ['-d', process.env.PRINTER] : []), file];
    const out = await run('lp', args);
    return `printed: ${out.trim()}`;
  }
  await fs.mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, name);
  await fs.writeFile(file, pdf);
  return `saved: ${file}`;
}

/** Starts the driver; resolves with the server (close it to stop). */
export async function startAgent({ port = PORT, dir = process.env.PRINT_DIR ?? path.join(process.cwd(), 'printed-labels'), log = console.log } = {}) {
  const useLp = await hasLp();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Waystation print driver\n');
  });
  server.on('upgrade', (req, socket) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = req.headers['sec-websocket-key'];
    if (url.searchParams.get('token') !== TOKEN || !key) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const accept = crypto.createHash('sha1').update(key + WS_GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const send = (msg) => socket.writable && socket.write(frame(JSON.stringify(msg)));
    send({ type: 'hello', ok: true, message: useLp ? `lp ${process.env.PRINTER ?? '(default printer)'}` : `folder ${dir}` });
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      const [messages, rest, closed] = parseFrames(Buffer.concat([buf, chunk]));
      buf = rest;
      for (const text of messages) {
        let job;
        try {
          job = JSON.parse(text);
        } catch {
          continue;
        }
        if (job?.type !== 'print' || typeof job.url !== 'string') continue;
        handleJob(job, { useLp, dir })
          .then((message) => {
            log(`[print] ${job.url} → ${message}`);
            send({ type: 'result', id: String(job.id ?? ''), ok: true, message });
          })
          .catch((err) => send({ type: 'result', id: String(job.id ?? ''), ok: false, message: err.message }));
      }
      if (closed) socket.end();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  log(`Waystation print driver on ws://${HOST}:${server.address().port} (${useLp ? 'printing with lp' : `saving PDFs to ${dir}`})`);
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startAgent().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
