import { z } from 'zod';
import { DECIMAL_2, RuleMessage, decimal2, numberWith } from '../rules';
import { ConfigStatus } from '../vocab/config-content';
import { PageQuery, idParam, pageOf, textFilter } from './common';
import { defineCall } from './call';

// ---------------------------------------------------------------- money and number helpers

/** "12.5" → 1250: decimal text with at most 2 places to integer minor units, exactly (no float maths). */
export function decimalToMinor(text: string): number {
  if (!DECIMAL_2.test(text)) throw new RangeError(`not a decimal with ≤ 2 places: ${text}`);
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** 1250 → "12.50". */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Non-negative integer (grams, millimetres, days, sort) with the SPEC's message. */
export const intField = (max = 2_000_000_000) => numberWith(RuleMessage.integer).int(RuleMessage.integer).min(0).max(max);
/** Positive integer with the SPEC's message. */
export const positiveIntField = (max = 2_000_000_000) =>
  numberWith(RuleMessage.positiveInteger).int(RuleMessage.positiveInteger).min(1, RuleMessage.positiveInteger).max(max);
/** Money as decimal text with ≤ 2 places (SPEC §5 decimal rule), possibly 0. */
export const moneyText = decimal2;

export const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, '请输入3~5位大写货币代码');
export const countryCode = z.string().regex(/^[A-Z]{2}$/, '请输入2位大写国家代码');
export const statusField = z.enum(ConfigStatus.values);
export const ModifyConfigStatusQuery = z.strictObject({ id: idParam, status: statusField });
export type ModifyConfigStatusQuery = z.infer<typeof ModifyConfigStatusQuery>;
export const IdQuery = z.strictObject({ id: idParam });
export type IdQuery = z.infer<typeof IdQuery>;
export const SaveResult = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- currencies

export const Currency = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  symbol: z.string(),
  minorDigits: z.number().int(),
  /** CNY for one unit, decimal text. */
  rate: z.string(),
  status: statusField,
  sort: z.number().int(),
  modifyTime: z.string(),
});
export type Currency = z.infer<typeof Currency>;

/** Exchange rate: positive decimal with at most 8 places. */
export const rateText = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, '请输入正数，最多8位小数')
  .refine((s) => Number(s) > 0, '汇率必须大于0');

export const CurrencySaveBody = z.strictObject({
  code: currencyCode,
  nameZh: z.string().trim().min(1, '请输入名称').max(50),
  nameEn: z.string().trim().min(1, '请输入英文名称').max(50),
  symbol: z.string().max(8).default(''),
  minorDigits: intField(4).default(2),
  rate: rateText,
  status: statusField.default('activity'),
  sort: intField(100000).default(0),
});
export type CurrencySaveBody = z.input<typeof CurrencySaveBody>;

// ---------------------------------------------------------------- regions and countries

export const Region = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  status: statusField,
  sort: z.number().int(),
});
export type Region = z.infer<typeof Region>;
export const RegionSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{2,20}$/, '请输入2~20位字母代码'),
  nameZh: z.string().trim().min(1, '请输入名称').max(50),
  nameEn: z.string().trim().min(1, '请输入英文名称').max(50),
  status: statusField.default('activity'),
  sort: intField(100000).default(0),
});
export type RegionSaveBody = z.input<typeof RegionSaveBody>;

export const Country = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  regionId: z.number().int().nullable(),
  status: statusField,
  sort: z.number().int(),
});
export type Country = z.infer<typeof Country>;
export const CountrySaveBody = z.strictObject({
  code: countryCode,
  nameZh: z.string().trim().min(1, '请输入名称').max(50),
  nameEn: z.string().trim().min(1, '请输入英文名称').max(50),
  regionId: z.number().int().positive().nullable().default(null),
  status: statusField.default('activity'),
  sort: intField(100000).default(0),
});
export type CountrySaveBody = z.input<typeof CountrySaveBody>;

export const ReferenceListQuery = z.strictObject({ status: statusField.optional(), keyword: textFilter });
export type ReferenceListQuery = z.infer<typeof ReferenceListQuery>;

// ---------------------------------------------------------------- shopping/initData

const Option = z.object({ value: z.string(), label: z.string(), labelEn: z.string() });
/** GET /api/shopping/initData: the SPEC §4 vocabularies with labels, keyed by vocabulary name. */
export const InitData = z.record(z.string(), z.array(Option));
export type InitData = z.infer<typeof InitData>;

// ---------------------------------------------------------------- params

export const Param = z.object({
  id: z.number().int(),
  paramKey: z.string(),
  paramValue: z.string(),
  name: z.string(),
  remark: z.string(),
  status: statusField,
  createTime: z.string(),
  modifyTime: z.string(),
});
export type Param = z.infer<typeof Param>;
export const ParamListQuery = PageQuery.extend({ keyword: textFilter, status: statusField.optional() });
export type ParamListQuery = z.infer<typeof ParamListQuery>;
export const ParamListResult = pageOf(Param);
const paramFields = {
  paramKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{1,63}$/, '参数键需为字母开头的2~64位字母、数字、点、下划线或横线'),
  paramValue: z.string().max(5000),
  name: z.string().trim().min(1, '请输入参数名称').max(100),
  remark: z.string().max(500).default(''),
};
export const ParamAddBody = z.strictObject({ ...paramFields, status: statusField.default('activity') });
export type ParamAddBody = z.input<typeof ParamAddBody>;
export const ParamEditBody = z.strictObject({ id: z.number().int().positive(), ...paramFields });
export type ParamEditBody = z.input<typeof ParamEditBody>;

