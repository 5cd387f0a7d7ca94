// The send records (couponSendRecord): every coupon a member was given, for the list (exported through the generic export). Giving them: grants.ts.
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { CouponGrant, SendRecordQuery } from '@waystation/shared/contract/marketing/grants';
import type { Db } from '../../db';
import { couponGrants, coupons, members } from '../../db/schema';
import { filters, offsetPage, orderBy } from '../../core/paging';
import { isActive } from '../../core/status';

function recordWhere(q: Partial<SendRecordQuery>): SQL | undefined {
  return and(
    ...filters(q, {
      couponId: (id) => eq(couponGrants.couponId, id),
      userCode: (c) => eq(sql`upper(${members.userCode})`, c.toUpperCase()),
      grantNo: (no) => eq(couponGrants.grantNo, no.toUpperCase()),
      sourceType: (s) => eq(couponGrants.sourceType, s),
      status: (s) => eq(couponGrants.status, s),
      from: (t) => gte(couponGrants.createdAt, new Date(t)),
      to: (t) => lte(couponGrants.createdAt, new Date(t)),
    }),
  );
}

const recordColumns = {
  id: couponGrants.id,
  grantNo: couponGrants.grantNo,
  couponId: couponGrants.couponId,
  couponName: coupons.name,
  couponKind: coupons.kind,
  memberId: couponGrants.memberId,
  userCode: members.userCode,
  memberName: members.name,
  sourceType: couponGrants.sourceType,
  status: couponGrants.status,
  validFrom: couponGrants.validFrom,
  validTo: couponGrants.validTo,
  usedAt: couponGrants.usedAt,
  disabledAt: couponGrants.disabledAt,
  disabledReason: couponGrants.disabledReason,
  operatorName: couponGrants.operatorName,
  createdAt: couponGrants.createdAt,
};

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(couponGrants)
    .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
    .innerJoin(members, eq(members.id, couponGrants.memberId));
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

function toGrant(r: RecordRow, now: Date): CouponGrant {
  return {
    id: r.id,
    grantNo: r.grantNo,
    couponId: r.couponId,
    couponName: r.couponName,
    couponKind: r.couponKind as CouponGrant['couponKind'],
    memberId: r.memberId,
    userCode: r.userCode,
    memberName: r.memberName,
    sourceType: r.sourceType as CouponGrant['sourceType'],
    sendTarget: 'USER',
    status: r.status as CouponGrant['status'],
    expired: isActive(r) && r.validTo <= now,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo.toISOString(),
    useTime: r.usedAt?.toISOString() ?? null,
    disabledAt: r.disabledAt?.toISOString() ?? null,
    disabledReason: r.disabledReason,
    operatorName: r.operatorName,
    createTime: r.createdAt.toISOString(),
  };
}

/** Send records (issue details), newest first. */
export async function listRecords(db: Db, q: SendRecordQuery, now: Date): Promise<{ list: CouponGrant[]; total: number }> {
  const { rows, total } = await offsetPage(db, {
    table: couponGrants,
    select: selectRecords(db).$dynamic(),
    filter: recordWhere(q),
    orderBy: orderBy(
      q.sort,
      q.order,
      { id: couponGrants.id, create_time: couponGrants.createdAt, use_time: couponGrants.usedAt, expire_time: couponGrants.validTo },
      couponGrants.id,
    ),
    q,
    count: async (filter) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(couponGrants).innerJoin(members, eq(members.id, couponGrants.memberId)).where(filter))[0].n,
  });
  return { list: rows.map((r) => toGrant(r, now)), total };
}
