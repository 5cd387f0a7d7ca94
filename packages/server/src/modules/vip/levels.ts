import { asc, eq, ilike } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import type { SaveUserLevelBody, UserLevel } from '@waystation/shared/contract/vip';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { userLevels } from '../../db/schema';
import { type Actor, auditedSave } from '../../core/audit';
import { containsPattern, filters, offsetPage } from '../../core/paging';
import { memberCountsByLevel } from './service';

const discountText = (bp: number) =>
  fromMinor(bp)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');

/** Member levels (discount and spending threshold), ordered by sort. */
export async function listLevels(db: Db, q: { page: number; limit: number; name?: string; status?: AccountStatus }): Promise<Page<UserLevel>> {
  const { rows, total } = await offsetPage(db, {
    table: userLevels,
    select: db.select().from(userLevels).$dynamic(),
    filter: filters(q, { name: (n) => ilike(userLevels.name, containsPattern(n)), status: (s) => eq(userLevels.status, s) }),
    orderBy: [asc(userLevels.sort), asc(userLevels.id)],
    q,
  });
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
    total,
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
  const saved = await db.transaction((tx) =>
    auditedSave(tx, actor, {
      table: userLevels,
      id: body.id,
      fields: values,
      insert: { currency: DEFAULT_CURRENCY },
      action: 'vip.saveUserLevel',
      targetType: 'user_level',
      notFound: '会员等级不存在',
      after: values,
      now,
    }),
  );
  return { id: saved.id };
}
