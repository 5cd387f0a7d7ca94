import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type {
  AccountKind,
  LedgerCheckResult,
  LedgerType,
  MoneyAccount,
  OwnerType,
  Transaction,
  TransactionDetail,
  TransactionListQuery,
  TransactionListResult,
} from '@waystation/shared/contract/ledger';
import { type Db, queryRows, reusableQuery } from '../../db';
import { agents, ledgerEntries, members, moneyAccounts } from '../../db/schema';
import type { Actor } from '../../core/audit';
import { AppError, conflict, isUniqueViolation, notFound } from '../../core/errors';
import { requestScope } from '../../core/requestScope';
import { ErrorCode } from '@waystation/shared/contract/common';
import { filters, pageByIds } from '../../core/paging';

/**
 * The ledger: the only way any balance changes. `post` updates the account and writes its ledger row with the
 * balance after, in the caller's transaction. Other domains (payments, top-ups, refunds, commission) call it too.
 */

export interface Posting {
  ownerType: OwnerType;
  ownerId: number;
  kind: AccountKind;
  currency: string;
  /** Signed minor units: > 0 credits the account, < 0 debits it. */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: string | number;
  remark?: string;
  /** A retried call with the same key returns the first posting instead of posting again. */
  idempotencyKey?: string;
  operator?: Actor;
  /** Debits may take the balance below zero (never for withdrawals or payments by members). */
  allowNegative?: boolean;
}

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** The ledger row posted under an idempotency key, if any. */
export async function byKey(db: Db, key: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  return row;
}

function sameRequest(entry: LedgerEntry, p: Posting): boolean {
  return entry.ownerType === p.ownerType && entry.ownerId === p.ownerId && entry.kind === p.kind && entry.amount === p.amount && entry.type === p.type;
}

/**
 * Posts one movement in `tx`: conditional balance update (no overdraft unless allowed) and the ledger row with its
 * balance after, one statement when the account exists and holds enough. With a key already used for the same
 * movement, returns that row marked `replayed`; with a key used for something else, 40900.
 */
export async function post(tx: Db, p: Posting, now: Date): Promise<{ entry: LedgerEntry; replayed: boolean }> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger amount must be a non-zero integer, got ${p.amount}`);
  const scope = requestScope.getStore();
  if (scope && p.amount > 0 && !scope.verified && !scope.creditsWithoutTicket) {
    // Money going to a balance from a staff call is a sensitive operation: a route that does so declares its `verify`.
    throw new AppError(ErrorCode.FORBIDDEN, '向余额退款或加款的操作必须先通过安全验证', { route: scope.url });
  }
  const values = {
    ownerType: p.ownerType,
    ownerId: p.ownerId,
    kind: p.kind,
    currency: p.currency,
    amount: p.amount,
    least: p.amount < 0 && !p.allowNegative ? -p.amount : null,
    key: p.idempotencyKey ?? null,
    type: p.type,
    refType: p.refType ?? '',
    refId: p.refId === undefined ? '' : String(p.refId),
    remark: p.remark ?? '',
    operatorId: p.operator?.id ?? null,
    operatorName: p.operator?.name ?? '',
    now,
  };
  let [entry] = await moveAndWrite(tx, values);
  if (entry) return { entry, replayed: false };
  if (p.idempotencyKey) {
    const existing = await byKey(tx, p.idempotencyKey);
    if (existing) {
      if (!sameRequest(existing, p)) throw conflict('请求标识已用于另一笔操作');
      return { entry: existing, replayed: true };
    }
  }
  // The account's first movement (or too little in it): open it if missing, then once more. After a concurrent first
  // posting, the insert waits for it and the second try sees its row.
  await tx
    .insert(moneyAccounts)
    .values({ ownerType: p.ownerType, ownerId: p.ownerId, kind: p.kind, currency: p.currency, balance: 0, updatedAt: now })
    .onConflictDoNothing();
  [entry] = await moveAndWrite(tx, values);
  if (!entry) throw conflict(p.kind === 'commission' ? '佣金余额不足' : '余额不足', { ownerType: p.ownerType, ownerId: p.ownerId });
  return { entry, replayed: false };
}

/**
 * A movement in one statement, built once: the account's conditional update (`least`: the balance it must hold; the key
 * not used yet) and its ledger row with the balance after. No row when the account is missing, holds too little or the
 * key was used: `post` then finds out which.
 */
const moveAndWrite = reusableQuery<LedgerEntry>('ledger_post', (db) => {
  const v = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const moved = db.$with('moved').as(
    db
      .update(moneyAccounts)
      .set({ balance: sql`${moneyAccounts.balance} + ${v('amount', 'bigint')}`, updatedAt: v('now', 'timestamptz') })
      .where(
        and(
          eq(moneyAccounts.ownerType, v('ownerType', 'text')),
          eq(moneyAccounts.ownerId, v('ownerId', 'integer')),
          eq(moneyAccounts.kind, v('kind', 'text')),
          eq(moneyAccounts.currency, v('currency', 'text')),
          sql`(${v('least', 'bigint')} is null or ${moneyAccounts.balance} >= ${v('least', 'bigint')})`,
          sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.idempotencyKey} = ${v('key', 'text')})`,
        ),
      )
      .returning({ id: moneyAccounts.id, balance: moneyAccounts.balance }),
  );
  const written = db.$with('written', getTableColumns(ledgerEntries)).as(
    sql`insert into ${ledgerEntries} (account_id, owner_type, owner_id, kind, type, amount, balance_after, currency, ref_type, ref_id,
      remark, idempotency_key, operator_id, operator_name, created_at)
      select ${moved.id}, ${v('ownerType', 'text')}, ${v('ownerId', 'integer')}, ${v('kind', 'text')}, ${v('type', 'text')},
        ${v('amount', 'bigint')}, ${moved.balance}, ${v('currency', 'text')}, ${v('refType', 'text')}, ${v('refId', 'text')},
        ${v('remark', 'text')}, ${v('key', 'text')}, ${v('operatorId', 'integer')}, ${v('operatorName', 'text')}, ${v('now', 'timestamptz')}
      from ${moved} returning *`,
  );
  return db.with(moved, written).select().from(written);
});

