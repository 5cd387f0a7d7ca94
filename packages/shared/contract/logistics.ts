import { z } from 'zod';
import { MAX_SIDE_MM, MAX_WEIGHT_G, optionalSideMm, RuleMessage, weightG } from '../rules';
import { ItemAttr } from '../vocab/config-content';
import { PageQuery, idParam, pageOf, queryInt, textFilter } from './common';
import { countryCode, currencyCode, intField, moneyText, positiveIntField, statusField, IdQuery, SaveResult, ModifyConfigStatusQuery } from './reference';
import { defineCall } from './call';

// ---------------------------------------------------------------- forwarders

/** The carriers a forwarder's account can be with ('' = none). */
export const FORWARDER_CARRIERS = ['', 'easypost', 'shippo', 'sandbox'] as const;
export type ForwarderCarrier = (typeof FORWARDER_CARRIERS)[number];
const senderText = (max: number) => z.string().trim().max(max).default('');
/** The sender's address a carrier books with (EasyPost's from_address, Shippo's address_from). */
export const CarrierSender = z.strictObject({
  name: senderText(100),
  company: senderText(100),
  street1: senderText(200),
  street2: senderText(200),
  city: senderText(100),
  state: senderText(100),
  zip: senderText(20),
  country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, '国家请填两位大写字母代码')]).default(''),
  phone: senderText(50),
});
export type CarrierSender = z.infer<typeof CarrierSender>;

export const Forwarder = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  website: z.string(),
  trackingUrl: z.string(),
  status: statusField,
  remark: z.string(),
  channelCount: z.number().int(),
  /** The carrier account that books shipments at packing (issue #33.2): '' = none, our own label prints. */
  carrier: z.enum(FORWARDER_CARRIERS),
  apiBase: z.string(),
  /** The key as ••••1234 ('' when none is stored); never the key. */
  apiKeyHint: z.string(),
  carrierService: z.string(),
  sender: CarrierSender,
  createTime: z.string(),
  modifyTime: z.string(),
});
export type Forwarder = z.infer<typeof Forwarder>;
export const ForwarderListQuery = PageQuery.extend({ keyword: textFilter, status: statusField.optional() });
export type ForwarderListQuery = z.infer<typeof ForwarderListQuery>;
export const ForwarderListResult = pageOf(Forwarder);
const optionalUrl = z.union([z.literal(''), z.string().regex(/^(https?:\/\/)?([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}(:\d{1,5})?(\/[^\s]*)?$/, RuleMessage.url)]);
export const ForwarderSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,32}$/, '请输入2~32位字母、数字、下划线或横线'),
  name: z.string().trim().min(1, '请输入货代名称').max(100),
  contactName: z.string().trim().max(50).default(''),
  phone: z.string().trim().max(50).default(''),
  website: optionalUrl.default(''),
  /** Tracking page; {trackingNo} is replaced by the number. */
  trackingUrl: z.string().max(500).default(''),
  status: statusField.default('activity'),
  remark: z.string().max(500).default(''),
  carrier: z.enum(FORWARDER_CARRIERS).default(''),
  /** '' = the carrier's own API address. */
  apiBase: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^https?:\/\/[^\s]+$/, RuleMessage.url),
    ])
    .default(''),
  /** Empty on edit keeps the stored key. */
  apiKey: z.string().trim().max(500).default(''),
  /** The carrier's service to buy ('' = the cheapest rate). */
  carrierService: z.string().trim().max(100).default(''),
  sender: CarrierSender.default(CarrierSender.parse({})),
});
export type ForwarderSaveBody = z.input<typeof ForwarderSaveBody>;

// ---------------------------------------------------------------- ship channels

export const ShipChannel = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  forwarderId: z.number().int().nullable(),
  forwarderName: z.string(),
  currency: z.string(),
  deliveryMinDays: z.number().int(),
  deliveryMaxDays: z.number().int(),
  description: z.string(),
  status: statusField,
  sort: z.number().int(),
  areaCount: z.number().int(),
  countryCount: z.number().int(),
  /** Attributes this channel allows. */
  allowedAttrs: z.array(z.string()),
  /** Customs (issue #33): the most a package may declare, minor units of the channel's currency (0 = no limit). */
  customsMaxValue: z.number().int(),
  /** HS code prefixes the channel refuses. */
  customsForbiddenHs: z.array(z.string()),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type ShipChannel = z.infer<typeof ShipChannel>;

