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
  DeliveryResendBody,
  EventDeliveryListQuery,
  EventDeliveryListResult,
  WebhookEndpointList,
  WebhookSaveBody,
  WebhookSaveResult,
  WebhookStatusBody,
  SiteKeyCreateBody,
  SiteKeyCreated,
  SiteKeyLimitsBody,
  SiteKeyList,
} from '@waystation/shared/contract/notification';
import { IdQuery, ModifyConfigStatusQuery, SaveResult } from '@waystation/shared/contract/reference';
import { api } from '../../core/http';
import type { ModuleContext } from '../context';
import * as service from './service';
import * as webhooks from './webhooks';
import * as siteKeys from './siteKeys';

const VIP = 'notification:vip';
const WEBHOOK = 'notification:webhook';
const SITE_KEY = 'notification:siteKey';

export function notificationRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, now, secrets } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/notification/webhook/list',
    permission: WEBHOOK,
    summary: 'Webhook endpoints of events out (secrets shown by their last characters)',
    data: WebhookEndpointList,
    handler: () => webhooks.listEndpoints(db, secrets),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/webhook/save',
    permission: WEBHOOK,
    summary: 'Add (answers the signing secret, once) or edit a webhook endpoint',
    body: WebhookSaveBody,
    data: WebhookSaveResult,
    handler: ({ body, actor, now: at }) => webhooks.saveEndpoint(db, secrets, actor, body, at),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/webhook/modifyStatus',
    permission: WEBHOOK,
    summary: 'Enable or disable a webhook endpoint',
    body: WebhookStatusBody,
    data: z.null(),
    handler: ({ body, actor, now: at }) => webhooks.setEndpointStatus(db, actor, body.id, body.status, at),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/siteKey/list',
    permission: SITE_KEY,
    summary: 'Member sites’ API keys (their prefixes; the keys themselves are never shown again)',
    data: SiteKeyList,
    handler: () => siteKeys.listKeys(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/siteKey/create',
    permission: SITE_KEY,
    summary: 'Create a member site’s API key (answered once, in full)',
    body: SiteKeyCreateBody,
    data: SiteKeyCreated,
    handler: ({ body, actor, now: at }) => siteKeys.createKey(db, actor, body.name, at),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/siteKey/modifyStatus',
    permission: SITE_KEY,
    summary: 'Disable or enable a member site’s API key',
    body: WebhookStatusBody,
    data: z.null(),
    handler: ({ body, actor, now: at }) => siteKeys.setKeyStatus(db, actor, body.id, body.status, at),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/siteKey/modifyLimits',
    permission: SITE_KEY,
    summary: 'A member site’s API key: its own calls a minute (null: 6,000) and the address ranges it may be used from (empty: anywhere)',
    body: SiteKeyLimitsBody,
    data: z.null(),
    handler: ({ body, actor, now: at }) => siteKeys.setKeyLimits(db, actor, body, at),
  });
  api(app, {
    method: 'GET',
    url: '/api/notification/webhook/deliveries',
    permission: WEBHOOK,
    summary: 'The delivery log of events out (webhooks and member notifications), newest first, with the backlog',
    query: EventDeliveryListQuery,
    data: EventDeliveryListResult,
    handler: ({ query, now: at }) => webhooks.listDeliveries(db, query, at),
  });
  api(app, {
    method: 'POST',
    url: '/api/notification/webhook/resend',
    permission: WEBHOOK,
    summary: 'Deliver an event again (due now)',
    body: DeliveryResendBody,
    data: z.null(),
    handler: async ({ body, actor, now: at }) => {
      await webhooks.resendDelivery(db, actor, body.id, at);
      void ctx.events.run();
      return null;
    },
  });
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
