import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { systemMeta } from '../db/schema';

const KEY = 'label_signing_key';
/** A document URL stays valid for a day: long enough for a print queue, short enough not to become a permanent link. */
export const SIGNED_URL_TTL_S = 24 * 3600;

/**
 * The key that signs document URLs (the print driver fetches labels and manifests without a token). Kept in the
 * database so every server instance signs alike; read once per process.
 */
let cached: Promise<Buffer> | null = null;
let cachedDb: Db | null = null;
export function signingKey(db: Db): Promise<Buffer> {
  if (!cached || cachedDb !== db) {
    cachedDb = db;
    cached = (async () => {
      await db
        .insert(systemMeta)
        .values({ key: KEY, value: crypto.randomBytes(32).toString('hex'), updatedAt: new Date(0) })
        .onConflictDoNothing();
      const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, KEY));
      return Buffer.from(String(row.value), 'hex');
    })();
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/** A signed document: the route that serves it, the scope its signature is bound to, and its query parameter. */
export interface SignedDoc {
  path: string;
  scope: string;
  param: 'id' | 'code' | 'packageNo';
}

const sign = (key: Buffer, scope: string, id: string, exp: number) => crypto.createHmac('sha256', key).update(`${scope}:${id}:${exp}`).digest('hex');

/** The signed, expiring URL of document `id`. */
export function signedUrl(key: Buffer, doc: SignedDoc, id: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_S;
  return `${doc.path}?${doc.param}=${encodeURIComponent(id)}&exp=${exp}&sig=${sign(key, doc.scope, id, exp)}`;
}

export function signatureValid(key: Buffer, scope: string, id: string, exp: number, sig: string, now: Date): boolean {
  if (exp * 1000 < now.getTime()) return false;
  const want = Buffer.from(sign(key, scope, id, exp), 'hex');
  const got = Buffer.from(sig, 'hex');
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
