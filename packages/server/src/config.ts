import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { SERVER_DIR } from './paths';

export interface AppConfig {
  port: number;
  host: string;
  /** Directory of the embedded database, uploads and the lock file. */
  dataDir: string;
  /** PostgreSQL server; absent means the embedded PGlite in dataDir. */
  databaseUrl?: string;
  adminUsername: string;
  /** When absent a password is generated and printed once at the first start. */
  adminPassword?: string;
  /** Seed demo roles' staff and business data, and allow the demo role switch. */
  demo: boolean;
  /** Demo mode on an address other people can reach (DEMO_PUBLIC=1): the demo passwords are in the README. */
  demoPublic: boolean;
  /** Directory with the built web app; served with history fallback when present. */
  webDist?: string;
  /** Injected clock: every rule about time reads it, so tests never wait. */
  now: () => Date;
  logLevel: string;
  /** Failed logins from one IP within the window before further attempts are refused (42900). */
  loginIpLimit: number;
  bodyLimit: number;
  /** A request (headers and body) must have arrived within this many ms. */
  requestTimeoutMs: number;
  /**
   * Behind a reverse proxy (TRUST_PROXY): how far X-Forwarded-For is believed, for login limits, rate windows and the
   * audit trail. false: the socket's peer is the client. A number: that many proxy hops in front of the server (the
   * client is the entry that many places from the right). A list: the proxies' own addresses/CIDRs (every entry from
   * one of them is skipped, the first other one from the right is the client). Never "trust everything": the left-most
   * entry is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  /** Key for secrets sealed at rest (core/secrets.ts); absent: a random key in DATA_DIR/secret.key. */
  secretKey?: string;
  /** Speech provider for the stations' voice prompts; without it the browser speaks with its own voice. */
  tts: { url: string | null; accessToken: string | null };
  /** BACKUP_DIR: the backups folder (default DATA_DIR/backups). */
  backupDir?: string;
  /** BACKUP_S3_*: an S3-compatible bucket as the backup target instead of the folder. */
  backupS3: S3Settings | null;
  /** UPLOAD_S3_*: uploaded photos and files in an S3-compatible bucket instead of DATA_DIR/uploads (several servers). */
  uploadS3: S3Settings | null;
  /** The member API's sandbox payment provider (tops up balances without money): demo mode, or PAYMENT_SANDBOX=1. */
  paymentSandbox: boolean;
  /** The demo carrier (演示承运商: books and tracks without a real carrier, calls nobody): demo mode, or CARRIER_SANDBOX=1. */
  carrierSandbox: boolean;
  /**
   * Who may read GET /metrics: the addresses/CIDRs in METRICS_ALLOW (default: this machine only when the server
   * listens on loopback, nobody otherwise), or a caller with `Authorization: Bearer <METRICS_TOKEN>`.
   */
  metrics: { allow: string[]; token: string | null };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoDefault = !databaseUrl;
  const demo = env.DEMO === undefined || env.DEMO === '' ? demoDefault : ['1', 'true', 'on', 'yes'].includes(env.DEMO.toLowerCase());
  // Demo staff have published passwords: a demo server listens on this machine only unless HOST says otherwise.
  const host = env.HOST || (demo ? '127.0.0.1' : '0.0.0.0');
  return {
    port: Number(env.PORT ?? 8080),
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo,
    demoPublic: ['1', 'true', 'on', 'yes'].includes((env.DEMO_PUBLIC ?? '').toLowerCase()),
    webDist: path.resolve(env.WEB_DIST ?? path.join(SERVER_DIR, '../web/dist')),
    now: () => new Date(),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginIpLimit: Number(env.LOGIN_IP_LIMIT ?? 50),
    bodyLimit: 2 * 1024 * 1024,
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secretKey: env.SECRET_KEY || undefined,
    tts: { url: env.TTS_URL || null, accessToken: env.TTS_ACCESS_TOKEN || null },
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupS3: s3SettingsFromEnv(env),
    uploadS3: s3SettingsFromEnv(env, 'UPLOAD_S3_'),
    paymentSandbox:
      env.PAYMENT_SANDBOX === undefined || env.PAYMENT_SANDBOX === '' ? demo : ['1', 'true', 'on', 'yes'].includes(env.PAYMENT_SANDBOX.toLowerCase()),
    carrierSandbox:
      env.CARRIER_SANDBOX === undefined || env.CARRIER_SANDBOX === '' ? demo : ['1', 'true', 'on', 'yes'].includes(env.CARRIER_SANDBOX.toLowerCase()),
    metrics: parseMetricsAccess(env, host),
  };
}

