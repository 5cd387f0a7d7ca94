import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type OverdueQuery,
  type OverdueResult,
  STORAGE_FEE_DEFAULTS,
  STORAGE_FEE_WARN_DAYS,
  type StorageFeeListQuery,
  type StorageFeeWaiveBody,
} from '@waystation/shared/contract/storageFee';
import type { Page } from '@waystation/shared/contract/common';
import type { StorageFee } from '@waystation/shared/contract/storageFee';
import { type Db, queryRows } from '../../db';
import { params, storageFees } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { conflict } from '../../core/errors';
import { EXACT_COUNT_LIMIT, offsetOf } from '../../core/paging';
import { post } from '../ledger/service';
import { businessDayOf } from '../report/rollup';
import { freeStorageDays, itemsOnShelf } from '../report/service';

/** The fee per item and day beyond the free days, and its currency (settings; the defaults when absent). */
export async function storageFeeSettings(db: Db): Promise<{ freeDays: number; perDay: number; currency: string }> {
  const rows = await db
    .select({ key: params.paramKey, value: params.paramValue })
    .from(params)
    .where(and(inArray(params.paramKey, ['warehouse.storageFeePerDay', 'warehouse.storageFeeCurrency']), eq(params.status, 'activity')));
  const value = (k: string) => rows.find((r) => r.key === k)?.value;
  const perDay = Number(value('warehouse.storageFeePerDay'));
  const currency = value('warehouse.storageFeeCurrency')?.trim().toUpperCase();
  return {
    freeDays: await freeStorageDays(db),
    perDay: Number.isSafeInteger(perDay) && perDay >= 0 ? perDay : STORAGE_FEE_DEFAULTS.perDay,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : STORAGE_FEE_DEFAULTS.currency,
  };
}

/**
 * The daily charge: for today's business day, one fee row per item past the free days (the unique item-and-day key
 * makes a second run, on this server or another, after a restart, charge nothing twice), and per member one ledger
 * debit of the new rows' sum in the same transaction. A balance may go below zero: the member owes the warehouse.
 */
export async function chargeStorageFees(db: Db, now: Date): Promise<{ members: number; items: number; amount: number }> {
  const { freeDays, perDay, currency } = await storageFeeSettings(db);
  if (perDay === 0) return { members: 0, items: 0, amount: 0 };
  const day = businessDayOf(now);
  const due = await queryRows<{ member_id: number }>(db, sql`select distinct member_id from (${itemsOnShelf(now, freeDays)}) s`);
  let items = 0;
  let amount = 0;
  let charged = 0;
  for (const { member_id: memberId } of due) {
    await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string | number }>(
        tx,
        sql`insert into storage_fees (item_id, member_id, day, amount, currency, status, created_at)
            select s.id, s.member_id, ${day}, ${perDay}, ${currency}, 'charged', ${now.toISOString()}::timestamptz
            from (${itemsOnShelf(now, freeDays)}) s where s.member_id = ${memberId}
            on conflict (item_id, day) do nothing
            returning id`,
      );
      if (!rows.length) return;
      const first = Math.min(...rows.map((r) => Number(r.id)));
      await post(
        tx,
        {
          ownerType: 'member',
          ownerId: memberId,
          kind: 'balance',
          currency,
          amount: -perDay * rows.length,
          type: 'storage_fee',
          refType: 'storage_fee',
          refId: day,
          remark: `仓储费 ${day}：${rows.length} 件`,
          idempotencyKey: `storage-fee:${memberId}:${day}:${first}`,
          allowNegative: true,
        },
        now,
      );
      items += rows.length;
      amount += perDay * rows.length;
      charged++;
    });
  }
  return { members: charged, items, amount };
}

/**
 * The warning: one member.storage_fee_warning event per member with items entering the last STORAGE_FEE_WARN_DAYS
 * free days, unless they had one in the last STORAGE_FEE_WARN_DAYS days. The events pump sends the message.
 */
export async function warnStorageFees(db: Db, now: Date): Promise<{ members: number }> {
  const { freeDays, perDay, currency } = await storageFeeSettings(db);
  if (perDay === 0) return { members: 0 };
  const since = new Date(now.getTime() - STORAGE_FEE_WARN_DAYS * 86_400_000).toISOString();
  const rows = await queryRows<{ member_id: number }>(
    db,
    sql`insert into domain_events (type, entity_type, entity_id, member_id, data, created_at)
        select 'member.storage_fee_warning', 'member', s.member_id::text, s.member_id,
               jsonb_build_object('itemCount', count(*), 'days', ${freeDays}::int, 'perDay', ${perDay}::int, 'currency', ${currency}::text),
               ${now.toISOString()}::timestamptz
        from (${itemsOnShelf(now, Math.max(0, freeDays - STORAGE_FEE_WARN_DAYS))}) s
        where s.days < ${freeDays}
          and not exists (select 1 from domain_events e where e.member_id = s.member_id and e.type = 'member.storage_fee_warning'
                          and e.created_at > ${since}::timestamptz)
        group by s.member_id
        returning member_id`,
  );
  return { members: rows.length };
}

