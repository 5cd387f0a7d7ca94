import { z } from 'zod';
import { PageQuery, pageOf } from './common';
import { amount, isoTime } from './open';

/** The agent terminal's calls (server: modules/proxy/agentTerminal.ts, modules/finance/agentWithdrawals.ts). */

// ---------------------------------------------------------------- the agent terminal (appId 2)

export const AgentLoginBody = z.strictObject({
  /** The agent's name or email. */
  account: z.string().trim().min(1, '请输入账号').max(120, '请输入账号'),
  password: z.string().min(1, '请输入密码').max(64, '请输入密码'),
});
export const AgentProfile = z.object({
  id: z.number().int(),
  agentName: z.string(),
  contactName: z.string(),
  email: z.string(),
  currency: z.string(),
  /** The platform rebate, percent text ("5.00"). */
  rebate: z.string(),
  memberCount: z.number().int(),
  commissionBalance: z.number().int(),
  withdrawalAccountSet: z.boolean(),
});
export const AgentSessionResult = z.object({ token: z.string(), expiresAt: isoTime, agent: AgentProfile });
export const AgentMemberQuery = PageQuery.pick({ page: true, limit: true }).extend({
  keyword: z.string().trim().max(60).optional(),
});
export const AgentMember = z.object({
  userCode: z.string(),
  name: z.string(),
  /** Masked: the agent sees whose account it is, not the whole address. */
  email: z.string(),
  country: z.string(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  registerTime: isoTime,
});
export const AgentMemberList = pageOf(AgentMember);
export const AgentCommission = z.object({
  id: z.number().int(),
  type: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  currency: z.string(),
  remark: z.string(),
  time: isoTime,
});
export const AgentCommissionList = pageOf(AgentCommission);
export const AgentWithdrawal = z.object({
  withdrawalNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  reviewRemark: z.string(),
  createTime: isoTime,
  paidTime: isoTime.nullable(),
});
export const AgentWithdrawalList = pageOf(AgentWithdrawal);
export const AgentWithdrawBody = z.strictObject({
  amount,
  /** The agent's trade password (staff set it with reset_agent_trade_pwd). */
  tradePassword: z.string().min(1, '请输入交易密码').max(64, '请输入交易密码'),
  remark: z.string().trim().max(200).default(''),
});

/** One row of an agent-terminal settings page as the terminal shows it (a bot's webhook and token stay with staff). */
const SettingItem = z.object({ id: z.number().int(), name: z.string(), value: z.record(z.string(), z.string()) });
/** GET /agent/settings: what staff set for the agent terminal (系统管理 › 代理端配置) and the agent's own domains. */
export const AgentSettings = z.object({
  bots: z.array(SettingItem),
  servers: z.array(SettingItem),
  memberSettings: z.array(SettingItem),
  share: z.array(SettingItem),
  domains: z.array(z.object({ id: z.number().int(), domain: z.string() })),
});
