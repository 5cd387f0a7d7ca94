import type { FastifyInstance } from 'fastify';
import {
  marketingActivityDetailCall,
  marketingActivityDrawCall,
  marketingActivityDrawRecordListCall,
  marketingActivityModifyStatusCall,
  marketingActivityPageListCall,
  marketingActivitySaveCall,
  marketingActivitySimulateCall,
  paysBalance,
} from '@waystation/shared/contract/marketing/draws';
import { api } from '../../core/http';
import * as activitySvc from './activities';
import * as drawSvc from './draws';
import { isActive } from '../../core/status';

export const ACTIVITY = 'marketing:activitiesManage';

/** 营销管理 › 抽奖 (registered by marketingRoutes): the lucky-draw activities (activities.ts) and their draws (draws.ts). */
export function drawRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, marketingActivityPageListCall, {
    permission: ACTIVITY,
    summary: 'Lucky-draw activities',
    handler: ({ query }) => activitySvc.listActivities(db, query),
  });
  api(app, marketingActivityDetailCall, {
    permission: ACTIVITY,
    summary: 'One activity with its prizes',
    handler: ({ query }) => activitySvc.activityDetail(db, query.id),
  });
  api(app, marketingActivitySaveCall, {
    permission: ACTIVITY,
    summary: 'Create or edit an activity and its prizes (chances add up to 100%); with balance prizes: modify_draw_balance_pool',
    // Balance prizes are money: their pool (amounts, stocks, chances, cap) is approved by a verifier.
    verify: 'modify_draw_balance_pool',
    verifyIf: ({ body }) => paysBalance(body.prizes),
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => activitySvc.saveActivity(db, actor, body, now),
  });
  api(app, marketingActivityModifyStatusCall, {
    permission: ACTIVITY,
    summary: 'Switch an activity on or off; switching on one with balance prizes: modify_draw_balance_pool',
    verify: 'modify_draw_balance_pool',
    verifyIf: async ({ body }) => isActive(body) && (await activitySvc.activityPaysBalance(db, body.id)),
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => activitySvc.setActivityStatus(db, actor, body.id, body.status, now),
  });
  api(app, marketingActivitySimulateCall, {
    permission: ACTIVITY,
    summary: 'Simulate draws (default 100,000) over the given chances; writes nothing',
    handler: async ({ body }) => activitySvc.simulateDraws(body),
  });
  api(app, marketingActivityDrawCall, {
    permission: ACTIVITY,
    summary: 'One draw for a member (requestId makes a retry return the same draw)',
    creditsWithoutTicket: 'a prize the member won from the configured, stock-limited prize pool after paying the draw',
    handler: ({ body, actor, now }) => drawSvc.draw(db, actor, body, now),
  });
  api(app, marketingActivityDrawRecordListCall, {
    permission: ACTIVITY,
    summary: 'Draw records',
    handler: ({ query }) => drawSvc.listDrawRecords(db, query),
  });
}