/**
 * Runs a money write in one transaction. When a concurrent request with the same idempotency key won the race
 * (unique violation on the key), returns what `onReplay` makes of the winner's ledger row instead of failing.
 */
export async function idempotent<T>(db: Db, key: string | undefined, write: (tx: Db) => Promise<T>, onReplay: (entry: LedgerEntry) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const entry = await byKey(db, key);
      if (entry) return onReplay(entry);
    }
    throw err;
  }
}

/** An owner's accounts (all kinds and currencies). */
export async function accountsOf(db: Db, ownerType: OwnerType, ownerId: number): Promise<MoneyAccount[]> {
  const rows = await db
    .select({ kind: moneyAccounts.kind, currency: moneyAccounts.currency, balance: moneyAccounts.balance })
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.ownerType, ownerType), eq(moneyAccounts.ownerId, ownerId)))
    .orderBy(asc(moneyAccounts.kind), asc(moneyAccounts.currency));
  return rows as MoneyAccount[];
}

/** One account's balance (0 when it has never moved). */
export async function balanceOf(db: Db, a: { ownerType: OwnerType; ownerId: number; kind: string; currency: string }): Promise<number> {
  const [row] = await db.select({ balance: moneyAccounts.balance }).from(moneyAccounts).where(accountIs(a));
  return row?.balance ?? 0;
}

/** The one account of an owner, kind and currency. */
function accountIs(a: { ownerType: string; ownerId: number; kind: string; currency: string }) {
  return and(
    eq(moneyAccounts.ownerType, a.ownerType),
    eq(moneyAccounts.ownerId, a.ownerId),
    eq(moneyAccounts.kind, a.kind),
    eq(moneyAccounts.currency, a.currency),
  );
}

const txColumns = {
  id: ledgerEntries.id,
  ownerType: ledgerEntries.ownerType,
  ownerId: ledgerEntries.ownerId,
  kind: ledgerEntries.kind,
  type: ledgerEntries.type,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  currency: ledgerEntries.currency,
  refType: ledgerEntries.refType,
  refId: ledgerEntries.refId,
  remark: ledgerEntries.remark,
  operatorName: ledgerEntries.operatorName,
  createdAt: ledgerEntries.createdAt,
  idempotencyKey: ledgerEntries.idempotencyKey,
  memberCode: members.userCode,
  memberName: members.name,
  agentName: agents.agentName,
};

function selectTx(db: Db) {
  return db
    .select(txColumns)
    .from(ledgerEntries)
    .leftJoin(members, and(eq(ledgerEntries.ownerType, 'member'), eq(members.id, ledgerEntries.ownerId)))
    .leftJoin(agents, and(eq(ledgerEntries.ownerType, 'agent'), eq(agents.id, ledgerEntries.ownerId)));
}

type TxRow = Awaited<ReturnType<ReturnType<typeof selectTx>['execute']>>[number];

