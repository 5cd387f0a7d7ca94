import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TransactionListResult } from '@waystation/shared/contract/ledger';
import {
  AdjustBody,
  AdjustResult,
  MemberDetail,
  MemberDetailQuery,
  MemberListQuery,
  MemberListResult,
  MemberStatusBody,
  MemberTransactionsQuery,
  ModifyAddressBody,
  ModifyKfcBody,
  SaveUserLevelBody,
  UserLevelListQuery,
  UserLevelListResult,
  UserLevelOptions,
  KycReviewBody,
  QueryDiscordBody,
  QueryDiscordResult,
} from '@waystation/shared/contract/vip';
import { KycState } from '@waystation/shared/contract/openAccounts';
import { reviewKyc } from './kyc';
import { api } from '../../core/http';
import * as levels from './levels';
import * as service from './service';

export function vipRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/vip/pageList',
    permission: 'vip:list',
    summary: 'Members with level, agent and balances',
    query: MemberListQuery,
    data: MemberListResult,
    handler: ({ query }) => service.listMembers(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/vip/detail',
    permission: 'vip:list',
    summary: 'One member: profile, addresses, balances, logins, KYC',
    query: MemberDetailQuery,
    data: MemberDetail,
    handler: ({ query }) => service.memberDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/kycReview',
    permission: 'vip:list',
    summary: 'Approve or reject (with a reason) a member’s pending identity check',
    body: KycReviewBody,
    data: KycState,
    handler: ({ body, actor, now }) => reviewKyc(db, actor, body.memberId, body.result, body.reason, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/vip/transactions',
    permission: 'vip:list',
    summary: 'One member’s ledger rows',
    query: MemberTransactionsQuery,
    data: TransactionListResult,
    handler: ({ query }) => service.memberTransactions(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/modifyAmount',
    permission: 'vip:list',
    summary: 'Adjust a member’s balance (modify_user_amount; requestId makes retries apply once)',
    body: AdjustBody,
    data: AdjustResult,
    verify: 'modify_user_amount',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.adjust(db, 'balance', actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/modifyCommission',
    permission: 'vip:list',
    summary: 'Adjust a member’s commission (modify_user_commission)',
    body: AdjustBody,
    data: AdjustResult,
    verify: 'modify_user_commission',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.adjust(db, 'commission', actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/modifyAddress',
    permission: 'vip:list',
    summary: 'Edit a member’s address (modify_user_address)',
    body: ModifyAddressBody,
    data: z.null(),
    verify: 'modify_user_address',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.modifyAddress(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/modifyStatus',
    permission: 'vip:list',
    summary: 'Change a member’s status (modify_user_status)',
    body: MemberStatusBody,
    data: z.object({ changed: z.boolean() }),
    verify: 'modify_user_status',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyStatus(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/queryDiscord',
    permission: 'vip:list',
    summary: 'A member’s whole Discord account (query_discord)',
    body: QueryDiscordBody,
    data: QueryDiscordResult,
    verify: 'query_discord',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.queryDiscord(db, actor, body.memberId, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/vip/modifyKfc',
    permission: 'vip:list',
    summary: 'Assign a member’s customer-service contact (modify_user_kfc)',
    body: ModifyKfcBody,
    data: z.null(),
    verify: 'modify_user_kfc',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.modifyKfc(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/user/fetchUserLevelList',
    permission: 'vip:userLevel',
    summary: 'Member levels',
    query: UserLevelListQuery,
    data: UserLevelListResult,
    handler: ({ query }) => levels.listLevels(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/user/enableUserLevelList',
    permission: 'authenticated',
    summary: 'Active member levels for selectors',
    data: UserLevelOptions,
    handler: () => levels.levelOptions(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/user/saveUserLevel',
    permission: 'vip:userLevel',
    summary: 'Create or edit a member level',
    body: SaveUserLevelBody,
    data: z.object({ id: z.number().int() }),
    handler: ({ body, actor, now }) => levels.saveLevel(db, actor, body, now),
  });
}
