import { z } from 'zod';
import { RuleMessage } from '../rules';
import { TRANSLATION_LANGUAGES } from '../vocab/config-content';
import { PageQuery, pageOf, queryInt, textFilter } from './common';
import { intField, statusField, IdQuery, SaveResult } from './reference';
import { defineCall } from './call';

/** SPEC §9 app ids: 1 member terminal, 2 agent terminal. */
export const AppIdField = z.union([z.literal(1), z.literal(2)], { error: 'appId 只能是 1（会员端）或 2（代理端）' });
export type AppIdValue = z.infer<typeof AppIdField>;

/** Text pages of /systemManage/vipTerminalConfig/ (SPEC §2), each one tips entry of app 1 keyed by its path. */
export const VIP_TERMINAL_TIPS_KEYS = [
  'purchaseAgreement',
  'productClaim',
  'KYCAuthHelp',
  'withdrawalHelp',
  'RechargeTip',
  'afterLoginDialog',
  'calculatorHelp',
  'FAQ',
  'otherList',
  'homeDialog',
  'helpCenter',
  'helpCenterModal',
  'agreementConfig',
  'paySecurityTip',
  'combinationBalanceTip',
  'insuranceTip',
  'PackPriceTip',
  'purchasePatchPreReturnTip',
  'redeemCoupon',
  'agreementArticleConfig',
  'returnPackTip',
] as const;
/** Pages whose entry is a pop-up: their images matter as much as the text. */
export const DIALOG_TIPS_KEYS: readonly string[] = ['afterLoginDialog', 'homeDialog', 'helpCenterModal'];
/** The agent terminal's share page (app 2). */
export const AGENT_SHARE_TIPS_KEYS = ['shareTitle', 'shareText', 'sharePoster'] as const;

export const tipsKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, '配置键需为字母开头的1~64位字母、数字、点、下划线或横线');
/** SPEC §3 uploaded picture item. */
export const PictureItem = z.strictObject({ fileUri: z.string().min(1).max(500), fileUrl: z.string().max(1000) });
export type PictureItem = z.infer<typeof PictureItem>;
const Translations = z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.string().max(20_000)).default({});

/** SPEC §3 config text entry. */
export const TipsEntryInput = z.strictObject({
  tipsKey,
  tipsText: z.string().max(20_000),
  images: z.array(PictureItem).max(20).default([]),
  status: statusField.default('activity'),
  needTrans: z.boolean().default(true),
  translations: Translations,
});
export const SaveTipsConfigBody = z.strictObject({
  appId: AppIdField,
  confList: z.array(TipsEntryInput).min(1, RuleMessage.arrayNotEmpty).max(50),
});
export type SaveTipsConfigBody = z.input<typeof SaveTipsConfigBody>;

export const BatchTipsConfigBody = z.strictObject({
  appId: AppIdField,
  tipsKeys: z.array(tipsKey).min(1, RuleMessage.arrayNotEmpty).max(100),
});
export type BatchTipsConfigBody = z.input<typeof BatchTipsConfigBody>;

export const TipsEntry = z.object({
  appId: z.number().int(),
  tipsKey: z.string(),
  tipsText: z.string(),
  images: z.array(z.object({ fileUri: z.string(), fileUrl: z.string() })),
  status: statusField,
  needTrans: z.boolean(),
  translations: z.record(z.string(), z.string()),
  /** Languages still without a translation (only when needTrans). */
  missingLangs: z.array(z.string()),
  /** false: never saved, these are the defaults. */
  saved: z.boolean(),
  updatedBy: z.string(),
  modifyTime: z.string().nullable(),
});
export type TipsEntry = z.infer<typeof TipsEntry>;
export const TipsEntryList = z.array(TipsEntry);

// ---------------------------------------------------------------- FAQ

