import type { FastifyInstance } from 'fastify';
import {
  vipPageListCall,
  vipDetailCall,
  vipKycReviewCall,
  vipTransactionsCall,
  vipModifyAmountCall,
  vipModifyCommissionCall,
  vipModifyAddressCall,
  vipModifyStatusCall,
  vipQueryDiscordCall,
  vipModifyKfcCall,
  userFetchUserLevelListCall,
  userEnableUserLevelListCall,
  userSaveUserLevelCall,
} from '@waystation/shared/contract/vip';
import { reviewKyc } from './kyc';
import { api } from '../../core/http';
import * as levels from './levels';
import * as service from './service';

export function vipRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, vipPageListCall, {
    permission: 'vip:list',
    summary: 'Members with level, agent and balances',
    handler: ({ query }) => service.listMembers(db, query),
  });
  api(app, vipDetailCall, {
    permission: 'vip:list',
    summary: 'One member: profile, addresses, balances, logins, KYC',
    handler: ({ query }) => service.memberDetail(db, query.id),
  });
  api(app, vipKycReviewCall, {
    permission: 'vip:list',
    summary: 'Approve or reject (with a reason) a member’s pending identity check',
    handler: ({ body, actor, now }) => reviewKyc(db, actor, body.memberId, body.result, body.reason, now),
  });
  api(app, vipTransactionsCall, {
    permission: 'vip:list',
    summary: 'One member’s ledger rows',
    handler: ({ query }) => service.memberTransactions(db, query),
  });
  api(app, vipModifyAmountCall, {
    permission: 'vip:list',
    summary: 'Adjust a member’s balance (modify_user_amount; requestId makes retries apply once)',
    verify: 'modify_user_amount',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.adjust(db, 'balance', actor, body, now),
  });
  api(app, vipModifyCommissionCall, {
    permission: 'vip:list',
    summary: 'Adjust a member’s commission (modify_user_commission)',
    verify: 'modify_user_commission',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.adjust(db, 'commission', actor, body, now),
  });
  api(app, vipModifyAddressCall, {
    permission: 'vip:list',
    summary: 'Edit a member’s address (modify_user_address)',
    verify: 'modify_user_address',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.modifyAddress(db, actor, body, now).then(() => null),
  });
  api(app, vipModifyStatusCall, {
    permission: 'vip:list',
    summary: 'Change a member’s status (modify_user_status)',
    verify: 'modify_user_status',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyStatus(db, actor, body, now),
  });
  api(app, vipQueryDiscordCall, {
    permission: 'vip:list',
    summary: 'A member’s whole Discord account (query_discord)',
    verify: 'query_discord',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.queryDiscord(db, actor, body.memberId, now),
  });
  api(app, vipModifyKfcCall, {
    permission: 'vip:list',
    summary: 'Assign a member’s customer-service contact (modify_user_kfc)',
    verify: 'modify_user_kfc',
    verifyTarget: ({ body }) => body.memberId,
    handler: ({ body, actor, now }) => service.modifyKfc(db, actor, body, now).then(() => null),
  });
  api(app, userFetchUserLevelListCall, {
    permission: 'vip:userLevel',
    summary: 'Member levels',
    handler: ({ query }) => levels.listLevels(db, query),
  });
  api(app, userEnableUserLevelListCall, {
    permission: 'authenticated',
    summary: 'Active member levels for selectors',
    handler: () => levels.levelOptions(db),
  });
  api(app, userSaveUserLevelCall, {
    permission: 'vip:userLevel',
    summary: 'Create or edit a member level',
    handler: ({ body, actor, now }) => levels.saveLevel(db, actor, body, now),
  });
}
