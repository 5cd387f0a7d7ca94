// The lucky draw itself (one member, one transaction), points, and the draw records. The activities' configuration: activities.ts.
import { createHash, randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DrawRecord, DrawRecordQuery, DrawResult } from '@waystation/shared/contract/marketing/draws';
import type { MemberDrawResult } from '@waystation/shared/contract/open';
import { pickIndex, TOTAL_BP } from '@waystation/shared/marketing/probability';
import type { Db } from '../../db';
import { couponGrants, drawActivities, drawPrizes, drawRecords, memberPointEntries, memberPoints, members } from '../../db/schema';
import { writeAudit, type Actor } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { filters, offsetPage } from '../../core/paging';
import { post } from '../ledger/service';
import { businessDay, memberByCode } from './common';
import { grantLocked, lockCoupon } from './grants';
import { isActive } from '../../core/status';

class FallBack extends Error {}

export interface DrawInput {
  activityId: number;
  userCode: string;
  requestId: string;
}

async function replayDraw(db: Db, requestId: string, activityId: number, memberId: number): Promise<DrawResult | null> {
  const [r] = await db
    .select({ rec: drawRecords, grantNo: couponGrants.grantNo })
    .from(drawRecords)
    .leftJoin(couponGrants, eq(couponGrants.id, drawRecords.couponGrantId))
    .where(eq(drawRecords.requestId, requestId));
  if (!r) return null;
  if (r.rec.activityId !== activityId || r.rec.memberId !== memberId) throw conflict('请求标识已用于另一次抽奖');
  return {
    recordId: r.rec.id,
    prizeId: r.rec.prizeId,
    prizeName: r.rec.prizeName,
    prizeType: r.rec.prizeType as DrawResult['prizeType'],
    amount: r.rec.amount,
    couponGrantNo: r.grantNo,
    free: r.rec.free,
    costAmount: r.rec.costAmount,
    fellBack: r.rec.prizeId !== r.rec.drawnPrizeId,
    replayed: true,
  };
}

/**
 * A member's own draw through the member API: paid draws allowed, the request id made from the member and the call's
 * Idempotency-Key (a retry draws once), answered as the member sees it.
 */
