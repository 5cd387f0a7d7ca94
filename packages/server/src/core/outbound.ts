import dns from 'node:dns/promises';
import net from 'node:net';
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

/** Refuses (40001) a host that is, or resolves to, anything but public addresses, unless the allow-list names it. */
export async function assertPublicHost(host: string): Promise<void> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts().has(name)) return;
  const addresses = net.isIP(name) ? [name] : (await dns.lookup(name, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw new AppError(ErrorCode.VALIDATION, `无法解析地址 ${host}`);
  if (!addresses.every(isPublicAddress)) throw refused(host);
}

/** fetch() to a public destination only, following at most 3 redirects, each checked again. */
export async function safeFetch(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; hop <= 3; hop++) {
    if (!['http:', 'https:'].includes(current.protocol)) throw new AppError(ErrorCode.VALIDATION, '只支持 http(s) 地址');
    await assertPublicHost(current.hostname);
    const res = await fetch(current, { ...init, redirect: 'manual', signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      current = new URL(location, current);
      continue;
    }
    return res;
  }
  throw new AppError(ErrorCode.VALIDATION, '重定向次数过多');
}
