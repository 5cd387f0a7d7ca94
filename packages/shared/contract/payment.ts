import { z } from 'zod';
import { RuleMessage, positiveAmount } from '../rules';
import { PaymentGateway, PaymentProvider, PaymentScenario } from '../vocab/config-content';
import { PageQuery, pageOf, queryInt, textFilter } from './common';
import { countryCode, currencyCode, intField, moneyText, statusField, IdQuery, SaveResult, ModifyConfigStatusQuery } from './reference';
import { defineCall } from './call';

const percentText = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, RuleMessage.percentage)
  .refine((s) => Number(s) >= 0 && Number(s) <= 100, RuleMessage.percentage);

// ---------------------------------------------------------------- channels

export const PaymentChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  providerType: z.enum(PaymentProvider.values),
  currencies: z.array(z.string()),
  feeBp: z.number().int(),
  fixedFee: z.number().int(),
  currency: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  countries: z.array(z.string()),
  logo: z.string(),
  remark: z.string(),
  sort: z.number().int(),
  status: statusField,
  /** Enabled rules that offer this channel. */
  ruleCount: z.number().int(),
  modifyTime: z.string(),
  /** The provider that takes the money ('' = none: the channel is only listed). */
  gateway: z.union([z.enum(PaymentGateway.values), z.literal('')]),
  apiBase: z.string(),
  /** The provider's keys masked (••••1234), '' when not set: never returned in full. */
  secretKey: z.string(),
  webhookSecret: z.string(),
  /** Alipay: the app's id on the open platform, and the app private key masked like the keys above. */
  appId: z.string(),
  privateKey: z.string(),
  /** Alipay: Alipay's public key (PEM; not secret: it checks Alipay's signatures). */
  alipayPublicKey: z.string(),
  /** Alipay: this server's public address; each payment tells Alipay to post its notification to it + notifyPath. */
  notifyBase: z.string(),
  /** PayPal: the REST app's client id, its client secret masked like the keys above, the webhook's id (not secret). */
  clientId: z.string(),
  clientSecret: z.string(),
  webhookId: z.string(),
  /** Where the provider sends its signed notifications for this channel (the member API's address on this server). */
  notifyPath: z.string(),
});
export type PaymentChannel = z.infer<typeof PaymentChannel>;

/** A provider key: on edit an empty value keeps the stored one (the browser never receives it to send back). */
const providerKey = z
  .string()
  .trim()
  .max(500)
  .regex(/^[\x21-\x7e]*$/, '密钥只能包含可见的 ASCII 字符');
/** An RSA key as PEM or bare Base64 (Alipay's key tool writes the latter). */
const rsaKeyText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[A-Za-z0-9+/=\s-]*$/, '密钥只能是 PEM 或 Base64 文本');
/** http(s)://host[:port], empty allowed. */
const originText = z
  .string()
  .trim()
  .max(300)
  .refine((s) => s === '' || /^https?:\/\/[^\s/?#]+\/?$/.test(s), '请输入 http(s)://主机[:端口] 形式的地址');
export const PaymentChannelListQuery = PageQuery.extend({
  keyword: textFilter,
  providerType: z.enum(PaymentProvider.values).optional(),
  status: statusField.optional(),
});
export type PaymentChannelListQuery = z.infer<typeof PaymentChannelListQuery>;
export const PaymentChannelListResult = pageOf(PaymentChannel);
export const PaymentChannelSaveBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    providerType: z.enum(PaymentProvider.values, { error: '请选择支付类型' }),
    currencies: z.array(currencyCode).min(1, RuleMessage.arrayNotEmpty).max(30),
    feePercent: percentText.default('0'),
    fixedFee: moneyText.default('0'),
    /** Currency of the fixed fee and of the amount limits. */
    currency: currencyCode,
    minAmount: moneyText.default('0'),
    maxAmount: moneyText.default('0'),
    countries: z.array(countryCode).max(300).default([]),
    logo: z.string().max(1000).default(''),
    remark: z.string().max(500).default(''),
    sort: intField(100000).default(0),
    status: statusField.default('activity'),
    gateway: z.union([z.enum(PaymentGateway.values), z.literal('')]).default(''),
    /** The provider's API address; empty = its official one (Alipay: the host of its gateway.do; PayPal: api-m.paypal.com). */
    apiBase: originText.default(''),
    secretKey: providerKey.default(''),
    webhookSecret: providerKey.default(''),
    /** Alipay: the app's id; the app private key (PKCS#1 or PKCS#8; empty on edit keeps it); Alipay's public key. */
    appId: z
      .string()
      .trim()
      .regex(/^\d{0,32}$/, 'AppID 是支付宝开放平台的应用编号（数字）')
      .default(''),
    privateKey: rsaKeyText(8000).default(''),
    alipayPublicKey: rsaKeyText(4000).default(''),
    notifyBase: originText.default(''),
    /** PayPal: the REST app's client id and secret (empty on edit keeps it); the webhook's id from PayPal's dashboard. */
    clientId: providerKey.default(''),
    clientSecret: providerKey.default(''),
    webhookId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{0,50}$/, 'Webhook ID 只能包含字母和数字')
      .default(''),
  })
  .refine((b) => Number(b.maxAmount) === 0 || Number(b.maxAmount) >= Number(b.minAmount), { path: ['maxAmount'], message: '最大金额不能小于最小金额' });
