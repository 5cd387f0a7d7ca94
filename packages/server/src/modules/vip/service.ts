import { aliasedTable, and, asc, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import { DEFAULT_CURRENCY, toMinor, type TransactionListResult } from '@waystation/shared/contract/ledger';
import type {
  AdjustBody,
  AdjustResult,
  MemberAddress,
  MemberDetail,
  MemberItem,
  MemberListQuery,
  MemberStatusBody,
  ModifyAddressBody,
  ModifyKfcBody,
} from '@waystation/shared/contract/vip';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { admins, agents, memberAddresses, memberLogins, memberProfiles, members, moneyAccounts, packages, purchaseOrders, userLevels } from '../../db/schema';
import { type Actor, auditedToggle, writeAudit } from '../../core/audit';
import { isActive, isDeleted } from '../../core/status';
import { conflict, invalid, notFound } from '../../core/errors';
import { containsPattern, filters, iso, offsetPage, orderBy } from '../../core/paging';
import * as ledger from '../ledger/service';
import { kycState } from './kyc';

const balanceAcc = aliasedTable(moneyAccounts, 'balance_acc');
const commissionAcc = aliasedTable(moneyAccounts, 'commission_acc');

function memberQuery(db: Db) {
  return db
    .select({
      id: members.id,
      userCode: members.userCode,
      name: members.name,
      email: members.email,
      loginSource: members.loginSource,
      status: members.status,
      createdAt: members.createdAt,
      levelId: memberProfiles.levelId,
      levelName: userLevels.name,
      agentId: memberProfiles.agentId,
      agentName: agents.agentName,
      balance: balanceAcc.balance,
      commission: commissionAcc.balance,
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .leftJoin(userLevels, eq(userLevels.id, memberProfiles.levelId))
    .leftJoin(agents, eq(agents.id, memberProfiles.agentId))
    .leftJoin(
      balanceAcc,
      and(eq(balanceAcc.ownerType, 'member'), eq(balanceAcc.ownerId, members.id), eq(balanceAcc.kind, 'balance'), eq(balanceAcc.currency, DEFAULT_CURRENCY)),
    )
    .leftJoin(
      commissionAcc,
      and(
        eq(commissionAcc.ownerType, 'member'),
        eq(commissionAcc.ownerId, members.id),
        eq(commissionAcc.kind, 'commission'),
        eq(commissionAcc.currency, DEFAULT_CURRENCY),
      ),
    );
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number];

const toItem = (r: MemberRow): MemberItem => ({
  id: r.id,
  userCode: r.userCode,
  name: r.name,
  email: r.email,
  loginSource: r.loginSource as MemberItem['loginSource'],
  status: r.status as AccountStatus,
  levelId: r.levelId ?? null,
  levelName: r.levelName ?? '',
  agentId: r.agentId ?? null,
  agentName: r.agentName ?? '',
  balance: r.balance ?? 0,
  commission: r.commission ?? 0,
  currency: DEFAULT_CURRENCY,
  createTime: r.createdAt.toISOString(),
});

/** Members with level, agent and default-currency balances; filters of the member list screen. */
export async function listMembers(db: Db, q: MemberListQuery): Promise<Page<MemberItem>> {
  const { rows, total } = await offsetPage(db, {
    table: members,
    select: memberQuery(db).$dynamic(),
    filter: filters(q, {
      userCode: (c) => ilike(members.userCode, containsPattern(c)),
      email: (e) => ilike(members.email, containsPattern(e)),
      loginSource: (s) => eq(members.loginSource, s),
      status: (s) => eq(members.status, s),
      levelId: (id) => eq(memberProfiles.levelId, id),
      agentId: (id) => eq(memberProfiles.agentId, id),
      createdFrom: (t) => gte(members.createdAt, new Date(t)),
      createdTo: (t) => lte(members.createdAt, new Date(t)),
    }),
    orderBy: orderBy(q.sort, q.order, { id: members.id, create_time: members.createdAt, modify_time: members.updatedAt }, members.id),
    q,
    count: async (filter) =>
      (await db.select({ n: count() }).from(members).leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id)).where(filter))[0].n,
  });
  return { list: rows.map(toItem), total };
}

async function requireMember(db: Db, id: number) {
  const [m] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  if (!m) throw notFound('会员不存在');
  return m;
}

async function ensureProfile(tx: Db, memberId: number, now: Date) {
  await tx.insert(memberProfiles).values({ memberId, updatedAt: now }).onConflictDoNothing();
  const [p] = await tx.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId));
  return p;
}