export const ChannelListQuery = PageQuery.extend({
  keyword: textFilter,
  status: statusField.optional(),
  forwarderId: queryInt(1, 2_147_483_647).optional(),
  countryCode: countryCode.optional(),
});
export type ChannelListQuery = z.infer<typeof ChannelListQuery>;
export const ChannelListResult = pageOf(ShipChannel);

export const ChannelSaveBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,32}$/, '请输入2~32位字母、数字、下划线或横线'),
    name: z.string().trim().min(1, '请输入渠道名称').max(100),
    nameEn: z.string().trim().max(100).default(''),
    forwarderId: z.number().int().positive().nullable().default(null),
    currency: currencyCode.default('CNY'),
    deliveryMinDays: intField(365),
    deliveryMaxDays: intField(365),
    description: z.string().max(2000).default(''),
    status: statusField.default('activity'),
    sort: intField(100000).default(0),
    customsMaxValue: z.number().int('金额以分为单位').min(0, '申报价值上限不能小于0').max(100_000_000, '申报价值上限过大').default(0),
    customsForbiddenHs: z
      .array(z.string().regex(/^\d{2,10}$/, 'HS编码前缀为2~10位数字'))
      .max(100, '最多100个禁运HS编码前缀')
      .default([]),
  })
  .refine((b) => b.deliveryMaxDays >= b.deliveryMinDays, { path: ['deliveryMaxDays'], message: '最长时效不能小于最短时效' });
export type ChannelSaveBody = z.input<typeof ChannelSaveBody>;

/** GET /api/logistics/getShipChannel: enabled channels for selectors. */
export const ShipChannelOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  currency: z.string(),
  deliveryMinDays: z.number().int(),
  deliveryMaxDays: z.number().int(),
});
export const ShipChannelOptions = z.array(ShipChannelOption);
export const CountryOption = z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string(), regionId: z.number().int().nullable() });
export const CountryOptions = z.array(CountryOption);

// ---------------------------------------------------------------- channel attributes

export const ChannelAttr = z.object({ attr: z.enum(ItemAttr.values), allowed: z.boolean(), surcharge: z.number().int() });
export type ChannelAttr = z.infer<typeof ChannelAttr>;
export const ChannelIdQuery = z.strictObject({ channelId: idParam });
export type ChannelIdQuery = z.infer<typeof ChannelIdQuery>;
/** Every attribute of the vocabulary, with this channel's decision (missing rows read as refused). */
export const ChannelAttrList = z.array(ChannelAttr);
export const BindChannelAttrBody = z.strictObject({
  channelId: z.number().int().positive(),
  attrs: z
    .array(z.strictObject({ attr: z.enum(ItemAttr.values), allowed: z.boolean(), surcharge: moneyText.default('0') }))
    .max(ItemAttr.values.length)
    .refine((a) => new Set(a.map((x) => x.attr)).size === a.length, '属性不能重复'),
});
export type BindChannelAttrBody = z.input<typeof BindChannelAttrBody>;

// ---------------------------------------------------------------- country areas (zones) and their freight rules

export const ChannelArea = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  name: z.string(),
  countries: z.array(z.string()),
  currency: z.string(),
  firstWeightG: z.number().int(),
  firstPrice: z.number().int(),
  continuedWeightG: z.number().int(),
  continuedPrice: z.number().int(),
  volumetricDivisor: z.number().int(),
  minWeightG: z.number().int(),
  maxWeightG: z.number().int(),
  maxSideMm: z.number().int(),
  fuelSurchargeBp: z.number().int(),
  handlingFee: z.number().int(),
  deliveryMinDays: z.number().int().nullable(),
  deliveryMaxDays: z.number().int().nullable(),
  status: statusField,
  sort: z.number().int(),
  modifyTime: z.string(),
});
export type ChannelArea = z.infer<typeof ChannelArea>;
export const ChannelAreaList = z.array(ChannelArea);

