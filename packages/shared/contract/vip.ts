import { z } from 'zod';
import { AccountStatus, LoginSource } from '../vocab/account';
import { percentage, positiveAmount } from '../rules';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from './common';
import { Currency, MoneyAccount, RequestId, Transaction, TransactionListResult } from './ledger';
import { KycState } from './openAccounts';
import { defineCall } from './call';

const isoTime = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

export const KycStatus = ['none', 'pending', 'passed', 'rejected'] as const;

/** One member as the list shows it; balance and commission are in the default currency (minor units). */
export const MemberItem = z.object({
  id: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  email: z.string(),
  loginSource: z.enum(LoginSource.values),
  status: z.enum(AccountStatus.values),
  levelId: z.number().int().nullable(),
  levelName: z.string(),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  balance: z.number().int(),
  commission: z.number().int(),
  currency: z.string(),
  createTime: z.string(),
});
export type MemberItem = z.infer<typeof MemberItem>;

/** GET /api/vip/pageList */
export const MemberListQuery = PageQuery.extend({
  userCode: textFilter,
  email: textFilter,
  loginSource: z.enum(LoginSource.values).optional(),
  levelId: queryInt(1, 2_147_483_647).optional(),
  agentId: queryInt(1, 2_147_483_647).optional(),
  status: z.enum(AccountStatus.values).optional(),
  createdFrom: isoTime.optional(),
  createdTo: isoTime.optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;
export const MemberListResult = pageOf(MemberItem);

export const MemberAddress = z.object({
  id: z.number().int(),
  receiver: z.string(),
  phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
  isDefault: z.boolean(),
});
export type MemberAddress = z.infer<typeof MemberAddress>;

export const MemberLogin = z.object({ id: z.number().int(), ip: z.string(), userAgent: z.string(), source: z.string(), createTime: z.string() });

/** GET /api/vip/detail */
export const MemberDetailQuery = z.strictObject({ id: idParam });
export const MemberDetail = MemberItem.extend({
  phone: z.string(),
  country: z.string(),
  kycStatus: z.enum(KycStatus),
  kycName: z.string(),
  kfcAdminId: z.number().int().nullable(),
  kfcName: z.string(),
  lastLoginAt: z.string().nullable(),
  accounts: z.array(MoneyAccount),
  addresses: z.array(MemberAddress),
  logins: z.array(MemberLogin),
  recentTransactions: z.array(Transaction),
  /** The member's identity check as submitted (the document number by its last characters only). */
  kyc: KycState,
  /** The member's Discord account by its last characters ('' when none); the whole one needs query_discord. */
  discordHint: z.string(),
  /** The member's latest packages (newest 20). */
  packages: z.array(
    z.object({
      id: z.number().int(),
      packageNo: z.string(),
      status: z.string(),
      itemCount: z.number().int(),
      countryCode: z.string(),
      freightCharged: z.number().int(),
      currency: z.string(),
      trackingNo: z.string(),
      createTime: z.string(),
    }),
  ),
  /** The member's latest purchase lines (newest 20). */
  orders: z.array(
    z.object({
      id: z.number().int(),
      purchaseNo: z.string(),
      title: z.string(),
      mallType: z.string(),
      status: z.string(),
      quantity: z.number().int(),
      paidAmount: z.number().int(),
      currency: z.string(),
      createTime: z.string(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** POST /api/vip/queryDiscord (query_discord): the member's whole Discord account. */
export const QueryDiscordBody = z.strictObject({ memberId: id });
export const QueryDiscordResult = z.object({ discordId: z.string() });

/**
 * POST /api/vip/modifyAmount (modify_user_amount) and /api/vip/modifyCommission (modify_user_commission):
 * an adjustment of the member's balance or commission, credited or debited, with a reason. `requestId` makes a
 * retry apply once.
 */
export const AdjustBody = z.strictObject({
  memberId: id,
  direction: z.enum(['add', 'deduct']),
  amount: positiveAmount,
  currency: Currency.optional(),
  remark: z.string().trim().min(1, '请填写调整原因').max(200),
  requestId: RequestId,
});
export type AdjustBody = z.infer<typeof AdjustBody>;
export const AdjustResult = z.object({ transactionId: z.number().int(), balanceAfter: z.number().int(), currency: z.string(), replayed: z.boolean() });
export type AdjustResult = z.infer<typeof AdjustResult>;

/** POST /api/vip/modifyAddress (modify_user_address) */
export const ModifyAddressBody = z.strictObject({
  memberId: id,
  addressId: id,
  receiver: z.string().trim().min(1, '请输入收件人').max(100),
  phone: z.string().trim().max(40),
  country: z.string().trim().min(1, '请输入国家').max(60),
  province: z.string().trim().max(60),
  city: z.string().trim().max(60),
  address: z.string().trim().min(1, '请输入详细地址').max(300),
  postcode: z.string().trim().max(20),
});
export type ModifyAddressBody = z.infer<typeof ModifyAddressBody>;

/** POST /api/vip/modifyStatus (modify_user_status) */
export const MemberStatusBody = z.strictObject({ id, status: z.enum(AccountStatus.values) });
export type MemberStatusBody = z.infer<typeof MemberStatusBody>;

/** POST /api/vip/modifyKfc (modify_user_kfc): the member's customer-service contact (null = none). */
export const ModifyKfcBody = z.strictObject({ memberId: id, kfcAdminId: id.nullable() });
export type ModifyKfcBody = z.infer<typeof ModifyKfcBody>;

/** GET /api/vip/transactions: one member's ledger (same shape as the transaction list). */
export const MemberTransactionsQuery = PageQuery.extend({ memberId: idParam, cursor: z.string().regex(/^\d+$/).optional() });

// ---------------------------------------------------------------- user levels

/** Discount as a percentage text ("95" = pays 95%), threshold as an amount text; stored as integers. */
export const UserLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  discount: z.string(),
  threshold: z.number().int(),
  currency: z.string(),
  sort: z.number().int(),
  status: z.enum(AccountStatus.values),
  memberCount: z.number().int(),
  modifyTime: z.string(),
});
export type UserLevel = z.infer<typeof UserLevel>;

/** GET /api/user/fetchUserLevelList */
export const UserLevelListQuery = PageQuery.extend({ name: textFilter, status: z.enum(AccountStatus.values).optional() });
export const UserLevelListResult = pageOf(UserLevel);
/** GET /api/user/enableUserLevelList: active levels for selectors */
export const UserLevelOptions = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** POST /api/user/saveUserLevel: without id creates */
export const SaveUserLevelBody = z.strictObject({
  id: id.optional(),
  name: z.string().trim().min(1, '请输入等级名称').max(40),
  discount: percentage,
  threshold: z.union([positiveAmount, z.literal('0')]),
  sort: z.number().int().min(0).max(9999).default(0),
  status: z.enum(['activity', 'disabled']).default('activity'),
});
export type SaveUserLevelBody = z.input<typeof SaveUserLevelBody>;

/** POST /api/vip/kycReview: approve or reject a member's pending identity check (a rejection says why). */
export const KycReviewBody = z
  .strictObject({
    memberId: z.number().int().positive(),
    result: z.enum(['passed', 'rejected']),
    reason: z.string().trim().max(200, '原因最多200个字符').default(''),
  })
  .refine((b) => b.result === 'passed' || b.reason.length > 0, { message: '请填写驳回原因', path: ['reason'] });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const vipPageListCall = defineCall({ method: 'GET', url: '/api/vip/pageList', query: MemberListQuery, data: MemberListResult });
export const vipDetailCall = defineCall({ method: 'GET', url: '/api/vip/detail', query: MemberDetailQuery, data: MemberDetail });
export const vipKycReviewCall = defineCall({ method: 'POST', url: '/api/vip/kycReview', body: KycReviewBody, data: KycState });
export const vipTransactionsCall = defineCall({ method: 'GET', url: '/api/vip/transactions', query: MemberTransactionsQuery, data: TransactionListResult });
export const vipModifyAmountCall = defineCall({ method: 'POST', url: '/api/vip/modifyAmount', body: AdjustBody, data: AdjustResult });
export const vipModifyCommissionCall = defineCall({ method: 'POST', url: '/api/vip/modifyCommission', body: AdjustBody, data: AdjustResult });
export const vipModifyAddressCall = defineCall({ method: 'POST', url: '/api/vip/modifyAddress', body: ModifyAddressBody, data: z.null() });
export const vipModifyStatusCall = defineCall({
  method: 'POST',
  url: '/api/vip/modifyStatus',
  body: MemberStatusBody,
  data: z.object({ changed: z.boolean() }),
});
export const vipQueryDiscordCall = defineCall({ method: 'POST', url: '/api/vip/queryDiscord', body: QueryDiscordBody, data: QueryDiscordResult });
export const vipModifyKfcCall = defineCall({ method: 'POST', url: '/api/vip/modifyKfc', body: ModifyKfcBody, data: z.null() });
export const userFetchUserLevelListCall = defineCall({
  method: 'GET',
  url: '/api/user/fetchUserLevelList',
  query: UserLevelListQuery,
  data: UserLevelListResult,
});
export const userEnableUserLevelListCall = defineCall({ method: 'GET', url: '/api/user/enableUserLevelList', data: UserLevelOptions });
export const userSaveUserLevelCall = defineCall({
  method: 'POST',
  url: '/api/user/saveUserLevel',
  body: SaveUserLevelBody,
  data: z.object({ id: z.number().int() }),
});