/** Profile, addresses, balances, login history, KYC and the latest movements of one member. */
export async function memberDetail(db: Db, id: number): Promise<MemberDetail> {
  const [row] = await memberQuery(db).where(eq(members.id, id)).limit(1);
  if (!row) throw notFound('会员不存在');
  const [profile] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, id)).limit(1);
  const [kfc] = profile?.kfcAdminId ? await db.select({ name: admins.name }).from(admins).where(eq(admins.id, profile.kfcAdminId)) : [];
  const addresses = await db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, id))
    .orderBy(desc(memberAddresses.isDefault), asc(memberAddresses.id));
  const logins = await db.select().from(memberLogins).where(eq(memberLogins.memberId, id)).orderBy(desc(memberLogins.id)).limit(20);
  const recent = await ledger.listTransactions(db, { ownerType: 'member', ownerId: id, page: 1, limit: 10 });
  const orders = await db
    .select({
      id: purchaseOrders.id,
      purchaseNo: purchaseOrders.purchaseNo,
      title: purchaseOrders.title,
      mallType: purchaseOrders.mallType,
      status: purchaseOrders.status,
      quantity: purchaseOrders.quantity,
      paidAmount: purchaseOrders.paidAmount,
      currency: purchaseOrders.currency,
      createdAt: purchaseOrders.createdAt,
    })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.memberId, id))
    .orderBy(desc(purchaseOrders.id))
    .limit(20);
  return {
    ...toItem(row),
    phone: profile?.phone ?? '',
    country: profile?.country ?? '',
    kycStatus: (profile?.kycStatus ?? 'none') as MemberDetail['kycStatus'],
    kycName: profile?.kycName ?? '',
    kfcAdminId: profile?.kfcAdminId ?? null,
    kfcName: kfc?.name ?? '',
    lastLoginAt: iso(profile?.lastLoginAt),
    accounts: await ledger.accountsOf(db, 'member', id),
    addresses: addresses.map(toAddress),
    logins: logins.map((l) => ({ id: l.id, ip: l.ip, userAgent: l.userAgent, source: l.source, createTime: l.createdAt.toISOString() })),
    recentTransactions: recent.list,
    kyc: await kycState(db, id),
    discordHint: await discordOf(db, id).then((d) => (d ? `••••${d.slice(-3)}` : '')),
    packages: (await db.select().from(packages).where(eq(packages.memberId, id)).orderBy(desc(packages.id)).limit(20)).map((p) => ({
      id: p.id,
      packageNo: p.packageNo,
      status: p.status,
      itemCount: p.itemCount,
      countryCode: p.countryCode,
      freightCharged: p.freightCharged,
      currency: p.currency,
      trackingNo: p.trackingNo,
      createTime: p.createdAt.toISOString(),
    })),
    orders: orders.map(({ createdAt, ...o }) => ({ ...o, createTime: createdAt.toISOString() })),
  };
}

/** One member's ledger rows, newest first. */
export async function memberTransactions(db: Db, q: { memberId: number; page: number; limit: number; cursor?: string }): Promise<TransactionListResult> {
  await requireMember(db, q.memberId);
  return ledger.listTransactions(db, { ownerType: 'member', ownerId: q.memberId, page: q.page, limit: q.limit, cursor: q.cursor });
}

/**
 * Credits or debits a member's balance or commission by hand (modify_user_amount / modify_user_commission).
 * A debit never takes the account below zero; the same requestId applies once.
 */
export async function adjust(db: Db, kind: 'balance' | 'commission', actor: Actor, body: AdjustBody, now: Date): Promise<AdjustResult> {
  const member = await requireMember(db, body.memberId);
  if (isDeleted(member)) throw conflict('会员已删除');
  const currency = body.currency ?? DEFAULT_CURRENCY;
  const amount = (body.direction === 'add' ? 1 : -1) * toMinor(body.amount);
  const key = `vip.adjust:${body.requestId}`;
  const result = (entry: ledger.LedgerEntry, replayed: boolean): AdjustResult => ({
    transactionId: entry.id,
    balanceAfter: entry.balanceAfter,
    currency: entry.currency,
    replayed,
  });
  return ledger.idempotent(
    db,
    key,
    async (tx) => {
      const { entry, replayed } = await ledger.post(
        tx,
        {
          ownerType: 'member',
          ownerId: member.id,
          kind,
          currency,
          amount,
          type: 'adjustment',
          refType: 'manual',
          remark: body.remark,
          idempotencyKey: key,
          operator: actor,
        },
        now,
      );
      if (!replayed) {
        await writeAudit(
          tx,
          actor,
          {
            action: kind === 'balance' ? 'vip.modifyAmount' : 'vip.modifyCommission',
            targetType: 'member',
            targetId: member.id,
            after: { amount, currency, balanceAfter: entry.balanceAfter, transactionId: entry.id, remark: body.remark },
          },
          now,
        );
      }
      return result(entry, replayed);
    },
    async (entry) => {
      if (entry.ownerId !== member.id || entry.amount !== amount || entry.kind !== kind) throw conflict('请求标识已用于另一笔操作');
      return result(entry, true);
    },
  );
}

