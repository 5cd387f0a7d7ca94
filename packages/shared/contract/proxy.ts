import { z } from 'zod';
import { AccountStatus } from '../vocab/account';
import { vocab } from '../vocab/labels';
import { decimal2, password, percentage, urlText } from '../rules';
import { idParam, PageQuery, pageOf, queryInt, textFilter } from './common';
import { defineCall } from './call';

const id = z.number().int().positive();
const status = z.enum(AccountStatus.values);

export const WithdrawalMethod = vocab([
  { value: 'bank', zh: '银行卡', en: 'Bank account' },
  { value: 'alipay', zh: '支付宝', en: 'Alipay' },
  { value: 'paypal', zh: 'PayPal', en: 'PayPal' },
  { value: 'usdt', zh: 'USDT', en: 'USDT' },
] as const);

/** Where an agent's commission is paid. */
export const WithdrawalAccount = z.object({
  method: z.enum(WithdrawalMethod.values),
  accountName: z.string().trim().min(1, '请输入账户名').max(100),
  accountNo: z.string().trim().min(1, '请输入账号').max(100),
  bankName: z.string().trim().max(100).default(''),
});
export type WithdrawalAccount = z.infer<typeof WithdrawalAccount>;

/** "Bank account · Name · 6222… · Bank": an account as a person reads it (the method by its label, never its code). */
export const withdrawalAccountText = (a: { method?: string; accountName?: string; accountNo?: string; bankName?: string }, lang: 'zh' | 'en') =>
  [a.method ? WithdrawalMethod.label(a.method, lang) : '', a.accountName, a.accountNo, a.bankName].filter(Boolean).join(' · ');