/** Fuel surcharge as a percentage text with ≤ 2 places, 0–100. */
const percentText = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, RuleMessage.percentage)
  .refine((s) => Number(s) >= 0 && Number(s) <= 100, RuleMessage.percentage);

export const AreaSaveBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    channelId: z.number().int().positive(),
    name: z.string().trim().min(1, '请输入区域名称').max(100),
    countries: z.array(countryCode).min(1, RuleMessage.arrayNotEmpty).max(300),
    firstWeightG: positiveIntField(MAX_WEIGHT_G),
    firstPrice: moneyText,
    continuedWeightG: positiveIntField(MAX_WEIGHT_G),
    continuedPrice: moneyText,
    volumetricDivisor: intField(100_000).default(0),
    minWeightG: intField(MAX_WEIGHT_G).default(0),
    maxWeightG: intField(MAX_WEIGHT_G).default(0),
    maxSideMm: intField(MAX_SIDE_MM).default(0),
    fuelSurchargePercent: percentText.default('0'),
    handlingFee: moneyText.default('0'),
    deliveryMinDays: intField(365).nullable().default(null),
    deliveryMaxDays: intField(365).nullable().default(null),
    status: statusField.default('activity'),
    sort: intField(100000).default(0),
  })
  .refine((b) => !b.maxWeightG || b.minWeightG <= b.maxWeightG, { path: ['maxWeightG'], message: '最大重量不能小于最小重量' })
  .refine((b) => new Set(b.countries).size === b.countries.length, { path: ['countries'], message: '国家不能重复' });
export type AreaSaveBody = z.input<typeof AreaSaveBody>;

// ---------------------------------------------------------------- provinces

export const Province = z.object({
  id: z.number().int(),
  countryCode: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  remoteFee: z.number().int(),
  status: statusField,
  sort: z.number().int(),
});
export type Province = z.infer<typeof Province>;
export const ProvinceListQuery = z.strictObject({ countryCode: countryCode, keyword: textFilter });
export type ProvinceListQuery = z.infer<typeof ProvinceListQuery>;
export const ProvinceList = z.array(Province);
export const ProvinceSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  countryCode,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,10}$/, '请输入1~10位字母或数字代码'),
  nameZh: z.string().trim().min(1, '请输入名称').max(100),
  nameEn: z.string().trim().min(1, '请输入英文名称').max(100),
  remoteFee: moneyText.default('0'),
  status: statusField.default('activity'),
  sort: intField(100000).default(0),
});
export type ProvinceSaveBody = z.input<typeof ProvinceSaveBody>;

// ---------------------------------------------------------------- ship/initData

const Option = z.object({ value: z.string(), label: z.string(), labelEn: z.string() });
export const ShipInitData = z.object({
  attrs: z.array(Option),
  forwarders: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  channels: ShipChannelOptions,
  countries: CountryOptions,
  currencies: z.array(z.object({ code: z.string(), nameZh: z.string() })),
});
export type ShipInitData = z.infer<typeof ShipInitData>;

// ---------------------------------------------------------------- freight calculator

export const FreightQuoteBody = z.strictObject({
  countryCode,
  weightG,
  lengthMm: optionalSideMm,
  widthMm: optionalSideMm,
  heightMm: optionalSideMm,
  attrs: z.array(z.enum(ItemAttr.values)).max(ItemAttr.values.length).default([]),
  /** Province code for its remote-area fee. */
  provinceCode: z.string().max(10).optional(),
});
export type FreightQuoteBody = z.input<typeof FreightQuoteBody>;