export function parseMetricsAccess(env: NodeJS.ProcessEnv, host: string): AppConfig['metrics'] {
  const token = env.METRICS_TOKEN || null;
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN is too short: give at least 16 random characters (e.g. `openssl rand -hex 24`)');
  const value = (env.METRICS_ALLOW ?? '').trim();
  if (!value) return { allow: isLoopbackHost(host) ? ['127.0.0.1', '::1'] : [], token };
  const allow = value.split(',').map((e) => e.trim());
  const bad = allow.filter((e) => !(isAddress(e) || isCidr(e)));
  if (bad.length)
    throw new ConfigError(`METRICS_ALLOW=${value}: not an address or CIDR: ${bad.map((b) => `"${b}"`).join(', ')} (e.g. METRICS_ALLOW=10.0.0.0/8,127.0.0.1)`);
  return { allow, token };
}

export type TrustProxy = false | number | string[];

/** Fastify's trustProxy for a TRUST_PROXY value: a hop count as the function Fastify itself makes of one (its types take no number). */
export const fastifyTrustProxy = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/** A setting the server cannot start with; main prints the message and exits. */
export class ConfigError extends Error {}

/** Names proxy-addr (Fastify's trustProxy) understands in a list besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: empty/0/off: no proxy. 1, 2…: that many proxy hops (true/on/yes mean 1). Otherwise a comma-separated
 * list of the proxies' addresses or CIDRs (or loopback, linklocal, uniquelocal). Anything else refuses to start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'off', 'no'].includes(v)) return false;
  if (['true', 'on', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY=${value}: at most 10 proxy hops (give the number of proxies in front of the server)`);
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !(PROXY_RANGE_NAMES.has(e) || isAddress(e) || isCidr(e)));
  if (bad.length || !entries.length)
    throw new ConfigError(
      `TRUST_PROXY=${value} is not understood (${bad.map((b) => `"${b}"`).join(', ') || 'empty entry'}): give the number of proxy hops ` +
        "(TRUST_PROXY=1 for one reverse proxy) or a comma-separated list of the proxies' addresses/CIDRs (TRUST_PROXY=10.0.0.0/8,192.168.1.5)",
    );
  return entries;
}
/** Written-out addresses only (ipaddr.js also takes "1.5" and other legacy IPv4 forms, which proxy-addr does not). */
const isAddress = (e: string) => ipaddr.IPv4.isValidFourPartDecimal(e) || (e.includes(':') && ipaddr.IPv6.isValid(e));
const isCidr = (e: string) => {
  try {
    ipaddr.parseCIDR(e);
    return isAddress(e.slice(0, e.lastIndexOf('/')));
  } catch {
    return false;
  }
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
export const isLoopbackHost = (host: string) => LOOPBACK.has(host) || host.startsWith('127.');

/**
 * Whether the server may start as configured: demo mode on a reachable address (0.0.0.0, a LAN address) is refused
 * unless DEMO_PUBLIC=1 says it is meant, and then it is announced loudly.
 */
export function demoExposure(config: Pick<AppConfig, 'demo' | 'demoPublic' | 'host'>): 'ok' | 'refuse' | 'warn' {
  if (!config.demo || isLoopbackHost(config.host)) return 'ok';
  return config.demoPublic ? 'warn' : 'refuse';
}

export interface S3Settings {
  bucket: string;
  /** An S3-compatible store (MinIO, Ceph, R2…); absent: AWS S3 itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Folder-like prefix of the objects' keys ('' or ending in /). */
  prefix: string;
}

/** An S3-compatible bucket from <name>BUCKET, ENDPOINT, REGION, ACCESS_KEY_ID, SECRET_ACCESS_KEY, PREFIX; null without a bucket. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv, name: 'BACKUP_S3_' | 'UPLOAD_S3_' = 'BACKUP_S3_'): S3Settings | null {
  const v = (key: string) => env[`${name}${key}`];
  if (!v('BUCKET')) return null;
  const prefix = (v('PREFIX') ?? '').replace(/^\/+/, '');
  return {
    bucket: v('BUCKET')!,
    endpoint: v('ENDPOINT') || undefined,
    region: v('REGION') || 'us-east-1',
    accessKeyId: v('ACCESS_KEY_ID') || undefined,
    secretAccessKey: v('SECRET_ACCESS_KEY') || undefined,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}
