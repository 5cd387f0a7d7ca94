import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AgreementContentBody,
  AgreementDetail,
  AgreementDetailQuery,
  AgreementListQuery,
  AgreementListResult,
  AgreementSaveBody,
  BatchTipsConfigBody,
  Faq,
  FaqListQuery,
  FaqListResult,
  FaqSaveBody,
  SaveTipsConfigBody,
  TipsEntryList,
} from '@waystation/shared/contract/config';
import { IdQuery, SaveResult } from '@waystation/shared/contract/reference';
import { queryInt } from '@waystation/shared/contract/common';
import { api } from '../../core/http';
import * as tips from './tips';
import * as agreements from './agreements';

const VIP = 'system:vipTerminalConfig';

export function configRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  // Terminal texts: the permission depends on the terminal (appId), checked in the handler.
  api(app, {
    method: 'POST',
    url: '/api/config/saveTipsConfig',
    permission: 'authenticated',
    summary: 'Save config text entries of one terminal',
    body: SaveTipsConfigBody,
    data: z.null(),
    handler: async ({ body, caller, actor, now }) => {
      tips.assertAppPermission(caller, body.appId);
      await tips.saveTips(db, actor, body, now);
      return null;
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/config/batchTipsConfig',
    permission: 'authenticated',
    summary: 'Read config text entries by key',
    body: BatchTipsConfigBody,
    data: TipsEntryList,
    handler: async ({ body, caller }) => {
      tips.assertAppPermission(caller, body.appId);
      return tips.batchTips(db, body);
    },
  });
  api(app, {
    method: 'GET',
    url: '/api/config/tipsList',
    permission: 'authenticated',
    summary: 'Every saved text entry of one terminal',
    query: z.strictObject({ appId: queryInt(1, 2) }),
    data: TipsEntryList,
    handler: async ({ query, caller }) => {
      tips.assertAppPermission(caller, query.appId);
      return tips.listTips(db, query.appId);
    },
  });

  api(app, {
    method: 'GET',
    url: '/api/config/faqPageList',
    permission: VIP,
    summary: 'List FAQ entries',
    query: FaqListQuery,
    data: FaqListResult,
    handler: ({ query }) => tips.listFaqs(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/faqDetail',
    permission: VIP,
    summary: 'One FAQ entry',
    query: IdQuery,
    data: Faq,
    handler: ({ query }) => tips.getFaq(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/config/saveFaq',
    permission: VIP,
    summary: 'Create or edit a FAQ entry (FAQOperate)',
    body: FaqSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => tips.saveFaq(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/deleteFaq',
    permission: VIP,
    summary: 'Delete a FAQ entry',
    query: IdQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => tips.deleteFaq(db, actor, query.id, now).then(() => null),
  });

  api(app, {
    method: 'GET',
    url: '/api/agreement/findByPage',
    permission: VIP,
    summary: 'List agreements',
    query: AgreementListQuery,
    data: AgreementListResult,
    handler: ({ query }) => agreements.listAgreements(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/agreement/save',
    permission: VIP,
    summary: 'Create or edit an agreement',
    body: AgreementSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => agreements.saveAgreement(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/agreement/saveAgreement',
    permission: VIP,
    summary: "Publish an agreement's new content as the next version",
    body: AgreementContentBody,
    data: z.object({ version: z.number().int() }),
    handler: ({ body, actor, now }) => agreements.publishAgreementVersion(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/agreement/fetchAgreementDetail',
    permission: VIP,
    summary: 'An agreement with one version (default current) and its history',
    query: AgreementDetailQuery,
    data: AgreementDetail,
    handler: ({ query }) => agreements.agreementDetail(db, query.id, query.version),
  });
}