// ---------------------------------------------------------------- app versions

export const VERSION_PATTERN = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;
export const AppVersion = z.object({
  id: z.number().int(),
  platform: z.string(),
  version: z.string(),
  forceUpdate: z.boolean(),
  downloadUrl: z.string(),
  releaseNotes: z.string(),
  status: statusField,
  createTime: z.string(),
});
export type AppVersion = z.infer<typeof AppVersion>;
export const AppVersionSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  platform: z.enum(['android', 'ios', 'windows', 'mac']),
  version: z.string().trim().regex(VERSION_PATTERN, '版本号格式为 1.2.3'),
  forceUpdate: z.boolean().default(false),
  downloadUrl: z.union([z.literal(''), z.string().regex(/^(https?:\/\/)?([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}(:\d{1,5})?(\/[^\s]*)?$/, RuleMessage.url)]).default(''),
  releaseNotes: z.string().max(5000).default(''),
  status: statusField.default('activity'),
});
export type AppVersionSaveBody = z.input<typeof AppVersionSaveBody>;
export const AppVersionInfoQuery = z.strictObject({ platform: z.enum(['android', 'ios', 'windows', 'mac']).optional() });
/** GET /api/app/version/fetchInfo: every version (newest first) and the latest per platform. */
export const AppVersionInfo = z.object({ list: z.array(AppVersion), latest: z.record(z.string(), AppVersion) });
export type AppVersionInfo = z.infer<typeof AppVersionInfo>;

// ---------------------------------------------------------------- batch config data

const groupKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, '分组键格式不正确');
const dataKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, '数据键格式不正确');
export const ConfigDataItem = z.object({ dataKey: z.string(), value: z.unknown(), modifyTime: z.string().optional() });
export const BatchSaveConfigDataBody = z.strictObject({
  groupKey,
  list: z
    .array(z.strictObject({ dataKey, value: z.unknown().refine((v) => v !== undefined, '请输入') }))
    .min(1, RuleMessage.arrayNotEmpty)
    .max(200),
});
export type BatchSaveConfigDataBody = z.input<typeof BatchSaveConfigDataBody>;
export const BatchQueryConfigDataBody = z.strictObject({ groupKey, dataKeys: z.array(dataKey).max(200).optional() });
export type BatchQueryConfigDataBody = z.input<typeof BatchQueryConfigDataBody>;
export const ConfigDataList = z.array(ConfigDataItem);
export const ConfigDataGroups = z.array(z.object({ groupKey: z.string(), count: z.number().int() }));

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const shoppingInitDataCall = defineCall({ method: 'GET', url: '/api/shopping/initData', data: InitData });
export const configEnableCurrencyListCall = defineCall({ method: 'GET', url: '/api/config/enableCurrencyList', data: z.array(Currency) });
export const configCurrencyListCall = defineCall({ method: 'GET', url: '/api/config/currencyList', query: ReferenceListQuery, data: z.array(Currency) });
export const configSaveCurrencyCall = defineCall({ method: 'POST', url: '/api/config/saveCurrency', body: CurrencySaveBody, data: z.null() });
export const regionEnableSelectCall = defineCall({ method: 'GET', url: '/api/region/enableSelect', data: z.array(Region) });
export const regionListCall = defineCall({ method: 'GET', url: '/api/region/list', data: z.array(Region) });
export const regionSaveCall = defineCall({ method: 'POST', url: '/api/region/save', body: RegionSaveBody, data: SaveResult });
export const countryListCall = defineCall({ method: 'GET', url: '/api/country/list', query: ReferenceListQuery, data: z.array(Country) });
export const countrySaveCall = defineCall({ method: 'POST', url: '/api/country/save', body: CountrySaveBody, data: z.null() });
export const paramPageListCall = defineCall({ method: 'GET', url: '/api/param/pageList', query: ParamListQuery, data: ParamListResult });
export const paramAddCall = defineCall({ method: 'POST', url: '/api/param/add', body: ParamAddBody, data: SaveResult });
export const paramEditCall = defineCall({ method: 'POST', url: '/api/param/edit', body: ParamEditBody, data: z.null() });
export const paramModifyStatusCall = defineCall({ method: 'GET', url: '/api/param/modifyStatus', query: ModifyConfigStatusQuery, data: z.null() });
export const appVersionFetchInfoCall = defineCall({ method: 'GET', url: '/api/app/version/fetchInfo', query: AppVersionInfoQuery, data: AppVersionInfo });
export const appVersionSaveCall = defineCall({ method: 'POST', url: '/api/app/version/save', body: AppVersionSaveBody, data: SaveResult });
export const configBatchSaveConfigDataCall = defineCall({
  method: 'POST',
  url: '/api/config/batchSaveConfigData',
  body: BatchSaveConfigDataBody,
  data: z.null(),
});
export const configBatchQueryConfigDataCall = defineCall({
  method: 'POST',
  url: '/api/config/batchQueryConfigData',
  body: BatchQueryConfigDataBody,
  data: ConfigDataList,
});
export const configConfigDataGroupsCall = defineCall({ method: 'GET', url: '/api/config/configDataGroups', data: ConfigDataGroups });