/** Edits one of the member's addresses (modify_user_address). */
export async function modifyAddress(db: Db, actor: Actor, body: ModifyAddressBody, now: Date): Promise<void> {
  await requireMember(db, body.memberId);
  const { memberId, addressId, ...fields } = body;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(memberAddresses)
      .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)));
    if (!before) throw notFound('地址不存在');
    await tx
      .update(memberAddresses)
      .set({ ...fields, updatedAt: now })
      .where(eq(memberAddresses.id, addressId));
    const { createdAt: _c, updatedAt: _u, ...snapshot } = before;
    await writeAudit(
      tx,
      actor,
      { action: 'vip.modifyAddress', targetType: 'member', targetId: memberId, before: snapshot, after: { id: addressId, memberId, ...fields } },
      now,
    );
  });
}

/** Changes a member's account status (modify_user_status); deleted is final. Same status again is a no-op. */
export async function modifyStatus(db: Db, actor: Actor, body: MemberStatusBody, now: Date): Promise<{ changed: boolean }> {
  const member = await requireMember(db, body.id);
  return auditedToggle(db, actor, {
    table: members,
    row: member,
    status: body.status,
    action: 'vip.modifyStatus',
    targetType: 'member',
    check: () => {
      if (isDeleted(member)) throw conflict('会员已删除，不能再修改状态');
    },
    stale: '会员状态已被他人修改，请刷新后重试',
    now,
  });
}

/** Assigns the member's customer-service contact (modify_user_kfc). */
export async function modifyKfc(db: Db, actor: Actor, body: ModifyKfcBody, now: Date): Promise<void> {
  await requireMember(db, body.memberId);
  if (body.kfcAdminId) {
    const [a] = await db.select({ status: admins.status }).from(admins).where(eq(admins.id, body.kfcAdminId));
    if (!isActive(a)) throw invalid('kfcAdminId', '客服账号不存在或已停用');
  }
  await db.transaction(async (tx) => {
    const before = await ensureProfile(tx, body.memberId, now);
    await tx.update(memberProfiles).set({ kfcAdminId: body.kfcAdminId, updatedAt: now }).where(eq(memberProfiles.memberId, body.memberId));
    await writeAudit(
      tx,
      actor,
      {
        action: 'vip.modifyKfc',
        targetType: 'member',
        targetId: body.memberId,
        before: { kfcAdminId: before.kfcAdminId },
        after: { kfcAdminId: body.kfcAdminId },
      },
      now,
    );
  });
}

/** Members per level, for the level list. */
export async function memberCountsByLevel(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ levelId: memberProfiles.levelId, n: sql<number>`count(*)::int` })
    .from(memberProfiles)
    .where(sql`${memberProfiles.levelId} is not null`)
    .groupBy(memberProfiles.levelId);
  return new Map(rows.map((r) => [r.levelId as number, r.n]));
}

async function discordOf(db: Db, memberId: number): Promise<string> {
  const [row] = await db.select({ discordId: members.discordId }).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound('会员不存在');
  return row.discordId;
}

/** The member's whole Discord account (query_discord, verified): who looked is in the audit trail. */
export async function queryDiscord(db: Db, actor: Actor, memberId: number, now: Date): Promise<{ discordId: string }> {
  const discordId = await discordOf(db, memberId);
  await writeAudit(db, actor, { action: 'vip.queryDiscord', targetType: 'member', targetId: memberId, after: { revealed: !!discordId } }, now);
  return { discordId };
}

/** A member's address as staff and the member API show it. */
export const toAddress = (a: typeof memberAddresses.$inferSelect): MemberAddress => ({
  id: a.id,
  receiver: a.receiver,
  phone: a.phone,
  country: a.country,
  province: a.province,
  city: a.city,
  address: a.address,
  postcode: a.postcode,
  isDefault: a.isDefault,
});
