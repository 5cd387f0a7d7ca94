import crypto from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { SiteKey } from '@waystation/shared/contract/notification';
import type { Db } from '../../db';
import { siteApiKeys } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { hashToken } from '../../core/auth';
import { conflict, notFound } from '../../core/errors';

/**
 * Member sites' API keys (issue 13): a site's server calls the open API with X-Api-Key, acting for one member at a
 * time. Only the key's hash is stored; the whole key is in the answer that created it and nowhere else.
 */

const MAX_KEYS = 20;
export const SITE_KEY_PREFIX = 'wsk_';

export async function listKeys(db: Db): Promise<SiteKey[]> {
  const rows = await db.select().from(siteApiKeys).orderBy(desc(siteApiKeys.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    status: r.status as SiteKey['status'],
    creatorName: r.creatorName,
    lastUsedTime: r.lastUsedAt?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  }));
}

export async function createKey(db: Db, actor: Actor, name: string, now: Date): Promise<{ id: number; key: string }> {
  const key = SITE_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(siteApiKeys).where(eq(siteApiKeys.status, 'activity'));
    if (total >= MAX_KEYS) throw conflict(`最多启用${MAX_KEYS}个站点密钥`);
    const [row] = await tx
      .insert(siteApiKeys)
      .values({ name, prefix: key.slice(0, 10), keyHash: hashToken(key), creatorName: actor.name, createdAt: now, updatedAt: now })
      .returning({ id: siteApiKeys.id });
    await writeAudit(tx, actor, { action: 'siteKey.create', targetType: 'siteKey', targetId: row.id, after: { name, prefix: key.slice(0, 10) } }, now);
    return { id: row.id, key };
  });
}

/** Disables a key (its calls are refused from the next request) or enables it again. */
export async function setKeyStatus(db: Db, actor: Actor, id: number, status: SiteKey['status'], now: Date): Promise<null> {
  const [row] = await db.update(siteApiKeys).set({ status, updatedAt: now }).where(eq(siteApiKeys.id, id)).returning({ id: siteApiKeys.id });
  if (!row) throw notFound('站点密钥不存在');
  await writeAudit(db, actor, { action: 'siteKey.update', targetType: 'siteKey', targetId: id, after: { status } }, now);
  return null;
}