export type PaymentChannelSaveBody = z.input<typeof PaymentChannelSaveBody>;

// ---------------------------------------------------------------- rules

export const PaymentRule = z.object({
  id: z.number().int(),
  name: z.string(),
  scenario: z.enum(PaymentScenario.values),
  agentIds: z.array(z.number().int()),
  levelIds: z.array(z.number().int()),
  currency: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  channelIds: z.array(z.number().int()),
  channelNames: z.array(z.string()),
  priority: z.number().int(),
  status: statusField,
  remark: z.string(),
  modifyTime: z.string(),
});
export type PaymentRule = z.infer<typeof PaymentRule>;
export const PaymentRuleListQuery = PageQuery.extend({
  scenario: z.enum(PaymentScenario.values).optional(),
  status: statusField.optional(),
  keyword: textFilter,
});
export type PaymentRuleListQuery = z.infer<typeof PaymentRuleListQuery>;
export const PaymentRuleListResult = pageOf(PaymentRule);
export const PaymentRuleSaveBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入规则名称').max(100),
    scenario: z.enum(PaymentScenario.values, { error: '请选择支付场景' }),
    agentIds: z.array(z.number().int().positive()).max(500).default([]),
    levelIds: z.array(z.number().int().positive()).max(100).default([]),
    currency: currencyCode,
    minAmount: moneyText.default('0'),
    maxAmount: moneyText.default('0'),
    channelIds: z.array(z.number().int().positive()).min(1, RuleMessage.arrayNotEmpty).max(50),
    priority: intField(100000).default(0),
    status: statusField.default('activity'),
    remark: z.string().max(500).default(''),
  })
  .refine((b) => Number(b.maxAmount) === 0 || Number(b.maxAmount) >= Number(b.minAmount), { path: ['maxAmount'], message: '最大金额不能小于最小金额' })
  .refine((b) => new Set(b.channelIds).size === b.channelIds.length, { path: ['channelIds'], message: '支付渠道不能重复' });
export type PaymentRuleSaveBody = z.input<typeof PaymentRuleSaveBody>;

export const PaymentRuleOptions = z.object({
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  levels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), providerType: z.string(), currencies: z.array(z.string()), status: z.string() })),
});
export type PaymentRuleOptions = z.infer<typeof PaymentRuleOptions>;

/** POST /api/payment/rulePreview: what a member of level X on agent Y paying Z sees. */
export const PaymentPreviewBody = z.strictObject({
  scenario: z.enum(PaymentScenario.values),
  agentId: z.number().int().positive().nullable().default(null),
  levelId: z.number().int().positive().nullable().default(null),
  amount: positiveAmount,
  currency: currencyCode,
  countryCode: countryCode.optional(),
});
export type PaymentPreviewBody = z.input<typeof PaymentPreviewBody>;
/** A channel a member may pay through, with what it costs (the staff preview and the member API's payments/methods). */
export const PaymentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  providerType: z.string(),
  /** Who takes the money ('' = the channel is only listed and cannot be paid through here). */
  gateway: z.string(),
  logo: z.string(),
  /** Fee and total in minor units of the payment currency. */
  fee: z.number().int(),
  total: z.number().int(),
});
export const PaymentPreviewResult = z.object({
  rule: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  channels: z.array(PaymentOption),
  excluded: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
  currency: z.string(),
  amount: z.number().int(),
});
export type PaymentPreviewResult = z.infer<typeof PaymentPreviewResult>;
export const RuleIdQuery = z.strictObject({ id: queryInt(1, 2_147_483_647) });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const paymentChannelPageListCall = defineCall({
  method: 'GET',
  url: '/api/payment/channelPageList',
  query: PaymentChannelListQuery,
  data: PaymentChannelListResult,
});
export const paymentChannelDetailCall = defineCall({ method: 'GET', url: '/api/payment/channelDetail', query: IdQuery, data: PaymentChannel });
export const paymentSaveChannelCall = defineCall({ method: 'POST', url: '/api/payment/saveChannel', body: PaymentChannelSaveBody, data: SaveResult });
export const paymentModifyChannelStatusCall = defineCall({
  method: 'GET',
  url: '/api/payment/modifyChannelStatus',
  query: ModifyConfigStatusQuery,
  data: z.null(),
});
export const paymentRulePageListCall = defineCall({
  method: 'GET',
  url: '/api/payment/rulePageList',
  query: PaymentRuleListQuery,
  data: PaymentRuleListResult,
});
export const paymentRuleDetailCall = defineCall({ method: 'GET', url: '/api/payment/ruleDetail', query: RuleIdQuery, data: PaymentRule });
export const paymentRuleOptionsCall = defineCall({ method: 'GET', url: '/api/payment/ruleOptions', data: PaymentRuleOptions });
export const paymentSaveRuleCall = defineCall({ method: 'POST', url: '/api/payment/saveRule', body: PaymentRuleSaveBody, data: SaveResult });
export const paymentModifyRuleStatusCall = defineCall({ method: 'GET', url: '/api/payment/modifyRuleStatus', query: ModifyConfigStatusQuery, data: z.null() });
export const paymentDeleteRuleCall = defineCall({ method: 'GET', url: '/api/payment/deleteRule', query: IdQuery, data: z.null() });
export const paymentRulePreviewCall = defineCall({ method: 'POST', url: '/api/payment/rulePreview', body: PaymentPreviewBody, data: PaymentPreviewResult });
