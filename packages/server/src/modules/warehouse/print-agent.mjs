#!/usr/bin/env node
// Waystation print driver (SPEC §7): a websocket server on 127.0.0.1:17521. The back-office page connects with the
// pairing code this driver printed at its first start, from a Waystation origin (WAYSTATION_ORIGIN, comma-separated;
// default http://localhost:8080), and sends {"type":"print","id","url","copies"}; the driver fetches the PDF from
// that origin only and prints it with CUPS `lp` (PRINTER=name picks a printer) or, with PRINT_DIR set or without
// `lp`, saves it into that folder. Any other website, or a page without the code, is refused.
// One file, Node 20+ built-ins only, so it can be downloaded from the back-office and run with `node print-agent.mjs`.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const HOST = '127.0.0.1';
export const PORT = Number(process.env.PRINT_AGENT_PORT ?? 17521);
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_PDF = 20 * 1024 * 1024;
/** A label is printed a few times at most; a page asking for more is refused. */
export const MAX_COPIES = 10;
/** Where the pairing code is kept between starts (readable by this user only). */
export const CONFIG_FILE = process.env.PRINT_AGENT_CONFIG ?? path.join(os.homedir(), '.waystation-print-agent.json');
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The Waystation origins the driver serves: WAYSTATION_ORIGIN (comma-separated) or the default local start. */
export function configuredOrigins() {
  const raw = process.env.WAYSTATION_ORIGIN ?? 'http://localhost:8080,http://127.0.0.1:8080';
  return raw.split(',').map((s) => new URL(s.trim()).origin);
}

/** 12 random characters (60 bits) as XXXX-XXXX-XXXX, easy to type or scan. */
function newPairingCode() {
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}
const normalizeCode = (code) =>
  String(code ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** The pairing code of this PC: read from the config file, or made and saved at the first start. */
export async function loadPairingCode(file = CONFIG_FILE) {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8'));
    if (typeof saved.pairingCode === 'string' && normalizeCode(saved.pairingCode).length === 12) return { code: saved.pairingCode, fresh: false };
  } catch {
    // no config yet: make one
  }
  const code = newPairingCode();
  await fs.writeFile(file, `${JSON.stringify({ pairingCode: code })}\n`, { mode: 0o600 });
  return { code, fresh: true };
}

/** Constant-time comparison of what the page sent with the pairing code. */
export function pairingMatches(sent, code) {
  const a = crypto.createHash('sha256').update(normalizeCode(sent)).digest();
  const b = crypto.createHash('sha256').update(normalizeCode(code)).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Encodes one unmasked server→client text frame. */
function frame(text) {
  const data = Buffer.from(text);
  const len = data.length;
  const head =
    len < 126 ? Buffer.from([0x81, len]) : len < 65536 ? Buffer.from([0x81, 126, len >> 8, len & 255]) : Buffer.concat([Buffer.from([0x81, 127]), bigLen(len)]);
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
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { timeout: 30_000 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))),
  );
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
  if (!opts.origins.includes(url.origin)) throw new Error(`only documents of ${opts.origins.join(', ')} are printed`);
  const copies = job.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) throw new Error(`copies must be 1 to ${MAX_COPIES}`);
  // No redirects: a document must come from the Waystation origin itself.
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000), redirect: 'error' });
  if (!res.ok) throw new Error(`PDF download failed: HTTP ${res.status}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  if (pdf.length > MAX_PDF || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${(url.searchParams.get('code') ?? 'label').replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
  if (opts.useLp) {
    const file = path.join(os.tmpdir(), name);
    await fs.writeFile(file, pdf);
    const args = ['-n', String(copies), ...(process.env.PRINTER ? ['-d', process.env.PRINTER] : []), file];
    const out = await run('lp', args);
    return `printed: ${out.trim()}`;
  }
  await fs.mkdir(opts.dir, { recursive: true });
  const file = path.join(opts.dir, name);
  await fs.writeFile(file, pdf);
  return `saved: ${file}`;
}

/** Starts the driver; resolves with the server (close it to stop). */
export async function startAgent({
  port = PORT,
  dir = process.env.PRINT_DIR ?? path.join(process.cwd(), 'printed-labels'),
  log = console.log,
  origins = configuredOrigins(),
  configFile = CONFIG_FILE,
} = {}) {
  const useLp = await hasLp();
  const pairing = await loadPairingCode(configFile);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Waystation print driver\n');
  });
  server.on('upgrade', (req, socket) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = req.headers['sec-websocket-key'];
    // Browsers always send the page's origin with a websocket: only Waystation's pages, and only with the code.
    if (!key || !origins.includes(String(req.headers.origin ?? '')) || !pairingMatches(url.searchParams.get('token'), pairing.code)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const accept = crypto
      .createHash('sha1')
      .update(key + WS_GUID)
      .digest('base64');
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
        handleJob(job, { useLp, dir, origins })
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
  log(`Serving ${origins.join(', ')} (set WAYSTATION_ORIGIN to change)`);
  log(`Pairing code: ${pairing.code}${pairing.fresh ? ' (new)' : ''} — type it into the station page's 打印客户端 banner once (kept in ${configFile})`);
  server.pairingCode = pairing.code;
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startAgent().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
