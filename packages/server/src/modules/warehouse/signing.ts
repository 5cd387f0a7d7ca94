import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { systemMeta } from '../../db/schema';

const KEY = 'label_signing_key';
/** A label URL stays valid for a day: long enough for a print queue, short enough not to become a permanent link. */
export const LABEL_URL_TTL_S = 24 * 3600;

/**
 * The key that signs label URLs (the print driver fetches them without a token). Kept in the database so every
 * server instance signs alike; read once per process.
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

const sign = (key: Buffer, code: string, exp: number) => crypto.createHmac('sha256', key).update(`label:${code}:${exp}`).digest('hex');

/** Signed, expiring URL of an item's label PDF. */
export function labelUrl(key: Buffer, code: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + LABEL_URL_TTL_S;
  return `/api/warehouse/labelPdf?code=${encodeURIComponent(code)}&exp=${exp}&sig=${sign(key, code, exp)}`;
}

export function labelSignatureValid(key: Buffer, code: string, exp: number, sig: string, now: Date): boolean {
  if (exp * 1000 < now.getTime()) return false;
  const want = Buffer.from(sign(key, code, exp), 'hex');
  const got = Buffer.from(sig, 'hex');
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** URL makers for items in API answers: stored media → file URLs, item code → signed label URL. */
export async function itemUrls(db: Db, storage: { urlOf(uri: string): string }, now: Date) {
  const key = await signingKey(db);
  return { media: (uri: string) => storage.urlOf(uri), label: (code: string) => labelUrl(key, code, now) };
}
