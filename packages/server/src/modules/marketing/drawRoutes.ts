import type { FastifyInstance } from 'fastify';
import { Changed, Created, IdQuery } from '@waystation/shared/contract/marketing/common';
import {
  ActivityListQuery,
  ActivityListResult,
  ActivityStatusBody,
  Activity,
  DrawBody,
  DrawRecordQuery,
  DrawRecordResult,
  DrawResult,
  SaveActivityBody,
  paysBalance,
  SimulateBody,
  SimulateResult,
} from '@waystation/shared/contract/marketing/draws';
import { api } from '../../core/http';
import * as activitySvc from './activities';
import * as drawSvc from './draws';

export const ACTIVITY = 'marketing:activitiesManage';

/** 营销管理 › 抽奖 (registered by marketingRoutes): the lucky-draw activities (activities.ts) and their draws (draws.ts). */
export function drawRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/marketing/activity/pageList',
    permission: ACTIVITY,
    summary: 'Lucky-draw activities',
    query: ActivityListQuery,
    data: ActivityListResult,
    handler: ({ query }) => activitySvc.listActivities(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/activity/detail',
    permission: ACTIVITY,
    summary: 'One activity with its prizes',
    query: IdQuery,
    data: Activity,
    handler: ({ query }) => activitySvc.activityDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/activity/save',
    permission: ACTIVITY,
    summary: 'Create or edit an activity and its prizes (chances add up to 100%); with balance prizes: modify_draw_balance_pool',
    body: SaveActivityBody,
    data: Created,
    // Balance prizes are money: their pool (amounts, stocks, chances, cap) is approved by a verifier.
    verify: 'modify_draw_balance_pool',
    verifyIf: ({ body }) => paysBalance(body.prizes),
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => activitySvc.saveActivity(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/activity/modifyStatus',
    permission: ACTIVITY,
    summary: 'Switch an activity on or off; switching on one with balance prizes: modify_draw_balance_pool',
    body: ActivityStatusBody,
    data: Changed,
    verify: 'modify_draw_balance_pool',
    verifyIf: async ({ body }) => body.status === 'activity' && (await activitySvc.activityPaysBalance(db, body.id)),
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => activitySvc.setActivityStatus(db, actor, body.id, body.status, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/activity/simulate',
    permission: ACTIVITY,
    summary: 'Simulate draws (default 100,000) over the given chances; writes nothing',
    body: SimulateBody,
    data: SimulateResult,
    handler: async ({ body }) => activitySvc.simulateDraws(body),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/activity/draw',
    permission: ACTIVITY,
    summary: 'One draw for a member (requestId makes a retry return the same draw)',
    body: DrawBody,
    data: DrawResult,
    creditsWithoutTicket: 'a prize the member won from the configured, stock-limited prize pool after paying the draw',
    handler: ({ body, actor, now }) => drawSvc.draw(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/activity/drawRecordList',
    permission: ACTIVITY,
    summary: 'Draw records',
    query: DrawRecordQuery,
    data: DrawRecordResult,
    handler: ({ query }) => drawSvc.listDrawRecords(db, query),
  });
}