function toTransaction(r: TxRow): Transaction {
  return {
    id: r.id,
    ownerType: r.ownerType as OwnerType,
    ownerId: r.ownerId,
    ownerCode: r.ownerType === 'member' ? (r.memberCode ?? '') : `A${r.ownerId}`,
    ownerName: (r.ownerType === 'member' ? r.memberName : r.agentName) ?? '',
    kind: r.kind as AccountKind,
    type: r.type as LedgerType,
    amount: r.amount,
    balanceAfter: r.balanceAfter,
    currency: r.currency,
    refType: r.refType,
    refId: r.refId,
    remark: r.remark,
    operatorName: r.operatorName,
    createTime: r.createdAt.toISOString(),
  };
}

/** Transactions, newest first; keyset-paged by id with a cursor, counted exactly up to 10,000. */
export async function listTransactions(db: Db, q: Partial<TransactionListQuery> & { page: number; limit: number }): Promise<TransactionListResult> {
  const [member] = q.userCode ? await db.select({ id: members.id }).from(members).where(eq(members.userCode, q.userCode.toUpperCase())).limit(1) : [];
  const filter = and(
    ...filters(q, {
      ownerType: (t) => eq(ledgerEntries.ownerType, t),
      ownerId: (id) => eq(ledgerEntries.ownerId, id),
      userCode: () => and(eq(ledgerEntries.ownerType, 'member'), eq(ledgerEntries.ownerId, member?.id ?? -1)),
      type: (t) => eq(ledgerEntries.type, t),
      kind: (k) => eq(ledgerEntries.kind, k),
      from: (t) => gte(ledgerEntries.createdAt, new Date(t)),
      to: (t) => lte(ledgerEntries.createdAt, new Date(t)),
    }),
  );
  // Always newest first: the query's sort and order are not passed on.
  const page = await pageByIds(db, {
    table: ledgerEntries,
    id: ledgerEntries.id,
    filter,
    q: { page: q.page, limit: q.limit, cursor: q.cursor },
    sortColumns: {},
    load: (ids) => selectTx(db).where(inArray(ledgerEntries.id, ids)),
    idOf: (r) => r.id,
  });
  return { list: page.rows.map(toTransaction), total: page.total, totalExact: page.totalExact, nextCursor: page.nextCursor };
}

/** One transaction with the two movements of its account before and after it. */
export async function transactionDetail(db: Db, id: number): Promise<TransactionDetail> {
  const [row] = await selectTx(db).where(eq(ledgerEntries.id, id)).limit(1);
  if (!row) throw notFound('交易不存在');
  const [acc] = await db.select({ accountId: ledgerEntries.accountId }).from(ledgerEntries).where(eq(ledgerEntries.id, id));
  const before = await selectTx(db)
    .where(and(eq(ledgerEntries.accountId, acc.accountId), lt(ledgerEntries.id, id)))
    .orderBy(desc(ledgerEntries.id))
    .limit(2);
  const after = await selectTx(db)
    .where(and(eq(ledgerEntries.accountId, acc.accountId), gt(ledgerEntries.id, id)))
    .orderBy(asc(ledgerEntries.id))
    .limit(2);
  return { ...toTransaction(row), idempotencyKey: row.idempotencyKey, neighbours: [...before.reverse(), ...after].map(toTransaction) };
}

/** Proves the ledger invariant over the whole database (a command, not a request-path call). */
export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  const t0 = performance.now();
  const [counts] = await queryRows<{ accounts: number; entries: number }>(
    db,
    sql`select (select count(*) from money_accounts)::int as accounts, (select count(*) from ledger_entries)::int as entries`,
  );
  const balanceMismatches = await queryRows<{ accountId: number; balance: number; ledgerSum: number }>(
    db,
    sql`select a.id as "accountId", a.balance::float8 as balance, coalesce(s.total, 0)::float8 as "ledgerSum"
        from money_accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0) order by a.id limit 1000`,
  );
  const [running] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select balance_after, sum(amount) over (partition by account_id order by id rows between unbounded preceding and current row) as running
          from ledger_entries) x where balance_after <> running`,
  );
  const [orphans] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries e left join money_accounts a on a.id = e.account_id
        where a.id is null or a.owner_type <> e.owner_type or a.owner_id <> e.owner_id or a.kind <> e.kind or a.currency <> e.currency`,
  );
  return {
    accounts: counts.accounts,
    entries: counts.entries,
    balanceMismatches: balanceMismatches.map((m) => ({ accountId: Number(m.accountId), balance: Number(m.balance), ledgerSum: Number(m.ledgerSum) })),
    runningMismatches: running.n,
    orphanEntries: orphans.n,
    ms: Math.round(performance.now() - t0),
  };
}