export const Faq = z.object({
  id: z.number().int(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  translations: z.record(z.string(), z.object({ question: z.string(), answer: z.string() })),
  missingLangs: z.array(z.string()),
  sort: z.number().int(),
  status: statusField,
  modifyTime: z.string(),
});
export type Faq = z.infer<typeof Faq>;
export const FaqListQuery = PageQuery.extend({ keyword: textFilter, category: textFilter, status: statusField.optional() });
export type FaqListQuery = z.infer<typeof FaqListQuery>;
export const FaqListResult = pageOf(Faq);
export const FaqSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  category: z.string().trim().max(50).default(''),
  question: z.string().trim().min(1, '请输入问题').max(500),
  answer: z.string().trim().min(1, '请输入回答').max(20_000),
  translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.strictObject({ question: z.string().max(500), answer: z.string().max(20_000) })).default({}),
  sort: intField(100000).default(0),
  status: statusField.default('activity'),
});
export type FaqSaveBody = z.input<typeof FaqSaveBody>;

// ---------------------------------------------------------------- agreements

export const Agreement = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  appId: z.number().int(),
  requireAccept: z.boolean(),
  currentVersion: z.number().int(),
  status: statusField,
  sort: z.number().int(),
  modifyTime: z.string(),
});
export type Agreement = z.infer<typeof Agreement>;
export const AgreementListQuery = PageQuery.extend({ appId: queryInt(1, 2).optional(), keyword: textFilter });
export type AgreementListQuery = z.infer<typeof AgreementListQuery>;
export const AgreementListResult = pageOf(Agreement);
export const AgreementSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,31}$/, '请输入字母开头的2~32位代码'),
  title: z.string().trim().min(1, '请输入协议标题').max(100),
  appId: AppIdField.default(1),
  requireAccept: z.boolean().default(true),
  status: statusField.default('activity'),
  sort: intField(100000).default(0),
});
export type AgreementSaveBody = z.input<typeof AgreementSaveBody>;
/** POST /api/agreement/saveAgreement: publishes new content as the next version. */
export const AgreementContentBody = z.strictObject({
  id: z.number().int().positive(),
  content: z.string().trim().min(1, '请输入协议内容').max(200_000),
  changeNote: z.string().max(500).default(''),
});
export type AgreementContentBody = z.input<typeof AgreementContentBody>;
export const AgreementDetailQuery = z.strictObject({ id: queryInt(1, 2_147_483_647), version: queryInt(1, 1_000_000).optional() });
export const AgreementDetail = Agreement.extend({
  version: z.number().int().nullable(),
  content: z.string(),
  versions: z.array(z.object({ version: z.number().int(), changeNote: z.string(), publishedBy: z.string(), createTime: z.string() })),
});
export type AgreementDetail = z.infer<typeof AgreementDetail>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const configSaveTipsConfigCall = defineCall({ method: 'POST', url: '/api/config/saveTipsConfig', body: SaveTipsConfigBody, data: z.null() });
export const configBatchTipsConfigCall = defineCall({ method: 'POST', url: '/api/config/batchTipsConfig', body: BatchTipsConfigBody, data: TipsEntryList });
export const configTipsListCall = defineCall({
  method: 'GET',
  url: '/api/config/tipsList',
  query: z.strictObject({ appId: queryInt(1, 2) }),
  data: TipsEntryList,
});
export const configFaqPageListCall = defineCall({ method: 'GET', url: '/api/config/faqPageList', query: FaqListQuery, data: FaqListResult });
export const configFaqDetailCall = defineCall({ method: 'GET', url: '/api/config/faqDetail', query: IdQuery, data: Faq });
export const configSaveFaqCall = defineCall({ method: 'POST', url: '/api/config/saveFaq', body: FaqSaveBody, data: SaveResult });
export const configDeleteFaqCall = defineCall({ method: 'GET', url: '/api/config/deleteFaq', query: IdQuery, data: z.null() });
export const agreementFindByPageCall = defineCall({ method: 'GET', url: '/api/agreement/findByPage', query: AgreementListQuery, data: AgreementListResult });
export const agreementSaveCall = defineCall({ method: 'POST', url: '/api/agreement/save', body: AgreementSaveBody, data: SaveResult });
export const agreementSaveAgreementCall = defineCall({
  method: 'POST',
  url: '/api/agreement/saveAgreement',
  body: AgreementContentBody,
  data: z.object({ version: z.number().int() }),
});
export const agreementFetchAgreementDetailCall = defineCall({
  method: 'GET',
  url: '/api/agreement/fetchAgreementDetail',
  query: AgreementDetailQuery,
  data: AgreementDetail,
});