/** The agent's white-label member site (saveAgentApp). */
export const AgentApp = z.object({
  siteName: z.string().trim().max(60).default(''),
  logoUrl: z.union([urlText, z.literal('')]).default(''),
  themeColor: z
    .string()
    .regex(/^(#[0-9a-fA-F]{6})?$/, '请输入颜色，如 #409EFF')
    .default(''),
  supportEmail: z.string().trim().max(100).default(''),
  currency: z
    .string()
    .regex(/^([A-Z]{3})?$/)
    .default(''),
});
export type AgentApp = z.infer<typeof AgentApp>;

export const Agent = z.object({
  id: z.number().int(),
  agentName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  status,
  /** Platform rebate, percentage text. */
  rebate: z.string(),
  currency: z.string(),
  withdrawalAccount: WithdrawalAccount.partial(),
  app: AgentApp.partial(),
  remark: z.string(),
  memberCount: z.number().int(),
  commissionBalance: z.number().int(),
  hasPassword: z.boolean(),
  hasTradePassword: z.boolean(),
  createTime: z.string(),
});
export type Agent = z.infer<typeof Agent>;

/** GET /api/agent/pageAgentList */
export const AgentListQuery = PageQuery.extend({ agentName: textFilter, email: textFilter, status: status.optional() });
export type AgentListQuery = z.infer<typeof AgentListQuery>;
export const AgentListResult = pageOf(Agent);

/** POST /api/agent/saveAgent: profile only (rebate, account, status and secrets have their own verified calls). */
export const SaveAgentBody = z.strictObject({
  id: id.optional(),
  agentName: z.string().trim().min(2, '代理名称为2~40个字符').max(40, '代理名称为2~40个字符'),
  contactName: z.string().trim().max(60).default(''),
  email: z.union([z.email('请输入正确的邮箱'), z.literal('')]).default(''),
  phone: z.string().trim().max(40).default(''),
  remark: z.string().trim().max(300).default(''),
});
export type SaveAgentBody = z.input<typeof SaveAgentBody>;

/** POST /api/agent/saveAgentApp */
export const SaveAgentAppBody = z.strictObject({ id, app: AgentApp });
export type SaveAgentAppBody = z.input<typeof SaveAgentAppBody>;

/** GET /api/agent/modifyAgentStatus (id, status) — modify_agent_status */
export const ModifyAgentStatusQuery = z.strictObject({ id: idParam, status });
/** GET /api/agent/searchByAgentName (keyword) */
export const SearchAgentQuery = z.strictObject({ keyword: z.string().trim().max(40).default('') });
export const AgentOptions = z.array(z.object({ id: z.number().int(), agentName: z.string(), status }));

/** POST /api/agent/resetAgentPwd (reset_agent_pwd) / resetAgentTradePwd (reset_agent_trade_pwd) */
export const ResetAgentPwdBody = z.strictObject({ id, password });
export const ResetAgentTradePwdBody = z.strictObject({ id, tradePassword: z.string().regex(/^\d{6}$/, '交易密码为6位数字') });
/** POST /api/agent/resetAgentPhone (reset_agent_phone) */
export const ResetAgentPhoneBody = z.strictObject({ id, phone: z.string().trim().min(5, '请输入正确的手机号').max(40) });
/** POST /api/agent/modifyPlatformRebate (modify_agent_platform_rebate) */
export const ModifyRebateBody = z.strictObject({ id, rebate: percentage });
/** POST /api/agent/modifyWithdrawalAccount (modify_agent_withdrawal_account) */
export const ModifyWithdrawalAccountBody = z.strictObject({ id, account: WithdrawalAccount });

export const AgentDetailQuery = z.strictObject({ id: idParam });
export const AgentDetail = Agent.extend({
  domains: z.array(z.object({ id: z.number().int(), domain: z.string(), status, remark: z.string() })),
  /** Members' paid orders (minor units, default currency) and the commission they earned. */
  sales: z.object({ orders: z.number().int(), amount: z.number().int(), commissionEarned: z.number().int(), withdrawn: z.number().int() }),
});
export type AgentDetail = z.infer<typeof AgentDetail>;

// ---------------------------------------------------------------- main domains

export const MainDomain = z.object({
  id: z.number().int(),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  domain: z.string(),
  status,
  remark: z.string(),
  modifyTime: z.string(),
});
export type MainDomain = z.infer<typeof MainDomain>;
/** GET /api/config/pageMainDomainList */
export const MainDomainListQuery = PageQuery.extend({ domain: textFilter, agentId: queryInt(1, 2_147_483_647).optional(), status: status.optional() });
export const MainDomainListResult = pageOf(MainDomain);
/** POST /api/config/saveMainDomain */
export const SaveMainDomainBody = z.strictObject({
  id: id.optional(),
  agentId: id.nullable().default(null),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, '请输入正确的域名'),
  status: z.enum(['activity', 'disabled']).default('activity'),
  remark: z.string().trim().max(200).default(''),
});
export type SaveMainDomainBody = z.input<typeof SaveMainDomainBody>;
/** GET /api/config/enableMainDomainList */
export const MainDomainOptions = z.array(z.object({ id: z.number().int(), domain: z.string(), agentId: z.number().int().nullable() }));

// ---------------------------------------------------------------- profit config (rebate tiers)

export const ProfitConf = z.object({
  id: z.number().int(),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  name: z.string(),
  minAmount: z.number().int(),
  rate: z.string(),
  status,
  modifyTime: z.string(),
});
export type ProfitConf = z.infer<typeof ProfitConf>;
/** GET /api/profitConf/fetchList (agentId omitted = platform defaults and all agents) */
export const ProfitConfQuery = z.strictObject({ agentId: queryInt(1, 2_147_483_647).optional() });
export const ProfitConfList = z.array(ProfitConf);
/** POST /api/profitConf/save: from an order amount of minAmount upwards, the agent earns rate % of it. */
export const SaveProfitConfBody = z.strictObject({
  id: id.optional(),
  agentId: id.nullable().default(null),
  name: z.string().trim().min(1, '请输入名称').max(40),
  minAmount: decimal2,
  rate: percentage,
  status: z.enum(['activity', 'disabled']).default('activity'),
});
export type SaveProfitConfBody = z.input<typeof SaveProfitConfBody>;

// ---------------------------------------------------------------- agent users

export const AgentUser = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  status,
  app: z.record(z.string(), z.string()),
  createTime: z.string(),
});
export type AgentUser = z.infer<typeof AgentUser>;
/** GET /api/user/pageUserList */
export const AgentUserListQuery = PageQuery.extend({ agentId: queryInt(1, 2_147_483_647).optional(), username: textFilter, status: status.optional() });
export const AgentUserListResult = pageOf(AgentUser);
/** POST /api/user/saveAgentUser */
export const SaveAgentUserBody = z.strictObject({
  id: id.optional(),
  agentId: id,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, '用户名需为3~32位字母、数字或 _ . -'),
  name: z.string().trim().max(60).default(''),
  email: z.union([z.email('请输入正确的邮箱'), z.literal('')]).default(''),
});
export type SaveAgentUserBody = z.input<typeof SaveAgentUserBody>;
/** POST /api/user/saveAgentAppUser: the user's settings in the agent terminal */
export const SaveAgentAppUserBody = z.strictObject({ id, app: z.record(z.string().max(40), z.string().max(300)) });
/** GET /api/user/modifyAgentUserStatus (id, status) */
export const ModifyAgentUserStatusQuery = z.strictObject({ id: idParam, status });

// ---------------------------------------------------------------- agent terminal pages (bots, servers, domains, member settings, share)

