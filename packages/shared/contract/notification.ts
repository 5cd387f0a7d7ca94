import { z } from 'zod';
import { numberWith, RuleMessage } from '../rules';
import { NotifyChannelType, NotifyEvent } from '../vocab/config-content';
import { PageQuery, pageOf, queryInt, textFilter } from './common';
import { statusField, IdQuery, SaveResult, ModifyConfigStatusQuery } from './reference';
import { defineCall } from './call';

const url = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s]+$/, RuleMessage.url);
/** Secrets: on edit an empty value keeps the stored one (the browser never receives it to send back). */
const secret = z.string().max(500).default('');

export const EmailConfig = z.strictObject({
  host: z.string().trim().min(1, '请输入SMTP服务器').max(200),
  port: numberWith(RuleMessage.positiveInteger).int(RuleMessage.positiveInteger).min(1, RuleMessage.positiveInteger).max(65535),
  secure: z.boolean().default(false),
  username: z.string().max(200).default(''),
  password: secret,
  from: z.string().trim().email('请输入正确的发件邮箱'),
});
export const DiscordConfig = z.strictObject({ webhookUrl: secret.refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), RuleMessage.url) });
export const TelegramConfig = z.strictObject({
  botToken: secret,
  chatId: z.string().trim().max(100).default(''),
  apiBase: url.default('https://api.telegram.org'),
});
export const SiteConfig = z.strictObject({});

/** Which config keys are secrets, per channel type. */
export const SECRET_KEYS: Record<string, readonly string[]> = { email: ['password'], discord: ['webhookUrl'], telegram: ['botToken'], site: [] };

export const NotifyChannelSaveBody = z.discriminatedUnion('type', [
  z.strictObject({
    id: z.number().int().positive().optional(),
    type: z.literal('email'),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    config: EmailConfig,
    events: z.array(z.enum(NotifyEvent.values)).default([]),
    status: statusField.default('activity'),
  }),
  z.strictObject({
    id: z.number().int().positive().optional(),
    type: z.literal('discord'),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    config: DiscordConfig,
    events: z.array(z.enum(NotifyEvent.values)).default([]),
    status: statusField.default('activity'),
  }),
  z.strictObject({
    id: z.number().int().positive().optional(),
    type: z.literal('telegram'),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    config: TelegramConfig,
    events: z.array(z.enum(NotifyEvent.values)).default([]),
    status: statusField.default('activity'),
  }),
  z.strictObject({
    id: z.number().int().positive().optional(),
    type: z.literal('site'),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    config: SiteConfig.default({}),
    events: z.array(z.enum(NotifyEvent.values)).default([]),
    status: statusField.default('activity'),
  }),
]);
export type NotifyChannelSaveBody = z.input<typeof NotifyChannelSaveBody>;

export const NotifyChannel = z.object({
  id: z.number().int(),
  type: z.enum(NotifyChannelType.values),
  name: z.string(),
  /** Secrets come back masked (last 4 characters only) with `<key>Set` telling whether one is stored. */
  config: z.record(z.string(), z.unknown()),
  events: z.array(z.string()),
  status: statusField,
  lastSentAt: z.string().nullable(),
  modifyTime: z.string(),
});
export type NotifyChannel = z.infer<typeof NotifyChannel>;
export const NotifyChannelList = z.array(NotifyChannel);

export const NotifyTemplate = z.object({
  event: z.enum(NotifyEvent.values),
  channelType: z.enum(NotifyChannelType.values),
  subject: z.string(),
  body: z.string(),
  status: statusField,
  variables: z.array(z.string()),
  saved: z.boolean(),
});
export type NotifyTemplate = z.infer<typeof NotifyTemplate>;
export const NotifyTemplateList = z.array(NotifyTemplate);
export const NotifyTemplateSaveBody = z.strictObject({
  event: z.enum(NotifyEvent.values),
  channelType: z.enum(NotifyChannelType.values),
  subject: z.string().max(200).default(''),
  body: z.string().trim().min(1, '请输入模板内容').max(10_000),
  status: statusField.default('activity'),
});
export type NotifyTemplateSaveBody = z.input<typeof NotifyTemplateSaveBody>;
export const NotifyPreviewBody = z.strictObject({ event: z.enum(NotifyEvent.values), subject: z.string().max(200).default(''), body: z.string().max(10_000) });
export type NotifyPreviewBody = z.input<typeof NotifyPreviewBody>;
export const NotifyPreviewResult = z.object({ subject: z.string(), body: z.string(), unknownVariables: z.array(z.string()) });
export type NotifyPreviewResult = z.infer<typeof NotifyPreviewResult>;

