import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CodeListQuery,
  CodeListResult,
  GenerateCodesBody,
  GenerateCodesResult,
  RedeemCodeBody,
  RedeemCodeResult,
} from '@waystation/shared/contract/marketing/codes';
import { Changed, Created, IdQuery } from '@waystation/shared/contract/marketing/common';
import {
  Coupon,
  CouponListQuery,
  CouponListResult,
  CouponOptions,
  CouponStatusBody,
  SaveConstCouponBody,
  SaveCycleCouponBody,
} from '@waystation/shared/contract/marketing/coupons';
import {
  CrowdCountBody,
  CrowdCountResult,
  RevokeGrantBody,
  SendCrowdBody,
  SendRecordQuery,
  SendRecordResult,
  SendResult,
  SendTargetedBody,
} from '@waystation/shared/contract/marketing/grants';
import { JobListQuery, JobListResult } from '@waystation/shared/contract/marketing/jobs';
import {
  PreviewQuery,
  PreviewResult,
  SaveSpaceBody,
  SaveTaskBody,
  SpaceListQuery,
  SpaceListResult,
  TaskListQuery,
  TaskListResult,
  TaskStatusBody,
} from '@waystation/shared/contract/marketing/resources';
import { CouponSource, CouponStatus } from '@waystation/shared/marketing/vocab';
import { api } from '../../core/http';
import { forbidden, schemaInvalid } from '../../core/errors';
import * as couponSvc from './coupons';
import * as grantSvc from './grants';
import * as sendRecords from './sendRecords';
import * as codeSvc from './codes';
import * as resourceSvc from './resources';
import { ACTIVITY, drawRoutes } from './drawRoutes';
import { listJobs } from '../../core/jobs';
import { MARKETING_JOB_KINDS } from './jobs';
import { attachment, workbook, XLSX_TYPE } from '../../platform/excel';

const COUPON = 'marketing:couponManage';
const SPACE = 'marketing:resourceSpace';