/** Items past the free days (overdue) or within the warning days of them, oldest first, with what they were charged. */
export async function overdueItems(db: Db, q: OverdueQuery & { page: number; limit: number }, now: Date): Promise<OverdueResult> {
  const settings = await storageFeeSettings(db);
  const warnFrom = Math.max(0, settings.freeDays - STORAGE_FEE_WARN_DAYS);
  const stage =
    q.stage === 'overdue'
      ? sql`and s.days >= ${settings.freeDays}`
      : q.stage === 'warning'
        ? sql`and s.days >= ${warnFrom} and s.days < ${settings.freeDays}`
        : sql`and s.days >= ${warnFrom}`;
  const member = q.userCode ? sql`and m.user_code = ${q.userCode.toUpperCase()}` : sql``;
  const from = sql`from (${itemsOnShelf(now, warnFrom)}) s join members m on m.id = s.member_id`;
  const where = sql`where true ${stage} ${member}`;
  // Counted up to EXACT_COUNT_LIMIT (a long shelf says "more than"); the page walks the shelved_at index, oldest first.
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${from} ${where} limit ${EXACT_COUNT_LIMIT + 1}) t`);
  const rows = await queryRows<{
    id: number;
    item_code: string;
    title: string;
    shelf_code: string | null;
    member_id: number;
    user_code: string;
    name: string;
    shelved_at: Date | string;
    days: number;
    charged: string | number;
    charged_days: number;
  }>(
    db,
    sql`select s.id, s.item_code, s.title, s.shelf_code, s.member_id, m.user_code, m.name, s.shelved_at, s.days,
               coalesce(f.charged, 0)::bigint as charged, coalesce(f.n, 0)::int as charged_days
        ${from}
        left join lateral (select sum(amount) as charged, count(*) as n from storage_fees f
                           where f.item_id = s.id and f.status = 'charged') f on true
        ${where}
        order by s.shelved_at, s.id limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return {
    ...settings,
    total: Math.min(n, EXACT_COUNT_LIMIT),
    totalExact: n <= EXACT_COUNT_LIMIT,
    list: rows.map((r) => ({
      itemId: Number(r.id),
      itemCode: r.item_code,
      title: r.title,
      shelfCode: r.shelf_code ?? '',
      memberId: r.member_id,
      userCode: r.user_code,
      memberName: r.name,
      shelvedAt: new Date(r.shelved_at).toISOString(),
      days: r.days,
      stage: r.days >= settings.freeDays ? 'overdue' : 'warning',
      charged: Number(r.charged),
      chargedDays: r.charged_days,
    })),
  };
}

/** The fees charged, newest first. */
export async function listFees(db: Db, q: StorageFeeListQuery & { page: number; limit: number }): Promise<Page<StorageFee>> {
  const where = sql`where true
    ${q.userCode ? sql`and m.user_code = ${q.userCode.toUpperCase()}` : sql``}
    ${q.itemCode ? sql`and i.item_code = ${q.itemCode.toUpperCase()}` : sql``}
    ${q.status ? sql`and f.status = ${q.status}` : sql``}
    ${q.from ? sql`and f.day >= ${q.from}` : sql``}
    ${q.to ? sql`and f.day <= ${q.to}` : sql``}`;
  const from = sql`from storage_fees f join members m on m.id = f.member_id join warehouse_items i on i.id = f.item_id`;
  // Counted up to EXACT_COUNT_LIMIT (a long shelf says "more than"); the page walks the shelved_at index, oldest first.
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${from} ${where} limit ${EXACT_COUNT_LIMIT + 1}) t`);
  const rows = await queryRows<{
    id: string | number;
    day: string;
    item_code: string;
    user_code: string;
    name: string;
    amount: string | number;
    currency: string;
    status: 'charged' | 'waived';
    waived_by: string;
    waived_reason: string;
    waived_at: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select f.*, i.item_code, m.user_code, m.name ${from} ${where}
        order by f.day desc, f.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return {
    total: n,
    list: rows.map((r) => ({
      id: Number(r.id),
      day: r.day,
      itemCode: r.item_code,
      userCode: r.user_code,
      memberName: r.name,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      waivedBy: r.waived_by,
      waivedReason: r.waived_reason,
      waivedAt: r.waived_at ? new Date(r.waived_at).toISOString() : null,
      createTime: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * 减免仓储费 (sensitive: waive_storage_fee): the chosen fees, all still charged, become waived and their sum goes back to
 * each member's balance as a refund, in one transaction. A fee already waived refuses the whole call.
 */
export async function waiveFees(db: Db, body: StorageFeeWaiveBody, actor: Actor, now: Date): Promise<{ waived: number; amount: number; currency: string }> {
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(storageFees).where(inArray(storageFees.id, ids)).for('update');
    if (rows.length !== ids.length) throw conflict('有仓储费记录不存在');
    // Only charged fees become waived: one already waived leaves the count short and refuses the whole call.
    const waived = await tx
      .update(storageFees)
      .set({ status: 'waived', waivedBy: actor.name, waivedReason: body.reason, waivedAt: now })
      .where(and(inArray(storageFees.id, ids), eq(storageFees.status, 'charged')))
      .returning({ id: storageFees.id });
    if (waived.length !== ids.length) throw conflict('有仓储费已减免过');
    const key = crypto.createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32);
    const perMember = new Map<string, { memberId: number; currency: string; amount: number; n: number }>();
    for (const r of rows) {
      const k = `${r.memberId}:${r.currency}`;
      const m = perMember.get(k) ?? { memberId: r.memberId, currency: r.currency, amount: 0, n: 0 };
      m.amount += r.amount;
      m.n++;
      perMember.set(k, m);
    }
    for (const m of perMember.values()) {
      if (m.amount === 0) continue;
      await post(
        tx,
        {
          ownerType: 'member',
          ownerId: m.memberId,
          kind: 'balance',
          currency: m.currency,
          amount: m.amount,
          type: 'refund',
          refType: 'storage_fee',
          refId: `waive:${ids[0]}`,
          remark: `减免仓储费 ${m.n} 条：${body.reason}`,
          idempotencyKey: `storage-fee-waive:${m.memberId}:${m.currency}:${key}`,
          operator: actor,
        },
        now,
      );
    }
    return { waived: rows.length, amount: rows.reduce((s, r) => s + r.amount, 0), currency: rows[0].currency };
  });
}