export const NotifyTestSendBody = z.strictObject({
  channelId: z.number().int().positive(),
  event: z.enum(NotifyEvent.values),
  /** Email address, or a member code for site messages; Discord and Telegram send to the configured target. */
  recipient: z.string().trim().max(200).default(''),
});
export type NotifyTestSendBody = z.input<typeof NotifyTestSendBody>;

export const NotifyLog = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelType: z.string(),
  event: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string(),
  test: z.boolean(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type NotifyLog = z.infer<typeof NotifyLog>;
export const NotifyLogListQuery = PageQuery.extend({
  channelId: queryInt(1, 2_147_483_647).optional(),
  status: z.enum(['sent', 'failed']).optional(),
  event: z.enum(NotifyEvent.values).optional(),
  recipient: textFilter,
});
export type NotifyLogListQuery = z.infer<typeof NotifyLogListQuery>;
export const NotifyLogListResult = pageOf(NotifyLog);

// ---------------------------------------------------------------- webhooks (events out, issue 13)

/** The event types a webhook endpoint may subscribe to ('*' = all): every machine's transitions, top-ups. */
export const WEBHOOK_EVENT_PREFIXES = ['purchase.', 'package.', 'afterSales.refund.', 'topup.'] as const;
const webhookEventType = z
  .string()
  .max(60)
  .refine((s) => s === '*' || WEBHOOK_EVENT_PREFIXES.some((p) => s.startsWith(p) && /^[A-Za-z_.]+$/.test(s)), '事件类型不正确');

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.enum(['activity', 'disabled']),
  /** The signing secret's last characters only: the whole secret is shown once, when the endpoint is created. */
  secretHint: z.string(),
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
  createTime: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.array(WebhookEndpoint);
export const WebhookSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, '请输入名称').max(60, '名称最多60个字符'),
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/, RuleMessage.url),
  events: z.array(webhookEventType).max(50).default([]),
});
export const WebhookSaveResult = z.object({ id: z.number().int(), secret: z.string().nullable() });
export const WebhookStatusBody = z.strictObject({ id: z.number().int().positive(), status: z.enum(['activity', 'disabled']) });

export const EventDelivery = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventType: z.string(),
  userCode: z.string(),
  entityNo: z.string(),
  target: z.enum(['webhook', 'notify']),
  targetId: z.number().int(),
  targetName: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string(),
  nextAttemptTime: z.string().nullable(),
  deliveredTime: z.string().nullable(),
  eventTime: z.string(),
});
export type EventDelivery = z.infer<typeof EventDelivery>;
export type EventDeliveryListQuery = z.input<typeof EventDeliveryListQuery>;
export const EventDeliveryListQuery = PageQuery.extend({
  target: z.enum(['webhook', 'notify']).optional(),
  targetId: queryInt(1, 2_147_483_647).optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
});
export const EventDeliveryListResult = pageOf(EventDelivery).extend({ backlog: z.object({ pending: z.number().int(), oldestAgeMs: z.number().int() }) });
export const DeliveryResendBody = z.strictObject({ id: z.number().int().positive() });