/** The agent terminal's 我的域名 page is the main-domain list (pageMainDomainList), not a section here. */
export const TERMINAL_SECTIONS = ['botManage', 'serverManage', 'vipManage', 'share'] as const;
export type TerminalSection = (typeof TERMINAL_SECTIONS)[number];
export const TerminalItem = z.object({
  id: z.number().int(),
  section: z.enum(TERMINAL_SECTIONS),
  name: z.string(),
  value: z.record(z.string(), z.string()),
  status,
  sort: z.number().int(),
  modifyTime: z.string(),
});
export type TerminalItem = z.infer<typeof TerminalItem>;
/** GET /api/agentTerminal/list and GET /api/user/pageUserServerList (section serverManage) */
export const TerminalListQuery = PageQuery.extend({ section: z.enum(TERMINAL_SECTIONS), name: textFilter });
export const UserServerListQuery = PageQuery.extend({ name: textFilter });
export const TerminalListResult = pageOf(TerminalItem);
/** POST /api/agentTerminal/save */
export const SaveTerminalItemBody = z.strictObject({
  id: id.optional(),
  section: z.enum(TERMINAL_SECTIONS),
  name: z.string().trim().min(1, '请输入名称').max(60),
  value: z.record(z.string().max(40), z.string().max(500)),
  status: z.enum(['activity', 'disabled']).default('activity'),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveTerminalItemBody = z.input<typeof SaveTerminalItemBody>;
/** POST /api/agentTerminal/delete */
export const DeleteTerminalItemBody = z.strictObject({ id });

/** What a save answers: the saved row's id. */
const Id = z.object({ id: z.number().int() });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const agentPageAgentListCall = defineCall({ method: 'GET', url: '/api/agent/pageAgentList', query: AgentListQuery, data: AgentListResult });
export const agentDetailCall = defineCall({ method: 'GET', url: '/api/agent/detail', query: AgentDetailQuery, data: AgentDetail });
export const agentSaveAgentCall = defineCall({ method: 'POST', url: '/api/agent/saveAgent', body: SaveAgentBody, data: Id });
export const agentSaveAgentAppCall = defineCall({ method: 'POST', url: '/api/agent/saveAgentApp', body: SaveAgentAppBody, data: z.null() });
export const agentModifyAgentStatusCall = defineCall({ method: 'GET', url: '/api/agent/modifyAgentStatus', query: ModifyAgentStatusQuery, data: z.null() });
export const agentSearchByAgentNameCall = defineCall({ method: 'GET', url: '/api/agent/searchByAgentName', query: SearchAgentQuery, data: AgentOptions });
export const agentResetAgentPwdCall = defineCall({ method: 'POST', url: '/api/agent/resetAgentPwd', body: ResetAgentPwdBody, data: z.null() });
export const agentResetAgentTradePwdCall = defineCall({ method: 'POST', url: '/api/agent/resetAgentTradePwd', body: ResetAgentTradePwdBody, data: z.null() });
export const agentResetAgentPhoneCall = defineCall({ method: 'POST', url: '/api/agent/resetAgentPhone', body: ResetAgentPhoneBody, data: z.null() });
export const agentModifyPlatformRebateCall = defineCall({ method: 'POST', url: '/api/agent/modifyPlatformRebate', body: ModifyRebateBody, data: z.null() });
export const agentModifyWithdrawalAccountCall = defineCall({
  method: 'POST',
  url: '/api/agent/modifyWithdrawalAccount',
  body: ModifyWithdrawalAccountBody,
  data: z.null(),
});
export const configPageMainDomainListCall = defineCall({
  method: 'GET',
  url: '/api/config/pageMainDomainList',
  query: MainDomainListQuery,
  data: MainDomainListResult,
});
export const configSaveMainDomainCall = defineCall({ method: 'POST', url: '/api/config/saveMainDomain', body: SaveMainDomainBody, data: Id });
export const configEnableMainDomainListCall = defineCall({ method: 'GET', url: '/api/config/enableMainDomainList', data: MainDomainOptions });
export const profitConfFetchListCall = defineCall({ method: 'GET', url: '/api/profitConf/fetchList', query: ProfitConfQuery, data: ProfitConfList });
export const profitConfSaveCall = defineCall({ method: 'POST', url: '/api/profitConf/save', body: SaveProfitConfBody, data: Id });
export const userPageUserListCall = defineCall({ method: 'GET', url: '/api/user/pageUserList', query: AgentUserListQuery, data: AgentUserListResult });
export const userSaveAgentUserCall = defineCall({ method: 'POST', url: '/api/user/saveAgentUser', body: SaveAgentUserBody, data: Id });
export const userSaveAgentAppUserCall = defineCall({ method: 'POST', url: '/api/user/saveAgentAppUser', body: SaveAgentAppUserBody, data: z.null() });
export const userModifyAgentUserStatusCall = defineCall({
  method: 'GET',
  url: '/api/user/modifyAgentUserStatus',
  query: ModifyAgentUserStatusQuery,
  data: z.null(),
});
export const userPageUserServerListCall = defineCall({
  method: 'GET',
  url: '/api/user/pageUserServerList',
  query: UserServerListQuery,
  data: TerminalListResult,
});
export const agentTerminalListCall = defineCall({ method: 'GET', url: '/api/agentTerminal/list', query: TerminalListQuery, data: TerminalListResult });
export const agentTerminalSaveCall = defineCall({ method: 'POST', url: '/api/agentTerminal/save', body: SaveTerminalItemBody, data: Id });
export const agentTerminalDeleteCall = defineCall({ method: 'POST', url: '/api/agentTerminal/delete', body: DeleteTerminalItemBody, data: z.null() });
