import type { FastifyInstance } from 'fastify';
import { marketingCouponAddCodesCall, marketingCouponCodeListCall, marketingCouponRedeemCodeCall } from '@waystation/shared/contract/marketing/codes';
import {
  marketingCouponDetailCall,
  marketingCouponModifyStatusCall,
  marketingCouponOptionsCall,
  marketingCouponPageListCall,
  marketingCouponSaveConstCall,
  marketingCouponSaveCycleCall,
} from '@waystation/shared/contract/marketing/coupons';
import {
  marketingCouponCrowdCountCall,
  marketingCouponModifyGrantStatusCall,
  marketingCouponSendCrowdCall,
  marketingCouponSendRecordListCall,
  marketingCouponSendTargetedCall,
} from '@waystation/shared/contract/marketing/grants';
import { marketingJobListCall } from '@waystation/shared/contract/marketing/jobs';
import {
  marketingResourceModifyTaskStatusCall,
  marketingResourcePreviewCall,
  marketingResourceSaveSpaceCall,
  marketingResourceSaveTaskCall,
  marketingResourceSpaceListCall,
  marketingResourceTaskListCall,
} from '@waystation/shared/contract/marketing/resources';
import { api } from '../../core/http';
import { forbidden } from '../../core/errors';
import * as couponSvc from './coupons';
import * as grantSvc from './grants';
import * as sendRecords from './sendRecords';
import * as codeSvc from './codes';
import * as resourceSvc from './resources';
import { ACTIVITY, drawRoutes } from './drawRoutes';
import { listJobs } from '../../core/jobs';
import { MARKETING_JOB_KINDS } from './jobs';

const COUPON = 'marketing:couponManage';
const SPACE = 'marketing:resourceSpace';

export function marketingRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  // ------------------------------------------------------------ coupons
  api(app, marketingCouponPageListCall, {
    permission: COUPON,
    summary: 'Coupons (fixed and cycle)',
    handler: ({ query }) => couponSvc.listCoupons(db, query),
  });
  api(app, marketingCouponDetailCall, {
    permission: COUPON,
    summary: 'One coupon',
    handler: ({ query }) => couponSvc.couponDetail(db, query.id),
  });
  api(app, marketingCouponOptionsCall, {
    permission: 'authenticated',
    summary: 'Active coupons for selectors',
    handler: ({ caller }) => {
      if (![COUPON, ACTIVITY].some((p) => caller.permissions.has(p))) throw forbidden();
      return couponSvc.couponOptions(db);
    },
  });
  api(app, marketingCouponSaveConstCall, {
    permission: COUPON,
    summary: 'Create or edit a fixed coupon (operateConstCoupon)',
    handler: ({ body, actor, now }) => couponSvc.saveConstCoupon(db, actor, body, now),
  });
  api(app, marketingCouponSaveCycleCall, {
    permission: COUPON,
    summary: 'Create or edit a cycle coupon (operateCycleCoupon)',
    handler: ({ body, actor, now }) => couponSvc.saveCycleCoupon(db, actor, body, now),
  });
  api(app, marketingCouponModifyStatusCall, {
    permission: COUPON,
    summary: 'Switch a coupon on or off for new grants',
    handler: ({ body, actor, now }) => couponSvc.setCouponStatus(db, actor, body.id, body.status, now),
  });
  api(app, marketingCouponCrowdCountCall, {
    permission: COUPON,
    summary: 'Size of a crowd before a crowd grant',
    handler: ({ body }) => grantSvc.previewCrowd(db, body.filter),
  });
  api(app, marketingCouponSendTargetedCall, {
    permission: COUPON,
    summary: 'Grant to listed user codes (targetedGrant; requestId makes a retry apply once)',
    handler: ({ body, actor, now }) => grantSvc.sendTargeted(db, actor, body, now),
  });
  api(app, marketingCouponSendCrowdCall, {
    permission: COUPON,
    summary: 'Grant to a crowd (crowdSelectGrant) of the previewed size',
    handler: ({ body, actor, now }) => grantSvc.sendCrowd(db, actor, body, now),
  });
  api(app, marketingCouponSendRecordListCall, {
    permission: COUPON,
    summary: 'Send records (couponSendRecord)',
    handler: ({ query, now }) => sendRecords.listRecords(db, query, now),
  });
  api(app, marketingCouponModifyGrantStatusCall, {
    permission: COUPON,
    summary: 'Revoke (disable) an unused coupon with a reason',
    handler: ({ body, actor, now }) => grantSvc.revokeGrant(db, actor, body.id, body.reason, now),
  });
  api(app, marketingCouponAddCodesCall, {
    permission: COUPON,
    summary: 'Generate a batch of redeem codes (activityCode)',
    handler: ({ body, actor, now }) => codeSvc.generateCodes(db, actor, body, now),
  });
  api(app, marketingCouponCodeListCall, {
    permission: COUPON,
    summary: 'Redeem codes of a coupon',
    handler: ({ query }) => codeSvc.listCodes(db, query),
  });
  api(app, marketingCouponRedeemCodeCall, {
    permission: COUPON,
    summary: 'Redeem a code for a member (single use)',
    handler: ({ body, actor, now }) => codeSvc.redeemCode(db, actor, body, now),
  });

  api(app, marketingJobListCall, {
    permission: COUPON,
    summary: 'The job runner’s recent work (cycle issues, expiry, new members)',
    handler: ({ query }) => listJobs(db, { ...query, kinds: MARKETING_JOB_KINDS }),
  });

  // ------------------------------------------------------------ resource slots
  api(app, marketingResourceSpaceListCall, {
    permission: SPACE,
    summary: 'Resource slots',
    handler: ({ query, now }) => resourceSvc.listSpaces(db, query, now),
  });
  api(app, marketingResourceSaveSpaceCall, {
    permission: SPACE,
    summary: 'Create or edit a resource slot',
    handler: ({ body, actor, now }) => resourceSvc.saveSpace(db, actor, body, now),
  });
  api(app, marketingResourceTaskListCall, {
    permission: SPACE,
    summary: 'Tasks of a resource slot',
    handler: ({ query, now }) => resourceSvc.listTasks(db, query, now),
  });
  api(app, marketingResourceSaveTaskCall, {
    permission: SPACE,
    summary: 'Create or edit a resource task',
    handler: ({ body, actor, now }) => resourceSvc.saveTask(db, actor, body, now),
  });
  api(app, marketingResourceModifyTaskStatusCall, {
    permission: SPACE,
    summary: 'Switch a resource task on or off',
    handler: ({ body, actor, now }) => resourceSvc.setTaskStatus(db, actor, body.id, body.status, now),
  });
  api(app, marketingResourcePreviewCall, {
    permission: SPACE,
    summary: 'What a member sees in each slot at a moment',
    handler: ({ query, now }) => resourceSvc.previewFor(db, query.userCode, query.at ? new Date(query.at) : now),
  });

  drawRoutes(app);
}