/** y-m-d h:i:s in business time (UTC+8), as the screens show times. */
const timeText = (s: string | null) => (s ? new Date(new Date(s).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '');

export function marketingRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  // ------------------------------------------------------------ coupons
  api(app, {
    method: 'GET',
    url: '/api/marketing/coupon/pageList',
    permission: COUPON,
    summary: 'Coupons (fixed and cycle)',
    query: CouponListQuery,
    data: CouponListResult,
    handler: ({ query }) => couponSvc.listCoupons(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/coupon/detail',
    permission: COUPON,
    summary: 'One coupon',
    query: IdQuery,
    data: Coupon,
    handler: ({ query }) => couponSvc.couponDetail(db, query.id),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/coupon/options',
    permission: 'authenticated',
    summary: 'Active coupons for selectors',
    data: CouponOptions,
    handler: ({ caller }) => {
      if (![COUPON, ACTIVITY].some((p) => caller.permissions.has(p))) throw forbidden();
      return couponSvc.couponOptions(db);
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/saveConst',
    permission: COUPON,
    summary: 'Create or edit a fixed coupon (operateConstCoupon)',
    body: SaveConstCouponBody,
    data: Created,
    handler: ({ body, actor, now }) => couponSvc.saveConstCoupon(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/saveCycle',
    permission: COUPON,
    summary: 'Create or edit a cycle coupon (operateCycleCoupon)',
    body: SaveCycleCouponBody,
    data: Created,
    handler: ({ body, actor, now }) => couponSvc.saveCycleCoupon(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/modifyStatus',
    permission: COUPON,
    summary: 'Switch a coupon on or off for new grants',
    body: CouponStatusBody,
    data: Changed,
    handler: ({ body, actor, now }) => couponSvc.setCouponStatus(db, actor, body.id, body.status, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/crowdCount',
    permission: COUPON,
    summary: 'Size of a crowd before a crowd grant',
    body: CrowdCountBody,
    data: CrowdCountResult,
    handler: ({ body }) => grantSvc.previewCrowd(db, body.filter),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/sendTargeted',
    permission: COUPON,
    summary: 'Grant to listed user codes (targetedGrant; requestId makes a retry apply once)',
    body: SendTargetedBody,
    data: SendResult,
    handler: ({ body, actor, now }) => grantSvc.sendTargeted(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/sendCrowd',
    permission: COUPON,
    summary: 'Grant to a crowd (crowdSelectGrant) of the previewed size',
    body: SendCrowdBody,
    data: SendResult,
    handler: ({ body, actor, now }) => grantSvc.sendCrowd(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/coupon/sendRecordList',
    permission: COUPON,
    summary: 'Send records (couponSendRecord)',
    query: SendRecordQuery,
    data: SendRecordResult,
    handler: ({ query, now }) => sendRecords.listRecords(db, query, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/modifyGrantStatus',
    permission: COUPON,
    summary: 'Revoke (disable) an unused coupon with a reason',
    body: RevokeGrantBody,
    data: z.null(),
    handler: ({ body, actor, now }) => grantSvc.revokeGrant(db, actor, body.id, body.reason, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/addCodes',
    permission: COUPON,
    summary: 'Generate a batch of redeem codes (activityCode)',
    body: GenerateCodesBody,
    data: GenerateCodesResult,
    handler: ({ body, actor, now }) => codeSvc.generateCodes(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/coupon/codeList',
    permission: COUPON,
    summary: 'Redeem codes of a coupon',
    query: CodeListQuery,
    data: CodeListResult,
    handler: ({ query }) => codeSvc.listCodes(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/coupon/redeemCode',
    permission: COUPON,
    summary: 'Redeem a code for a member (single use)',
    body: RedeemCodeBody,
    data: RedeemCodeResult,
    handler: ({ body, actor, now }) => codeSvc.redeemCode(db, actor, body, now),
  });

  const sendXlsx = (reply: FastifyReply, name: string, fallback: string, buf: Buffer) =>
    reply.type(XLSX_TYPE).header('Content-Disposition', attachment(name, fallback)).header('Cache-Control', 'no-store').send(buf);

  app.get(
    '/api/marketing/coupon/exportSendRecord',
    { config: { permission: COUPON }, schema: { summary: 'Send records as Excel (same filters as the list)', tags: ['marketing'] } },
    async (req, reply) => {
      const q = SendRecordQuery.safeParse(req.query);
      if (!q.success) throw schemaInvalid(q.error.issues);
      const rows = await sendRecords.recordsForExport(db, q.data, app.services.now());
      const buf = await workbook(
        '发放明细',
        [
          { header: '券码', width: 22, value: (r) => r.grantNo },
          { header: '优惠券', width: 24, value: (r) => r.couponName },
          { header: '用户编码', value: (r) => r.userCode },
          { header: '会员', value: (r) => r.memberName },
          { header: '发放方式', value: (r) => CouponSource.label(r.sourceType) },
          { header: '发放对象', value: (r) => r.sendTarget },
          { header: '状态', value: (r) => (r.expired ? '已过期' : CouponStatus.label(r.status)) },
          { header: '生效时间', width: 20, value: (r) => timeText(r.validFrom) },
          { header: '失效时间', width: 20, value: (r) => timeText(r.validTo) },
          { header: '使用时间', width: 20, value: (r) => timeText(r.useTime) },
          { header: '作废原因', width: 20, value: (r) => r.disabledReason },
          { header: '操作人', value: (r) => r.operatorName },
          { header: '发放时间', width: 20, value: (r) => timeText(r.createTime) },
        ],
        rows,
      );
      return sendXlsx(reply, '优惠券发放明细.xlsx', 'coupon-send-records.xlsx', buf);
    },
  );

  app.get(
    '/api/marketing/coupon/exportCodes',
    { config: { permission: COUPON }, schema: { summary: 'Redeem codes as Excel', tags: ['marketing'] } },
    async (req, reply) => {
      const q = CodeListQuery.safeParse(req.query);
      if (!q.success) throw schemaInvalid(q.error.issues);
      const rows = await codeSvc.codesForExport(db, q.data);
      const buf = await workbook(
        '兑换码',
        [
          { header: '兑换码', width: 18, value: (r) => r.code },
          { header: '批次', width: 22, value: (r) => r.batchNo },
          { header: '状态', value: (r) => CouponStatus.label(r.status) },
          { header: '兑换用户', value: (r) => r.userCode },
          { header: '兑换时间', width: 20, value: (r) => timeText(r.redeemedAt) },
          { header: '生成时间', width: 20, value: (r) => timeText(r.createTime) },
        ],
        rows,
      );
      return sendXlsx(reply, `兑换码-${q.data.couponId}.xlsx`, `redeem-codes-${q.data.couponId}.xlsx`, buf);
    },
  );

  api(app, {
    method: 'GET',
    url: '/api/marketing/job/list',
    permission: COUPON,
    summary: 'The job runner’s recent work (cycle issues, expiry, new members)',
    query: JobListQuery,
    data: JobListResult,
    handler: ({ query }) => listJobs(db, { ...query, kinds: MARKETING_JOB_KINDS }),
  });

  // ------------------------------------------------------------ resource slots
  api(app, {
    method: 'GET',
    url: '/api/marketing/resource/spaceList',
    permission: SPACE,
    summary: 'Resource slots',
    query: SpaceListQuery,
    data: SpaceListResult,
    handler: ({ query, now }) => resourceSvc.listSpaces(db, query, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/resource/saveSpace',
    permission: SPACE,
    summary: 'Create or edit a resource slot',
    body: SaveSpaceBody,
    data: Created,
    handler: ({ body, actor, now }) => resourceSvc.saveSpace(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/resource/taskList',
    permission: SPACE,
    summary: 'Tasks of a resource slot',
    query: TaskListQuery,
    data: TaskListResult,
    handler: ({ query, now }) => resourceSvc.listTasks(db, query, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/resource/saveTask',
    permission: SPACE,
    summary: 'Create or edit a resource task',
    body: SaveTaskBody,
    data: Created,
    handler: ({ body, actor, now }) => resourceSvc.saveTask(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/marketing/resource/modifyTaskStatus',
    permission: SPACE,
    summary: 'Switch a resource task on or off',
    body: TaskStatusBody,
    data: Changed,
    handler: ({ body, actor, now }) => resourceSvc.setTaskStatus(db, actor, body.id, body.status, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/marketing/resource/preview',
    permission: SPACE,
    summary: 'What a member sees in each slot at a moment',
    query: PreviewQuery,
    data: PreviewResult,
    handler: ({ query, now }) => resourceSvc.previewFor(db, query.userCode, query.at ? new Date(query.at) : now),
  });

  drawRoutes(app);
}
