import { and, asc, eq, ilike, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import type { SaveUserLevelBody, UserLevel } from '@waystation/shared/contract/vip';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { memberProfiles, shopOrders, userLevels } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
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

/** The discount of the member's level at payment, in basis points of the price (10000: none, or no active level). */
export async function levelDiscountBp(db: Db, memberId: number): Promise<number> {
  return (await levelDiscountBps(db, [memberId])).get(memberId)!;
}

/** levelDiscountBp of several members in one query (a list page's rows). */
export async function levelDiscountBps(db: Db, memberIds: number[]): Promise<Map<number, number>> {
  const rows = memberIds.length
    ? await db
        .select({ memberId: memberProfiles.memberId, bp: userLevels.discountBp })
        .from(memberProfiles)
        .innerJoin(userLevels, eq(userLevels.id, memberProfiles.levelId))
        .where(and(inArray(memberProfiles.memberId, memberIds), eq(userLevels.status, 'activity')))
    : [];
  const bpOf = new Map(rows.map((r) => [r.memberId, r.bp]));
  return new Map(
    memberIds.map((id) => {
      const bp = bpOf.get(id) ?? 10000;
      return [id, bp > 0 && bp <= 10000 ? bp : 10000];
    }),
  );
}

/**
 * Moves the member up to the highest active level whose threshold their paid shop orders reach (in the level's
 * currency); never down, so a level staff gave by hand stays. Answers the new level, or null when it stays.
 */
export async function raiseLevel(tx: Db, memberId: number, actor: Actor, now: Date): Promise<{ id: number; name: string } | null> {
  const spent = await tx
    .select({ currency: shopOrders.currency, amount: sql<string>`sum(${shopOrders.paidAmount})` })
    .from(shopOrders)
    .where(and(eq(shopOrders.memberId, memberId), isNotNull(shopOrders.payTime), ne(shopOrders.status, 'canceled')))
    .groupBy(shopOrders.currency);
  const spentIn = (currency: string) => Number(spent.find((s) => s.currency === currency)?.amount ?? 0);
  const levels = await tx.select().from(userLevels).where(eq(userLevels.status, 'activity')).orderBy(asc(userLevels.threshold), asc(userLevels.sort));
  const reached = levels.filter((l) => spentIn(l.currency) >= l.threshold).at(-1);
  if (!reached) return null;
  const lockProfile = () => tx.select({ levelId: memberProfiles.levelId }).from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).for('update');
  let [profile] = await lockProfile();
  if (!profile) {
    await tx.insert(memberProfiles).values({ memberId, updatedAt: now }).onConflictDoNothing();
    [profile] = await lockProfile();
  }
  // The member's level is usually one of the active ones just read; a level since disabled is read by its id.
  const levelId = profile?.levelId;
  const current = levelId ? (levels.find((l) => l.id === levelId) ?? (await tx.select().from(userLevels).where(eq(userLevels.id, levelId)))[0]) : undefined;
  if (reached.id === current?.id || (current && current.threshold >= reached.threshold)) return null;
  await tx.update(memberProfiles).set({ levelId: reached.id, updatedAt: now }).where(eq(memberProfiles.memberId, memberId));
  await writeAudit(
    tx,
    actor,
    {
      action: 'vip.levelUp',
      targetType: 'member',
      targetId: memberId,
      before: { levelId: current?.id ?? null, level: current?.name ?? '' },
      after: { levelId: reached.id, level: reached.name, spent: spentIn(reached.currency), threshold: reached.threshold },
    },
    now,
  );
  return { id: reached.id, name: reached.name };
}