/** A member site's API key for server-to-server calls to the open API (X-Api-Key); the key itself is shown once. */
export const SiteKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  status: z.enum(['activity', 'disabled']),
  creatorName: z.string(),
  lastUsedTime: z.string().nullable(),
  createTime: z.string(),
  /** The key's own calls a minute, for every member it acts for together; null: the default (SITE_KEY_RATE). */
  ratePerMinute: z.number().int().nullable(),
  /** The addresses (CIDRs) the key may be used from; empty: anywhere. */
  allowedCidrs: z.array(z.string()),
});
export type SiteKey = z.infer<typeof SiteKey>;
/** A site key's calls a minute unless the key sets less. */
export const SITE_KEY_RATE = 6000;
/** An IPv4 or IPv6 address, optionally with /prefix (checked for real on the server). */
/** One allowed address or range: an IPv4/IPv6 address or CIDR, each part in range (203.0.113.300 is not one). */
const AddressOrRange = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: '请输入 IP 地址或网段，如 203.0.113.0/24' }));
/** Limits of a site key: its calls a minute (null: the default) and the address ranges it may be used from. */
export const SiteKeyLimitsBody = z.strictObject({
  id: z.number().int().positive(),
  ratePerMinute: z.number().int().min(1, '每分钟至少1次').max(SITE_KEY_RATE, `每分钟最多${SITE_KEY_RATE}次`).nullable(),
  allowedCidrs: z.array(AddressOrRange).max(20, '最多20个地址段'),
});
export const SiteKeyList = z.array(SiteKey);
export const SiteKeyCreateBody = z.strictObject({ name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(60, '名称最多60个字符') });
export const SiteKeyCreated = z.object({ id: z.number().int(), key: z.string() });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const notificationWebhookListCall = defineCall({ method: 'GET', url: '/api/notification/webhook/list', data: WebhookEndpointList });
export const notificationWebhookSaveCall = defineCall({
  method: 'POST',
  url: '/api/notification/webhook/save',
  body: WebhookSaveBody,
  data: WebhookSaveResult,
});
export const notificationWebhookModifyStatusCall = defineCall({
  method: 'POST',
  url: '/api/notification/webhook/modifyStatus',
  body: WebhookStatusBody,
  data: z.null(),
});
export const notificationSiteKeyListCall = defineCall({ method: 'GET', url: '/api/notification/siteKey/list', data: SiteKeyList });
export const notificationSiteKeyCreateCall = defineCall({
  method: 'POST',
  url: '/api/notification/siteKey/create',
  body: SiteKeyCreateBody,
  data: SiteKeyCreated,
});
export const notificationSiteKeyModifyStatusCall = defineCall({
  method: 'POST',
  url: '/api/notification/siteKey/modifyStatus',
  body: WebhookStatusBody,
  data: z.null(),
});
export const notificationSiteKeyModifyLimitsCall = defineCall({
  method: 'POST',
  url: '/api/notification/siteKey/modifyLimits',
  body: SiteKeyLimitsBody,
  data: z.null(),
});
export const notificationWebhookDeliveriesCall = defineCall({
  method: 'GET',
  url: '/api/notification/webhook/deliveries',
  query: EventDeliveryListQuery,
  data: EventDeliveryListResult,
});
export const notificationWebhookResendCall = defineCall({ method: 'POST', url: '/api/notification/webhook/resend', body: DeliveryResendBody, data: z.null() });
export const notificationVipChannelListCall = defineCall({ method: 'GET', url: '/api/notification/vip/channelList', data: NotifyChannelList });
export const notificationVipChannelDetailCall = defineCall({ method: 'GET', url: '/api/notification/vip/channelDetail', query: IdQuery, data: NotifyChannel });
export const notificationVipSaveChannelCall = defineCall({
  method: 'POST',
  url: '/api/notification/vip/saveChannel',
  body: NotifyChannelSaveBody,
  data: SaveResult,
});
export const notificationVipModifyChannelStatusCall = defineCall({
  method: 'GET',
  url: '/api/notification/vip/modifyChannelStatus',
  query: ModifyConfigStatusQuery,
  data: z.null(),
});
export const notificationVipTemplateListCall = defineCall({ method: 'GET', url: '/api/notification/vip/templateList', data: NotifyTemplateList });
export const notificationVipSaveTemplateCall = defineCall({
  method: 'POST',
  url: '/api/notification/vip/saveTemplate',
  body: NotifyTemplateSaveBody,
  data: z.null(),
});
export const notificationVipPreviewTemplateCall = defineCall({
  method: 'POST',
  url: '/api/notification/vip/previewTemplate',
  body: NotifyPreviewBody,
  data: NotifyPreviewResult,
});
export const notificationVipSendTestCall = defineCall({ method: 'POST', url: '/api/notification/vip/sendTest', body: NotifyTestSendBody, data: NotifyLog });
export const notificationVipLogPageListCall = defineCall({
  method: 'GET',
  url: '/api/notification/vip/logPageList',
  query: NotifyLogListQuery,
  data: NotifyLogListResult,
});
