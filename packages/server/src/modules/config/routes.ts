import type { FastifyInstance } from 'fastify';
import {
  configSaveTipsConfigCall,
  configBatchTipsConfigCall,
  configTipsListCall,
  configFaqPageListCall,
  configFaqDetailCall,
  configSaveFaqCall,
  configDeleteFaqCall,
  agreementFindByPageCall,
  agreementSaveCall,
  agreementSaveAgreementCall,
  agreementFetchAgreementDetailCall,
} from '@waystation/shared/contract/config';
import { api } from '../../core/http';
import * as tips from './tips';
import * as agreements from './agreements';

const VIP = 'system:vipTerminalConfig';

export function configRoutes(app: FastifyInstance): void {
  const { db } = app.services;

  // Terminal texts: the permission depends on the terminal (appId), checked in the handler.
  api(app, configSaveTipsConfigCall, {
    permission: 'authenticated',
    summary: 'Save config text entries of one terminal',
    handler: async ({ body, caller, actor, now }) => {
      tips.assertAppPermission(caller, body.appId);
      await tips.saveTips(db, actor, body, now);
      return null;
    },
  });
  api(app, configBatchTipsConfigCall, {
    permission: 'authenticated',
    summary: 'Read config text entries by key',
    handler: async ({ body, caller }) => {
      tips.assertAppPermission(caller, body.appId);
      return tips.batchTips(db, body);
    },
  });
  api(app, configTipsListCall, {
    permission: 'authenticated',
    summary: 'Every saved text entry of one terminal',
    handler: async ({ query, caller }) => {
      tips.assertAppPermission(caller, query.appId);
      return tips.listTips(db, query.appId);
    },
  });

  api(app, configFaqPageListCall, {
    permission: VIP,
    summary: 'List FAQ entries',
    handler: ({ query }) => tips.listFaqs(db, query),
  });
  api(app, configFaqDetailCall, {
    permission: VIP,
    summary: 'One FAQ entry',
    handler: ({ query }) => tips.getFaq(db, query.id),
  });
  api(app, configSaveFaqCall, {
    permission: VIP,
    summary: 'Create or edit a FAQ entry (FAQOperate)',
    handler: ({ body, actor, now }) => tips.saveFaq(db, actor, body, now),
  });
  api(app, configDeleteFaqCall, {
    permission: VIP,
    summary: 'Delete a FAQ entry',
    handler: ({ query, actor, now }) => tips.deleteFaq(db, actor, query.id, now).then(() => null),
  });

  api(app, agreementFindByPageCall, {
    permission: VIP,
    summary: 'List agreements',
    handler: ({ query }) => agreements.listAgreements(db, query),
  });
  api(app, agreementSaveCall, {
    permission: VIP,
    summary: 'Create or edit an agreement',
    handler: ({ body, actor, now }) => agreements.saveAgreement(db, actor, body, now),
  });
  api(app, agreementSaveAgreementCall, {
    permission: VIP,
    summary: "Publish an agreement's new content as the next version",
    handler: ({ body, actor, now }) => agreements.publishAgreementVersion(db, actor, body, now),
  });
  api(app, agreementFetchAgreementDetailCall, {
    permission: VIP,
    summary: 'An agreement with one version (default current) and its history',
    handler: ({ query }) => agreements.agreementDetail(db, query.id, query.version),
  });
}