export const FreightQuote = z.object({
  channelId: z.number().int(),
  channelCode: z.string(),
  channelName: z.string(),
  areaId: z.number().int(),
  areaName: z.string(),
  currency: z.string(),
  deliveryMinDays: z.number().int(),
  deliveryMaxDays: z.number().int(),
  actualWeightG: z.number().int(),
  volumetricWeightG: z.number().int(),
  chargeableWeightG: z.number().int(),
  continuedSteps: z.number().int(),
  weightPrice: z.number().int(),
  fuelSurcharge: z.number().int(),
  handlingFee: z.number().int(),
  attrSurcharge: z.number().int(),
  remoteFee: z.number().int(),
  total: z.number().int(),
  /** The total in CNY minor units, for comparing channels priced in different currencies. */
  totalCny: z.number().int(),
});
export type FreightQuote = z.infer<typeof FreightQuote>;
export const FreightRefusalItem = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  /** refused_attr | no_zone | under_min_weight | over_max_weight | over_max_side */
  reason: z.string(),
  /** The refusal in Chinese; freightRefusalText(item, lang) says it in the reader's language from the fields below. */
  message: z.string(),
  attrs: z.array(z.string()).optional(),
  limit: z.number().int().optional(),
  chargeableWeightG: z.number().int().optional(),
});
export const FreightQuoteResult = z.object({ list: z.array(FreightQuote), refused: z.array(FreightRefusalItem) });
export type FreightQuoteResult = z.infer<typeof FreightQuoteResult>;

/** POST /api/logistics/packageFreight: the packing station prices a weighed parcel on its chosen channel. */
export const PackageFreightBody = FreightQuoteBody.extend({ channelId: z.number().int().positive() });
export type PackageFreightBody = z.input<typeof PackageFreightBody>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const logisticsGetShipChannelCall = defineCall({ method: 'GET', url: '/api/logistics/getShipChannel', data: ShipChannelOptions });
export const logisticsGetCountryCall = defineCall({ method: 'GET', url: '/api/logistics/getCountry', data: CountryOptions });
export const shipInitDataCall = defineCall({ method: 'GET', url: '/api/ship/initData', data: ShipInitData });
export const logisticsChannelPageListCall = defineCall({
  method: 'GET',
  url: '/api/logistics/channelPageList',
  query: ChannelListQuery,
  data: ChannelListResult,
});
export const logisticsChannelDetailCall = defineCall({ method: 'GET', url: '/api/logistics/channelDetail', query: IdQuery, data: ShipChannel });
export const logisticsSaveChannelCall = defineCall({ method: 'POST', url: '/api/logistics/saveChannel', body: ChannelSaveBody, data: SaveResult });
export const logisticsModifyChannelStatusCall = defineCall({
  method: 'GET',
  url: '/api/logistics/modifyChannelStatus',
  query: ModifyConfigStatusQuery,
  data: z.null(),
});
export const logisticsChannelAttrListCall = defineCall({ method: 'GET', url: '/api/logistics/channelAttrList', query: ChannelIdQuery, data: ChannelAttrList });
export const logisticsBindChannelAttrCall = defineCall({ method: 'POST', url: '/api/logistics/bindChannelAttr', body: BindChannelAttrBody, data: z.null() });
export const logisticsAreaListCall = defineCall({ method: 'GET', url: '/api/logistics/areaList', query: ChannelIdQuery, data: ChannelAreaList });
export const logisticsSaveAreaCall = defineCall({ method: 'POST', url: '/api/logistics/saveArea', body: AreaSaveBody, data: SaveResult });
export const logisticsDeleteAreaCall = defineCall({ method: 'GET', url: '/api/logistics/deleteArea', query: IdQuery, data: z.null() });
export const logisticsProvinceListCall = defineCall({ method: 'GET', url: '/api/logistics/provinceList', query: ProvinceListQuery, data: ProvinceList });
export const logisticsSaveProvinceCall = defineCall({ method: 'POST', url: '/api/logistics/saveProvince', body: ProvinceSaveBody, data: SaveResult });
export const forwarderPageListCall = defineCall({ method: 'GET', url: '/api/forwarder/pageList', query: ForwarderListQuery, data: ForwarderListResult });
export const forwarderSaveCall = defineCall({ method: 'POST', url: '/api/forwarder/save', body: ForwarderSaveBody, data: SaveResult });
export const logisticsFreightQuoteCall = defineCall({ method: 'POST', url: '/api/logistics/freightQuote', body: FreightQuoteBody, data: FreightQuoteResult });
export const logisticsPackageFreightCall = defineCall({ method: 'POST', url: '/api/logistics/packageFreight', body: PackageFreightBody, data: FreightQuote });
