import crypto from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { SiteKey } from '@waystation/shared/contract/notification';
import type { Db } from '../../db';
import { siteApiKeys } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { hashToken } from '../../core/auth';
import { AppError, conflict, notFound } from '../../core/errors';
import { ErrorCode } from '@waystation/shared/contract/common';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { SiteKeyLimitsBody } from '@waystation/shared/contract/notification';

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
    ratePerMinute: r.ratePerMinute,
    allowedCidrs: r.allowedCidrs,
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

/** An address or CIDR in its canonical form (a lone address is its /32 or /128), or null. */
function canonicalCidr(text: string): string | null {
  try {
    if (text.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(text);
      if (addr.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(text.slice(0, text.lastIndexOf('/')))) return null;
      return `${addr.toString()}/${bits}`;
    }
    if (!(ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(':') && ipaddr.IPv6.isValid(text)))) return null;
    const addr = ipaddr.parse(text);
    return `${addr.toString()}/${addr.kind() === 'ipv4' ? 32 : 128}`;
  } catch {
    return null;
  }
}

/** Sets a key's own calls a minute (null: the default) and the address ranges it may be used from (empty: anywhere). */
export async function setKeyLimits(db: Db, actor: Actor, body: z.output<typeof SiteKeyLimitsBody>, now: Date): Promise<null> {
  const cidrs: string[] = [];
  for (const [i, text] of body.allowedCidrs.entries()) {
    const cidr = canonicalCidr(text);
    if (!cidr)
      throw new AppError(ErrorCode.VALIDATION, `地址段 ${text} 无效`, { fields: { [`allowedCidrs.${i}`]: '请输入 IP 地址或网段，如 203.0.113.0/24' } });
    if (!cidrs.includes(cidr)) cidrs.push(cidr);
  }
  const [row] = await db
    .update(siteApiKeys)
    .set({ ratePerMinute: body.ratePerMinute, allowedCidrs: cidrs, updatedAt: now })
    .where(eq(siteApiKeys.id, body.id))
    .returning({ id: siteApiKeys.id });
  if (!row) throw notFound('站点密钥不存在');
  await writeAudit(
    db,
    actor,
    { action: 'siteKey.update', targetType: 'siteKey', targetId: body.id, after: { ratePerMinute: body.ratePerMinute, allowedCidrs: cidrs } },
    now,
  );
  return null;
}
