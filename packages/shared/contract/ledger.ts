import { z } from 'zod';
import { vocab } from '../vocab/labels';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from './common';
import { defineCall } from './call';

/** Money is integer minor units plus a currency code (DESIGN §4). Balances default to this currency. */
export const DEFAULT_CURRENCY = 'CNY';
export const Currency = z.string().regex(/^[A-Z]{3}$/, '币种格式错误');

/** "12.34" → 1234 without floating point; the text has passed the SPEC §5 amount rule. */
export function toMinor(text: string): number {
  const [whole, frac = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
}

/** 1234 → "12.34", -5 → "-0.05". */
export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Ledger movement types (issue 6): every change of a balance is one of these. */
export const LedgerType = vocab([
  { value: 'recharge', zh: '充值', en: 'Recharge' },
  { value: 'payment', zh: '支付', en: 'Payment' },
  { value: 'refund', zh: '退款', en: 'Refund' },
  { value: 'price_topup', zh: '补差价', en: 'Price top-up' },
  { value: 'freight_topup', zh: '补运费', en: 'Freight top-up' },
  { value: 'adjustment', zh: '人工调整', en: 'Adjustment' },
  { value: 'commission', zh: '佣金', en: 'Commission' },
  { value: 'withdrawal', zh: '提现', en: 'Withdrawal' },
  { value: 'storage_fee', zh: '仓储费', en: 'Storage fee' },
  { value: 'payment_fee', zh: '支付手续费', en: 'Payment fee' },
] as const);
export type LedgerType = (typeof LedgerType.values)[number];

/** What a ledger row refers to (its refType), shown with its reference number. */
export const LedgerRefType = vocab([
  { value: 'shop_order', zh: '商城订单', en: 'Shop order' },
  { value: 'purchase', zh: '采购单', en: 'Purchase order' },
  { value: 'package', zh: '包裹', en: 'Package' },
  { value: 'refund', zh: '退款单', en: 'Refund' },
  { value: 'agent_withdrawal', zh: '代理提现', en: 'Agent withdrawal' },
  { value: 'manual', zh: '人工调整', en: 'Manual adjustment' },
  { value: 'recharge', zh: '充值', en: 'Recharge' },
  { value: 'invite', zh: '邀请返佣', en: 'Invitation commission' },
  { value: 'monthly', zh: '月度结算', en: 'Monthly settlement' },
  { value: 'lucky_draw', zh: '抽奖', en: 'Lucky draw' },
  { value: 'lucky_draw_prize', zh: '抽奖奖品', en: 'Lucky draw prize' },
  { value: 'storage_fee', zh: '仓储费', en: 'Storage fee' },
] as const);

/** "Package PK123": a ledger row's reference in the reader's language. */
export const ledgerRefText = (row: { refType: string; refId?: string | null }, lang: 'zh' | 'en') =>
  row.refType ? [LedgerRefType.label(row.refType, lang), row.refId].filter(Boolean).join(' ') : '';

export const AccountKind = vocab([
  { value: 'balance', zh: '余额', en: 'Balance' },
  { value: 'commission', zh: '佣金', en: 'Commission' },
] as const);
export type AccountKind = (typeof AccountKind.values)[number];

export const OwnerType = vocab([
  { value: 'member', zh: '会员', en: 'Member' },
  { value: 'agent', zh: '代理', en: 'Agent' },
] as const);
export type OwnerType = (typeof OwnerType.values)[number];

/** Client-chosen key of a money call: a retried request with the same key applies once. */
export const RequestId = z
  .string()
  .trim()
  .min(8, '请求标识无效')
  .max(64, '请求标识无效')
  .regex(/^[A-Za-z0-9_-]+$/, '请求标识无效');

export const MoneyAccount = z.object({
  kind: z.enum(AccountKind.values),
  currency: z.string(),
  balance: z.number().int(),
});
export type MoneyAccount = z.infer<typeof MoneyAccount>;

/** One ledger row. Amount and balanceAfter are minor units; amount is signed (credit > 0). */
export const Transaction = z.object({
  id: z.number().int(),
  ownerType: z.enum(OwnerType.values),
  ownerId: z.number().int(),
  ownerCode: z.string(),
  ownerName: z.string(),
  kind: z.enum(AccountKind.values),
  type: z.enum(LedgerType.values),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  currency: z.string(),
  refType: z.string(),
  refId: z.string(),
  remark: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

const isoTime = z.iso.datetime({ offset: true });

/** GET /api/transaction/pageList: newest first; keyset-paged with `cursor` (the nextCursor of the previous page). */
export const TransactionListQuery = PageQuery.extend({
  ownerType: z.enum(OwnerType.values).optional(),
  ownerId: queryInt(1, 2_147_483_647).optional(),
  userCode: textFilter,
  type: z.enum(LedgerType.values).optional(),
  kind: z.enum(AccountKind.values).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
export const TransactionListResult = pageOf(Transaction).extend({ nextCursor: z.string().nullable() });
export type TransactionListResult = z.infer<typeof TransactionListResult>;

/** GET /api/transaction/detail */
export const TransactionDetailQuery = z.strictObject({ id: idParam });
export const TransactionDetail = Transaction.extend({
  idempotencyKey: z.string().nullable(),
  /** The movements of the same account just before and after, to read the row in context. */
  neighbours: z.array(Transaction),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

/** The ledger invariant: every balance equals the sum of its ledger rows, and every row's balanceAfter its running sum. */
export const LedgerCheckResult = z.object({
  accounts: z.number().int(),
  entries: z.number().int(),
  balanceMismatches: z.array(z.object({ accountId: z.number().int(), balance: z.number().int(), ledgerSum: z.number().int() })),
  runningMismatches: z.number().int(),
  orphanEntries: z.number().int(),
  ms: z.number(),
});
export type LedgerCheckResult = z.infer<typeof LedgerCheckResult>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const transactionPageListCall = defineCall({
  method: 'GET',
  url: '/api/transaction/pageList',
  query: TransactionListQuery,
  data: TransactionListResult,
});
export const transactionDetailCall = defineCall({ method: 'GET', url: '/api/transaction/detail', query: TransactionDetailQuery, data: TransactionDetail });
export const transactionLedgerCheckCall = defineCall({ method: 'GET', url: '/api/transaction/ledgerCheck', data: LedgerCheckResult });
