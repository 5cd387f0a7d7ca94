import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError } from './errors';

/**
 * The server calls out (webhooks, bot APIs, mail servers) only to public addresses: never loopback, private,
 * link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT, unique-local or reserved ones, checked
 * after DNS resolution and again on every redirect. A host the admin names in OUTBOUND_ALLOW_HOSTS (comma-separated,
 * e.g. an internal mail relay) is allowed as it is.
 */

export const allowedHosts = (): Set<string> =>
  new Set(
    (process.env.OUTBOUND_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );

const refused = (host: string) => new AppError(ErrorCode.VALIDATION, `不允许向内部地址 ${host} 发送（可在 OUTBOUND_ALLOW_HOSTS 中放行）`);

/** Whether an IP address is on the public internet. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
}

/** Resolves a name to its addresses (injectable: tests give a name that answers differently each time). */
export type Resolver = (name: string) => Promise<string[]>;
const systemResolver: Resolver = async (name) => (await dns.lookup(name, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);

/**
 * Resolves a host once and checks it: the address to connect to (an IP literal is itself). Refuses (40001) a host that
 * is, or resolves to, anything but public addresses, unless the allow-list names it (then the name itself is
 * returned: the admin vouched for it).
 */
export async function resolvePublicHost(host: string, resolve: Resolver = systemResolver): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts().has(name)) return name;
  const addresses = net.isIP(name) ? [name] : await resolve(name);
  if (!addresses.length) throw new AppError(ErrorCode.VALIDATION, `无法解析地址 ${host}`);
  if (!addresses.every(isPublicAddress)) throw refused(host);
  return addresses[0]!;
}

/** Refuses (40001) a host that is, or resolves to, anything but public addresses, unless the allow-list names it. */
export async function assertPublicHost(host: string, resolve?: Resolver): Promise<void> {
  await resolvePublicHost(host, resolve);
}

/**
 * A lookup that answers the address already checked, whatever DNS says now: the connection goes where the check
 * looked (no rebinding between check and connect), while the Host header and TLS SNI stay the name.
 */
export function pinnedLookup(address: string): net.LookupFunction {
  const family = net.isIP(address) === 6 ? 6 : 4;
  return ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (typeof options === 'function') return (options as (...args: unknown[]) => void)(null, address, family);
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as net.LookupFunction;
}

const NULL_BODY = new Set([204, 205, 304]);

/** One HTTP(S) request to the checked address, the Host header and SNI being the URL's name. */
function requestPinned(url: URL, address: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const client = url.protocol === 'https:' ? https : http;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = init.body == null ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(init.body as ArrayBuffer);
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        lookup: net.isIP(address) ? pinnedLookup(address) : undefined,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          return reject(new TypeError('fetch failed', { cause: new Error(`HTTP ${status}`) }));
        }
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v === undefined) continue;
          for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
        }
        if (NULL_BODY.has(status)) res.resume();
        resolve(new Response(NULL_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream), { status, headers: out }));
      },
    );
    // Failures as fetch() gives them: a TimeoutError past the time, otherwise "fetch failed" (the cause says why).
    req.on('error', (err) => reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: err })));
    req.end(body);
  });
}

/**
 * fetch() to a public destination only, following at most 3 redirects, each checked again. The name is resolved
 * once: the connection goes to the very address that was checked.
 */
export async function safeFetch(url: string, init: RequestInit & { timeoutMs?: number; resolve?: Resolver } = {}): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; hop <= 3; hop++) {
    if (!['http:', 'https:'].includes(current.protocol)) throw new AppError(ErrorCode.VALIDATION, '只支持 http(s) 地址');
    const address = await resolvePublicHost(current.hostname, init.resolve);
    const res = await requestPinned(current, address, init, init.timeoutMs ?? 10_000);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel().catch(() => {});
      current = new URL(location, current);
      continue;
    }
    return res;
  }
  throw new AppError(ErrorCode.VALIDATION, '重定向次数过多');
}