export async function memberDraw(
  db: Db,
  actor: Actor,
  member: { id: number; userCode: string },
  activityId: number,
  idempotencyKey: string,
  now: Date,
): Promise<z.output<typeof MemberDrawResult>> {
  const requestId = `m${member.id}-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
  const r = await draw(db, actor, { activityId, userCode: member.userCode, requestId }, now, { allowPaid: true });
  return { prizeName: r.prizeName, prizeType: r.prizeType, amount: r.amount, couponGrantNo: r.couponGrantNo ?? null, free: r.free, costAmount: r.costAmount };
}

/**
 * One draw for a member, in one transaction: the member row is locked (their free and paid draws of the day are
 * counted without a race), a paid draw is debited through the ledger, the prize is picked with crypto randomness,
 * its stock taken by a conditional update and its per-member cap checked — a prize that ran out gives the filler
 * instead — then the prize is granted (coupon grant, ledger credit or points) and the draw record written.
 * A retried request (same requestId) returns the first draw. Paid draws only with `allowPaid` (the member's own
 * request); a draw by staff for a member uses free draws only.
 */
export async function draw(
  db: Db,
  actor: Actor | null,
  input: DrawInput,
  now: Date,
  opts: { uniform?: (max: number) => number; allowPaid?: boolean } = {},
): Promise<DrawResult> {
  const uniform = opts.uniform ?? randomInt;
  const member = await memberByCode(db, input.userCode);
  const first = await replayDraw(db, input.requestId, input.activityId, member.id);
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: members.status }).from(members).where(eq(members.id, member.id)).for('update');
      if (!isActive(locked)) throw conflict('会员账号不可用');
      const [activity] = await tx.select().from(drawActivities).where(eq(drawActivities.id, input.activityId));
      if (!activity) throw notFound('活动不存在');
      if (!isActive(activity)) throw conflict('活动已停用');
      if (now < activity.startAt || now >= activity.endAt) throw conflict('不在活动时间内');
      const levels = (activity.eligibleLevelIds as number[]) ?? [];
      if (levels.length && (member.levelId === null || !levels.includes(member.levelId))) throw conflict('会员等级不符合活动要求');

      const day = businessDay(now);
      const [{ total, paid }] = await tx
        .select({ total: sql<number>`count(*)::int`, paid: sql<number>`count(*) filter (where not ${drawRecords.free})::int` })
        .from(drawRecords)
        .where(and(eq(drawRecords.activityId, activity.id), eq(drawRecords.memberId, member.id), eq(drawRecords.drawDay, day)));
      const free = total - paid < activity.freeDrawsPerDay;
      if (!free) {
        if (activity.costAmount <= 0) throw conflict('今日免费抽奖次数已用完');
        // Staff drawing for a member never spend the member's balance: paid draws are the member's own choice.
        if (!opts.allowPaid) throw conflict('今日免费抽奖次数已用完，付费抽奖须由会员本人发起');
        if (activity.maxDrawsPerDay > 0 && paid >= activity.maxDrawsPerDay) throw conflict('今日抽奖次数已用完');
        await post(
          tx,
          {
            ownerType: 'member',
            ownerId: member.id,
            kind: 'balance',
            currency: activity.currency,
            amount: -activity.costAmount,
            type: 'payment',
            refType: 'lucky_draw',
            refId: input.requestId,
            remark: `抽奖：${activity.name}`,
            idempotencyKey: `draw-cost:${input.requestId}`,
            operator: actor ?? undefined,
          },
          now,
        );
      }

      const prizes = await tx
        .select()
        .from(drawPrizes)
        .where(and(eq(drawPrizes.activityId, activity.id), eq(drawPrizes.archived, false)))
        .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
      const filler = prizes.find((p) => p.isFiller);
      if (!filler || prizes.reduce((s, p) => s + p.probabilityBp, 0) !== TOTAL_BP) throw conflict('活动奖品配置不完整');
      const drawn =
        prizes[
          pickIndex(
            prizes.map((p) => p.probabilityBp),
            uniform(TOTAL_BP),
          )
        ];

      let given = drawn;
      let couponGrantId: number | null = null;
      let couponGrantNo: string | null = null;
      let ledgerEntryId: number | null = null;
      if (!drawn.isFiller) {
        try {
          // A savepoint: a prize that cannot be given leaves no trace (stock, grant) and the filler is given instead.
          const award = await tx.transaction(async (sp) => {
            if (drawn.prizeType === 'balance') {
              // Money: counted against the activity's cap under its row lock (taken before the prize's, as a save
              // takes them), so concurrent draws queue here and none credits past the cap; no cap, no credit.
              const [ok] = await sp
                .update(drawActivities)
                .set({ balanceIssued: sql`${drawActivities.balanceIssued} + ${drawn.amount}` })
                .where(
                  and(
                    eq(drawActivities.id, activity.id),
                    sql`${drawActivities.balanceCap} is not null and ${drawActivities.balanceIssued} + ${drawn.amount} <= ${drawActivities.balanceCap}`,
                  ),
                )
                .returning({ id: drawActivities.id });
              if (!ok || drawn.stock === null) throw new FallBack();
            }
            if (drawn.stock !== null) {
              const [ok] = await sp
                .update(drawPrizes)
                .set({ issuedCount: sql`${drawPrizes.issuedCount} + 1` })
                .where(and(eq(drawPrizes.id, drawn.id), sql`${drawPrizes.issuedCount} < ${drawPrizes.stock}`))
                .returning({ id: drawPrizes.id });
              if (!ok) throw new FallBack();
            } else {
              await sp
                .update(drawPrizes)
                .set({ issuedCount: sql`${drawPrizes.issuedCount} + 1` })
                .where(eq(drawPrizes.id, drawn.id));
            }
            if (drawn.perMemberCap !== null) {
              const [{ n }] = await sp
                .select({ n: sql<number>`count(*)::int` })
                .from(drawRecords)
                .where(and(eq(drawRecords.prizeId, drawn.id), eq(drawRecords.memberId, member.id)));
              if (n >= drawn.perMemberCap) throw new FallBack();
            }
            if (drawn.prizeType === 'coupon') {
              const coupon = await lockCoupon(sp, drawn.couponId!, now).catch(() => {
                throw new FallBack();
              });
              const out = await grantLocked(
                sp,
                coupon,
                [member],
                { sourceType: 'activityDraw', quantity: 1, keyOf: () => `draw:${input.requestId}`, operator: actor, enforceLimit: true },
                now,
              ).catch(() => {
                throw new FallBack();
              });
              if (!out.granted.length) throw new FallBack();
              return { couponGrantId: out.granted[0].id, couponGrantNo: out.granted[0].grantNo, ledgerEntryId: null };
            }
            if (drawn.prizeType === 'balance') {
              const { entry } = await post(
                sp,
                {
                  ownerType: 'member',
                  ownerId: member.id,
                  kind: 'balance',
                  currency: activity.currency,
                  amount: drawn.amount,
                  type: 'adjustment',
                  refType: 'lucky_draw_prize',
                  refId: input.requestId,
                  remark: `抽奖奖品：${activity.name} / ${drawn.name}`,
                  idempotencyKey: `draw-prize:${input.requestId}`,
                  operator: actor ?? undefined,
                },
                now,
              );
              return { couponGrantId: null, couponGrantNo: null, ledgerEntryId: entry.id };
            }
            if (drawn.prizeType === 'points') await addPoints(sp, member.id, drawn.amount, 'lucky_draw', input.requestId, now);
            return { couponGrantId: null, couponGrantNo: null, ledgerEntryId: null };
          });
          ({ couponGrantId, couponGrantNo, ledgerEntryId } = award);
        } catch (err) {
          if (!(err instanceof FallBack)) throw err;
          given = filler;
        }
      }
      const [rec] = await tx
        .insert(drawRecords)
        .values({
          activityId: activity.id,
          memberId: member.id,
          requestId: input.requestId,
          prizeId: given.id,
          drawnPrizeId: drawn.id,
          prizeType: given.prizeType,
          prizeName: given.name,
          amount: given.amount,
          couponGrantId,
          ledgerEntryId,
          free,
          costAmount: free ? 0 : activity.costAmount,
          drawDay: day,
          operatorName: actor?.name ?? '',
          createdAt: now,
        })
        .returning({ id: drawRecords.id });
      if (actor) {
        await writeAudit(
          tx,
          actor,
          {
            action: 'marketing.activity.draw',
            targetType: 'draw_record',
            targetId: rec.id,
            after: { activityId: activity.id, userCode: member.userCode, prize: given.name, drawn: drawn.name, free },
          },
          now,
        );
      }
      return {
        recordId: rec.id,
        prizeId: given.id,
        prizeName: given.name,
        prizeType: given.prizeType as DrawResult['prizeType'],
        amount: given.amount,
        couponGrantNo,
        free,
        costAmount: free ? 0 : activity.costAmount,
        fellBack: given.id !== drawn.id,
        replayed: false,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await replayDraw(db, input.requestId, input.activityId, member.id);
      if (again) return again;
    }
    throw err;
  }
}

/** Credits points in `tx` (points kept by this domain until a points ledger exists elsewhere). */
export async function addPoints(tx: Db, memberId: number, amount: number, refType: string, refId: string, now: Date): Promise<void> {
  const [bal] = await tx
    .insert(memberPoints)
    .values({ memberId, balance: amount, updatedAt: now })
    .onConflictDoUpdate({ target: memberPoints.memberId, set: { balance: sql`${memberPoints.balance} + ${amount}`, updatedAt: now } })
    .returning({ balance: memberPoints.balance });
  await tx.insert(memberPointEntries).values({ memberId, amount, balanceAfter: bal.balance, refType, refId, createdAt: now });
}

export async function pointsOf(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ balance: memberPoints.balance }).from(memberPoints).where(eq(memberPoints.memberId, memberId));
  return row?.balance ?? 0;
}

function drawWhere(q: Partial<DrawRecordQuery>): SQL | undefined {
  return and(
    ...filters(q, {
      activityId: (id) => eq(drawRecords.activityId, id),
      userCode: (c) => eq(sql`upper(${members.userCode})`, c.toUpperCase()),
      prizeType: (t) => eq(drawRecords.prizeType, t),
      from: (t) => gte(drawRecords.createdAt, new Date(t)),
      to: (t) => lte(drawRecords.createdAt, new Date(t)),
    }),
  );
}

/** Draw records, newest first. */
export async function listDrawRecords(db: Db, q: DrawRecordQuery): Promise<{ list: DrawRecord[]; total: number }> {
  const { rows, total } = await offsetPage(db, {
    table: drawRecords,
    select: db
      .select({ r: drawRecords, userCode: members.userCode, activityName: drawActivities.name, kind: drawActivities.kind, grantNo: couponGrants.grantNo })
      .from(drawRecords)
      .innerJoin(members, eq(members.id, drawRecords.memberId))
      .innerJoin(drawActivities, eq(drawActivities.id, drawRecords.activityId))
      .leftJoin(couponGrants, eq(couponGrants.id, drawRecords.couponGrantId))
      .$dynamic(),
    filter: drawWhere(q),
    orderBy: [desc(drawRecords.id)],
    q,
    count: async (filter) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(drawRecords).innerJoin(members, eq(members.id, drawRecords.memberId)).where(filter))[0].n,
  });
  return {
    total,
    list: rows.map(({ r, userCode, activityName, kind, grantNo }) => ({
      id: r.id,
      activityId: r.activityId,
      activityName,
      kind: kind as DrawRecord['kind'],
      memberId: r.memberId,
      userCode,
      prizeName: r.prizeName,
      prizeType: r.prizeType as DrawRecord['prizeType'],
      amount: r.amount,
      couponGrantNo: grantNo,
      free: r.free,
      costAmount: r.costAmount,
      fellBack: r.prizeId !== r.drawnPrizeId,
      operatorName: r.operatorName,
      createTime: r.createdAt.toISOString(),
    })),
  };
}
