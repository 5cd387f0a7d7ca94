import type { FastifyInstance } from 'fastify';
import {
  notificationWebhookListCall,
  notificationWebhookSaveCall,
  notificationWebhookModifyStatusCall,
  notificationSiteKeyListCall,
  notificationSiteKeyCreateCall,
  notificationSiteKeyModifyStatusCall,
  notificationSiteKeyModifyLimitsCall,
  notificationWebhookDeliveriesCall,
  notificationWebhookResendCall,
  notificationVipChannelListCall,
  notificationVipChannelDetailCall,
  notificationVipSaveChannelCall,
  notificationVipModifyChannelStatusCall,
  notificationVipTemplateListCall,
  notificationVipSaveTemplateCall,
  notificationVipPreviewTemplateCall,
  notificationVipSendTestCall,
  notificationVipLogPageListCall,
} from '@waystation/shared/contract/notification';
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
  api(app, notificationWebhookListCall, {
    permission: WEBHOOK,
    summary: 'Webhook endpoints of events out (secrets shown by their last characters)',
    handler: () => webhooks.listEndpoints(db, secrets),
  });
  api(app, notificationWebhookSaveCall, {
    permission: WEBHOOK,
    summary: 'Add (answers the signing secret, once) or edit a webhook endpoint',
    handler: ({ body, actor, now: at }) => webhooks.saveEndpoint(db, secrets, actor, body, at),
  });
  api(app, notificationWebhookModifyStatusCall, {
    permission: WEBHOOK,
    summary: 'Enable or disable a webhook endpoint',
    handler: ({ body, actor, now: at }) => webhooks.setEndpointStatus(db, actor, body.id, body.status, at),
  });
  api(app, notificationSiteKeyListCall, {
    permission: SITE_KEY,
    summary: 'Member sites’ API keys (their prefixes; the keys themselves are never shown again)',
    handler: () => siteKeys.listKeys(db),
  });
  api(app, notificationSiteKeyCreateCall, {
    permission: SITE_KEY,
    summary: 'Create a member site’s API key (answered once, in full)',
    handler: ({ body, actor, now: at }) => siteKeys.createKey(db, actor, body.name, at),
  });
  api(app, notificationSiteKeyModifyStatusCall, {
    permission: SITE_KEY,
    summary: 'Disable or enable a member site’s API key',
    handler: ({ body, actor, now: at }) => siteKeys.setKeyStatus(db, actor, body.id, body.status, at),
  });
  api(app, notificationSiteKeyModifyLimitsCall, {
    permission: SITE_KEY,
    summary: 'A member site’s API key: its own calls a minute (null: 6,000) and the address ranges it may be used from (empty: anywhere)',
    handler: ({ body, actor, now: at }) => siteKeys.setKeyLimits(db, actor, body, at),
  });
  api(app, notificationWebhookDeliveriesCall, {
    permission: WEBHOOK,
    summary: 'The delivery log of events out (webhooks and member notifications), newest first, with the backlog',
    handler: ({ query, now: at }) => webhooks.listDeliveries(db, query, at),
  });
  api(app, notificationWebhookResendCall, {
    permission: WEBHOOK,
    summary: 'Deliver an event again (due now)',
    handler: async ({ body, actor, now: at }) => {
      await webhooks.resendDelivery(db, actor, body.id, at);
      void ctx.events.run();
      return null;
    },
  });
  api(app, notificationVipChannelListCall, {
    permission: VIP,
    summary: 'Member notification channels (secrets masked)',
    handler: () => service.listChannels(db),
  });
  api(app, notificationVipChannelDetailCall, {
    permission: VIP,
    summary: 'One channel (secrets masked)',
    handler: ({ query }) => service.getChannel(db, query.id),
  });
  api(app, notificationVipSaveChannelCall, {
    permission: VIP,
    summary: 'Create or edit a channel; empty secrets keep the stored ones',
    handler: ({ body, actor, now: at }) => service.saveChannel(db, app.services.secrets, actor, body, at),
  });
  api(app, notificationVipModifyChannelStatusCall, {
    permission: VIP,
    summary: 'Enable or disable a channel',
    handler: ({ query, actor, now: at }) => service.modifyChannelStatus(db, actor, query.id, query.status, at).then(() => null),
  });
  api(app, notificationVipTemplateListCall, {
    permission: VIP,
    summary: 'Templates per event and channel type',
    handler: () => service.listTemplates(db),
  });
  api(app, notificationVipSaveTemplateCall, {
    permission: VIP,
    summary: 'Save a template',
    handler: ({ body, actor, now: at }) => service.saveTemplate(db, actor, body, at).then(() => null),
  });
  api(app, notificationVipPreviewTemplateCall, {
    permission: VIP,
    summary: 'Render a template with sample values',
    handler: async ({ body }) => service.previewTemplate(body),
  });
  api(app, notificationVipSendTestCall, {
    permission: VIP,
    summary: 'Send a test message through a channel and log it',
    handler: ({ body, actor }) => service.testSend(db, app.services.secrets, actor, body, now),
  });
  api(app, notificationVipLogPageListCall, {
    permission: VIP,
    summary: 'Delivery log',
    handler: ({ query }) => service.listLogs(db, query),
  });
}
