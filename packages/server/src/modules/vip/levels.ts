import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import type { SaveUserLevelBody, UserLevel } from '@waystation/shared/contract/vip';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { userLevels } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { notFound } from '../../core/errors';
import { containsPattern, offsetOf } from '../../core/paging';
import { memberCountsByLevel } from './service';

const discountText = (bp: number) =>
  fromMinor(bp)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');

/** Member levels (discount and spending threshold), ordered by sort. */
export async function listLevels(db: Db, q: { page: number; limit: number; name?: string; status?: AccountStatus }): Promise<Page<UserLevel>> {
  const where: SQL[] = [];
  if (q.name) where.push(ilike(userLevels.name, containsPattern(q.name)));
  if (q.status) where.push(eq(userLevels.status, q.status));
  const [{ n }] = await db
    .select({ n: count() })
    .from(userLevels)
    .where(and(...where));
  const rows = await db
    .select()
    .from(userLevels)
    .where(and(...where))
    .orderBy(asc(userLevels.sort), asc(userLevels.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  const counts = await memberCountsByLevel(db);
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      discount: discountText(r.discountBp),
      threshold: r.threshold,
      currency: r.currency,
      sort: r.sort,
      status: r.status as AccountStatus,
      memberCount: counts.get(r.id) ?? 0,
      modifyTime: r.updatedAt.toISOString(),
    })),
    total: n,
  };
}

/** Active levels for selectors. */
export async function levelOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: userLevels.id, name: userLevels.name })
    .from(userLevels)
    .where(eq(userLevels.status, 'activity'))
    .orderBy(asc(userLevels.sort), asc(userLevels.id));
}

/** Creates or edits a level. */
export async function saveLevel(db: Db, actor: Actor, body: SaveUserLevelBody, now: Date): Promise<{ id: number }> {
  const values = {
    name: body.name.trim(),
    discountBp: toMinor(body.discount),
    threshold: toMinor(body.threshold),
    sort: body.sort ?? 0,
    status: body.status ?? 'activity',
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    if (body.id) {
      const [before] = await tx.select().from(userLevels).where(eq(userLevels.id, body.id));
      if (!before) throw notFound('会员等级不存在');
      await tx.update(userLevels).set(values).where(eq(userLevels.id, body.id));
      await writeAudit(tx, actor, { action: 'vip.saveUserLevel', targetType: 'user_level', targetId: body.id, before, after: values }, now);
      return { id: body.id };
    }
    const [row] = await tx
      .insert(userLevels)
      .values({ ...values, currency: DEFAULT_CURRENCY, createdAt: now })
      .returning({ id: userLevels.id });
    await writeAudit(tx, actor, { action: 'vip.saveUserLevel', targetType: 'user_level', targetId: row.id, after: values }, now);
    return row;
  });
}
