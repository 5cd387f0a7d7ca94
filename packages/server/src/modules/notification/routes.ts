import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NotifyChannel,
  NotifyChannelList,
  NotifyChannelSaveBody,
  NotifyLog,
  NotifyLogListQuery,
  NotifyLogListResult,
  NotifyPreviewBody,
  NotifyPreviewResult,
  NotifyTemplateList,
  NotifyTemplateSaveBody,
  NotifyTestSendBody,
} from '@waystation/shared/contract/notification';
import { IdQuery, ModifyConfigStatusQuery, SaveResult } from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import * as service from './service';

const VIP = 'notification:vip';

export function notificationRoutes(app: FastifyInstance): void {
  const { db, now } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/notification/vip/channelList',
    permission: VIP,
    summary: 'Member notification channels (secrets masked)',
    data: NotifyChannelList,
    handler: () => service.listChannels(db),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/vip/channelDetail',
    permission: VIP,
    summary: 'One channel (secrets masked)',
    query: IdQuery,
    data: NotifyChannel,
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/vip/saveChannel',
    permission: VIP,
    summary: 'Create or edit a channel; empty secrets keep the stored ones',
    body: NotifyChannelSaveBody,
    data: SaveResult,
    handler: ({ body, actor, now: at }) => service.saveChannel(db, app.services.secrets, actor, body, at),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/vip/modifyChannelStatus',
    permission: VIP,
    summary: 'Enable or disable a channel',
    query: ModifyConfigStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now: at }) => service.modifyChannelStatus(db, actor, query.id, query.status, at).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/vip/templateList',
    permission: VIP,
    summary: 'Templates per event and channel type',
    data: NotifyTemplateList,
    handler: () => service.listTemplates(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/vip/saveTemplate',
    permission: VIP,
    summary: 'Save a template',
    body: NotifyTemplateSaveBody,
    data: z.null(),
    handler: ({ body, actor, now: at }) => service.saveTemplate(db, actor, body, at).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/vip/previewTemplate',
    permission: VIP,
    summary: 'Render a template with sample values',
    body: NotifyPreviewBody,
    data: NotifyPreviewResult,
    handler: async ({ body }) => service.previewTemplate(body),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/vip/sendTest',
    permission: VIP,
    summary: 'Send a test message through a channel and log it',
    body: NotifyTestSendBody,
    data: NotifyLog,
    handler: ({ body, actor }) => service.testSend(db, app.services.secrets, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/vip/logPageList',
    permission: VIP,
    summary: 'Delivery log',
    query: NotifyLogListQuery,
    data: NotifyLogListResult,
    handler: ({ query }) => service.listLogs(db, query),
  });
}
