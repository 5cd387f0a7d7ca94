// Lucky-draw activities as configured: their prizes and chances, saving, switching on and off, simulating. The draw itself: draws.ts.
import { randomInt } from 'node:crypto';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import type { Activity, ActivityListQuery, Prize, SaveActivityBody, SimulateBody, SimulateResult } from '@waystation/shared/contract/marketing/draws';
import type { SaveActivityBody as SaveSchema, SimulateBody as SimSchema } from '@waystation/shared/contract/marketing/draws';
import { paysBalance } from '@waystation/shared/contract/marketing/draws';
import { formatPercent, parsePercent, simulate, chiSquare, TOTAL_BP } from '@waystation/shared/marketing/probability';
import type { Db } from '../../db';
import { coupons, drawActivities, drawPrizes, drawRecords } from '../../db/schema';
import { auditedToggle, writeAudit, type Actor } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage, orderBy } from '../../core/paging';
import { requestScope } from '../../core/requestScope';

type ActivityRow = typeof drawActivities.$inferSelect;
type PrizeRow = typeof drawPrizes.$inferSelect;
type SaveInput = z.output<typeof SaveSchema>;

function prizeAmountText(p: PrizeRow): string {
  if (p.prizeType === 'balance') return fromMinor(p.amount);
  if (p.prizeType === 'points') return String(p.amount);
  return '';
}

function toPrize(p: PrizeRow, couponName = ''): Prize {
  return {
    id: p.id,
    name: p.name,
    prizeType: p.prizeType as Prize['prizeType'],
    couponId: p.couponId,
    couponName,
    amount: prizeAmountText(p),
    probability: formatPercent(p.probabilityBp),
    stock: p.stock,
    issuedCount: p.issuedCount,
    perMemberCap: p.perMemberCap,
    isFiller: p.isFiller,
  };
}

async function prizesOf(db: Db, activityIds: number[]): Promise<Map<number, Prize[]>> {
  const out = new Map<number, Prize[]>();
  if (!activityIds.length) return out;
  const rows = await db
    .select({ p: drawPrizes, couponName: coupons.name })
    .from(drawPrizes)
    .leftJoin(coupons, eq(coupons.id, drawPrizes.couponId))
    .where(and(inArray(drawPrizes.activityId, activityIds), eq(drawPrizes.archived, false)))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  for (const r of rows) {
    const list = out.get(r.p.activityId) ?? [];
    list.push(toPrize(r.p, r.couponName ?? ''));
    out.set(r.p.activityId, list);
  }
  return out;
}

function toActivity(a: ActivityRow, prizes: Prize[], drawCount: number): Activity {
  return {
    id: a.id,
    kind: a.kind as Activity['kind'],
    name: a.name,
    description: a.description,
    startAt: a.startAt.toISOString(),
    endAt: a.endAt.toISOString(),
    costAmount: a.costAmount,
    currency: a.currency,
    freeDrawsPerDay: a.freeDrawsPerDay,
    maxDrawsPerDay: a.maxDrawsPerDay,
    eligibleLevelIds: (a.eligibleLevelIds as number[]) ?? [],
    status: a.status as Activity['status'],
    drawCount,
    prizes,
    balanceCap: a.balanceCap === null ? null : fromMinor(a.balanceCap),
    balanceIssued: fromMinor(a.balanceIssued),
    createTime: a.createdAt.toISOString(),
    modifyTime: a.updatedAt.toISOString(),
  };
}

