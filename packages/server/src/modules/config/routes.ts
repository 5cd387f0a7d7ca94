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
import {
  AppVersionInfo,
  AppVersionInfoQuery,
  AppVersionSaveBody,
  BatchQueryConfigDataBody,
  BatchSaveConfigDataBody,
  ConfigDataGroups,
  ConfigDataList,
  IdQuery,
  ModifyConfigStatusQuery,
  ParamAddBody,
  ParamEditBody,
  ParamListQuery,
  ParamListResult,
  SaveResult,
} from '@waystation/shared/contract/reference';
import { queryInt } from '@waystation/shared/contract/common';
import { api } from '../../core/http';
import * as tips from './tips';
import * as agreements from './agreements';
import * as settings from './settings';

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

  api(app, {
    method: 'GET',
    url: '/api/param/pageList',
    permission: 'system:param',
    summary: 'List system parameters',
    query: ParamListQuery,
    data: ParamListResult,
    handler: ({ query }) => settings.listParams(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/param/add',
    permission: 'system:param',
    summary: 'Add a system parameter',
    body: ParamAddBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => settings.addParam(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/param/edit',
    permission: 'system:param',
    summary: 'Edit a system parameter',
    body: ParamEditBody,
    data: z.null(),
    handler: ({ body, actor, now }) => settings.editParam(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/param/modifyStatus',
    permission: 'system:param',
    summary: 'Enable or disable a system parameter',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => settings.modifyParamStatus(db, actor, query.id, query.status, now).then(() => null),
  });

  api(app, {
    method: 'GET',
    url: '/api/app/version/fetchInfo',
    permission: 'system:appVersion',
    summary: 'App versions and the latest per platform',
    query: AppVersionInfoQuery,
    data: AppVersionInfo,
    handler: ({ query }) => settings.versionInfo(db, query.platform),
  });
  api(app, {
    method: 'POST',
    url: '/api/app/version/save',
    permission: 'system:appVersion',
    summary: 'Release or edit an app version',
    body: AppVersionSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now }) => settings.saveVersion(db, actor, body, now),
  });

  api(app, {
    method: 'POST',
    url: '/api/config/batchSaveConfigData',
    permission: 'system:referenceData',
    summary: 'Save configuration data of a group',
    body: BatchSaveConfigDataBody,
    data: z.null(),
    handler: ({ body, actor, now }) => settings.batchSaveConfigData(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/config/batchQueryConfigData',
    permission: 'system:referenceData',
    summary: 'Read configuration data of a group',
    body: BatchQueryConfigDataBody,
    data: ConfigDataList,
    handler: ({ body }) => settings.batchQueryConfigData(db, body),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/configDataGroups',
    permission: 'system:referenceData',
    summary: 'Configuration data groups',
    data: ConfigDataGroups,
    handler: () => settings.configDataGroups(db),
  });
}