async function drawCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: drawRecords.activityId, n: sql<number>`count(*)::int` })
    .from(drawRecords)
    .where(inArray(drawRecords.activityId, ids))
    .groupBy(drawRecords.activityId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listActivities(db: Db, q: ActivityListQuery): Promise<{ list: Activity[]; total: number }> {
  const { rows, total: n } = await offsetPage(db, {
    table: drawActivities,
    select: db.select().from(drawActivities).$dynamic(),
    filter: filters(q, {
      name: (name) => ilike(drawActivities.name, containsPattern(name)),
      kind: (k) => eq(drawActivities.kind, k),
      status: (s) => eq(drawActivities.status, s),
    }),
    orderBy: orderBy(
      q.sort,
      q.order,
      { id: drawActivities.id, create_time: drawActivities.createdAt, modify_time: drawActivities.updatedAt },
      drawActivities.id,
    ),
    q,
  });
  const ids = rows.map((r) => r.id);
  const [prizes, counts] = await Promise.all([prizesOf(db, ids), drawCounts(db, ids)]);
  return { list: rows.map((r) => toActivity(r, prizes.get(r.id) ?? [], counts.get(r.id) ?? 0)), total: n };
}

export async function activityDetail(db: Db, id: number): Promise<Activity> {
  const [row] = await db.select().from(drawActivities).where(eq(drawActivities.id, id));
  if (!row) throw notFound('活动不存在');
  const [prizes, counts] = await Promise.all([prizesOf(db, [id]), drawCounts(db, [id])]);
  return toActivity(row, prizes.get(id) ?? [], counts.get(id) ?? 0);
}

function prizeValues(p: SaveInput['prizes'][number], sort: number) {
  return {
    name: p.name,
    prizeType: p.prizeType,
    couponId: p.prizeType === 'coupon' ? p.couponId : null,
    amount: p.prizeType === 'balance' ? toMinor(p.amount) : p.prizeType === 'points' ? Number(p.amount) : 0,
    probabilityBp: parsePercent(p.probability)!,
    stock: p.stock,
    perMemberCap: p.perMemberCap,
    isFiller: p.isFiller,
    sort,
  };
}

/**
 * Creates or edits an activity with its prizes in one transaction. Prizes keep their ids and issued counts; a
 * prize left out is archived (its draw records keep pointing at it). Stock never goes below what was given out, nor
 * the balance cap below what was credited. (With balance prizes the call is verified: modify_draw_balance_pool.)
 */
export async function saveActivity(db: Db, actor: Actor, body: SaveActivityBody, now: Date): Promise<{ id: number }> {
  const b = body as SaveInput;
  const values = {
    kind: b.kind,
    name: b.name,
    description: b.description,
    startAt: new Date(b.startAt),
    endAt: new Date(b.endAt),
    costAmount: toMinor(b.costAmount),
    freeDrawsPerDay: b.freeDrawsPerDay,
    maxDrawsPerDay: b.maxDrawsPerDay,
    eligibleLevelIds: b.eligibleLevelIds,
    status: b.status,
    balanceCap: paysBalance(b.prizes) && b.balanceCap != null ? toMinor(b.balanceCap) : null,
  };
  return db.transaction(async (tx) => {
    const couponIds = [...new Set(b.prizes.filter((p) => p.prizeType === 'coupon').map((p) => p.couponId!))];
    if (couponIds.length) {
      const found = await tx.select({ id: coupons.id, kind: coupons.kind }).from(coupons).where(inArray(coupons.id, couponIds));
      const missing = couponIds.filter((id) => !found.some((f) => f.id === id && f.kind === 'const'));
      if (missing.length) throw conflict(`奖品优惠券不存在或不是固定优惠券：${missing.join(', ')}`);
    }
    let id = b.id;
    if (!id) {
      const [row] = await tx
        .insert(drawActivities)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: drawActivities.id });
      id = row.id;
    } else {
      const [before] = await tx.select().from(drawActivities).where(eq(drawActivities.id, id)).for('update');
      if (!before) throw notFound('活动不存在');
      if (before.kind !== b.kind) throw conflict('不能修改活动类型');
      if (values.balanceCap !== null && values.balanceCap < before.balanceIssued)
        throw conflict(`余额发放总额上限不能少于已发放金额（${fromMinor(before.balanceIssued)}）`);
      await tx
        .update(drawActivities)
        .set({ ...values, updatedAt: now })
        .where(eq(drawActivities.id, id));
    }
    const existing = await tx
      .select()
      .from(drawPrizes)
      .where(and(eq(drawPrizes.activityId, id), eq(drawPrizes.archived, false)))
      .for('update');
    const keep = new Set<number>();
    for (const [i, p] of b.prizes.entries()) {
      const v = prizeValues(p, i);
      if (p.id) {
        const old = existing.find((e) => e.id === p.id);
        if (!old) throw conflict(`奖品不存在：${p.id}`);
        if (v.stock !== null && v.stock < old.issuedCount) throw conflict(`奖品「${p.name}」的库存不能少于已发放数量（${old.issuedCount}）`);
        keep.add(p.id);
        await tx
          .update(drawPrizes)
          .set({ ...v, updatedAt: now })
          .where(eq(drawPrizes.id, p.id));
      } else {
        await tx.insert(drawPrizes).values({ ...v, activityId: id, createdAt: now, updatedAt: now });
      }
    }
    const dropped = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
    if (dropped.length) await tx.update(drawPrizes).set({ archived: true, updatedAt: now }).where(inArray(drawPrizes.id, dropped));
    await writeAudit(
      tx,
      actor,
      {
        action: b.id ? 'marketing.activity.edit' : 'marketing.activity.create',
        targetType: 'draw_activity',
        targetId: id,
        after: { ...values, prizes: b.prizes, verified: requestScope.getStore()?.verified ?? false },
      },
      now,
    );
    return { id };
  });
}

/** Whether an activity has balance prizes (switching it on is then verified). */
export async function activityPaysBalance(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drawPrizes.id })
    .from(drawPrizes)
    .where(and(eq(drawPrizes.activityId, id), eq(drawPrizes.archived, false), eq(drawPrizes.prizeType, 'balance')))
    .limit(1);
  return !!row;
}

export async function setActivityStatus(db: Db, actor: Actor, id: number, status: 'activity' | 'disabled', now: Date): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: drawActivities.id, status: drawActivities.status })
      .from(drawActivities)
      .where(eq(drawActivities.id, id))
      .for('update');
    if (!before) throw notFound('活动不存在');
    return auditedToggle(tx, actor, { table: drawActivities, row: before, status, action: 'marketing.activity.status', targetType: 'draw_activity', now });
  });
}

/**
 * Simulates draws over configured chances with the same pick as a real draw and crypto randomness; writes
 * nothing. Each prize's hits are checked against a five-sigma band around the expected count.
 */
export function simulateDraws(body: SimulateBody, uniform: (max: number) => number = randomInt): SimulateResult {
  const b = body as z.output<typeof SimSchema>;
  const bps = b.prizes.map((p) => parsePercent(p.probability)!);
  const rows = simulate(bps, b.draws, uniform);
  const { statistic, df } = chiSquare(rows, b.draws);
  return {
    draws: b.draws,
    rows: rows.map((r, i) => {
      const p = r.configuredBp / TOTAL_BP;
      const expected = b.draws * p;
      const sigma = Math.sqrt(b.draws * p * (1 - p));
      return {
        name: b.prizes[i].name,
        configured: formatPercent(r.configuredBp),
        hits: r.hits,
        observed: ((r.hits * 100) / b.draws).toFixed(2),
        withinBounds: p === 0 ? r.hits === 0 : Math.abs(r.hits - expected) <= 5 * sigma,
      };
    }),
    chiSquare: Number.isFinite(statistic) ? Math.round(statistic * 1000) / 1000 : 1e9,
    df,
  };
}
