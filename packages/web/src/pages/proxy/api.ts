import { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AgentDetail,
  AgentListResult,
  AgentOptions,
  AgentUserListResult,
  MainDomainListResult,
  ProfitConfList,
  TerminalListResult,
  type AgentListQuery,
  type SaveAgentAppBody,
  type SaveAgentBody,
  type SaveAgentUserBody,
  type SaveMainDomainBody,
  type SaveProfitConfBody,
  type SaveTerminalItemBody,
  type TerminalSection,
  type WithdrawalAccount,
} from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import { LONG_SAVE_TIMEOUT, request } from '../../api/request';

type H = Record<string, string>;
const Id = z.object({ id: z.number() });

export const fetchAgents = (params: Partial<AgentListQuery>) => request('/api/agent/pageAgentList', { params, schema: AgentListResult });
export const fetchAgent = (id: number) => request('/api/agent/detail', { params: { id }, schema: AgentDetail });
export const searchAgents = (keyword: string) => request('/api/agent/searchByAgentName', { params: { keyword }, schema: AgentOptions });
/** SPEC §9: agent and agent-user saves get 60 s. */
export const saveAgent = (body: SaveAgentBody) => request('/api/agent/saveAgent', { method: 'POST', body, schema: Id, timeout: LONG_SAVE_TIMEOUT });
export const saveAgentApp = (body: SaveAgentAppBody) =>
  request('/api/agent/saveAgentApp', { method: 'POST', body, schema: z.unknown(), timeout: LONG_SAVE_TIMEOUT });
export const modifyAgentStatus = (params: { id: number; status: AccountStatus }, headers: H) =>
  request('/api/agent/modifyAgentStatus', { params, headers, schema: z.unknown() });
export const resetAgentPwd = (body: { id: number; password: string }, headers: H) =>
  request('/api/agent/resetAgentPwd', { method: 'POST', body, headers, schema: z.unknown() });
export const resetAgentTradePwd = (body: { id: number; tradePassword: string }, headers: H) =>
  request('/api/agent/resetAgentTradePwd', { method: 'POST', body, headers, schema: z.unknown() });
export const resetAgentPhone = (body: { id: number; phone: string }, headers: H) =>
  request('/api/agent/resetAgentPhone', { method: 'POST', body, headers, schema: z.unknown() });
export const modifyRebate = (body: { id: number; rebate: string }, headers: H) =>
  request('/api/agent/modifyPlatformRebate', { method: 'POST', body, headers, schema: z.unknown() });
export const modifyWithdrawalAccount = (body: { id: number; account: WithdrawalAccount }, headers: H) =>
  request('/api/agent/modifyWithdrawalAccount', { method: 'POST', body, headers, schema: z.unknown() });
export const fetchDomains = (params: { page: number; limit: number; agentId?: number; domain?: string }) =>
  request('/api/config/pageMainDomainList', { params, schema: MainDomainListResult });
export const saveDomain = (body: SaveMainDomainBody) => request('/api/config/saveMainDomain', { method: 'POST', body, schema: Id });
export const fetchProfitConfs = (agentId?: number) => request('/api/profitConf/fetchList', { params: { agentId }, schema: ProfitConfList });
export const saveProfitConf = (body: SaveProfitConfBody) => request('/api/profitConf/save', { method: 'POST', body, schema: Id });
export const fetchAgentUsers = (params: { page: number; limit: number; agentId?: number; username?: string; status?: string }) =>
  request('/api/user/pageUserList', { params, schema: AgentUserListResult });
export const saveAgentUser = (body: SaveAgentUserBody) => request('/api/user/saveAgentUser', { method: 'POST', body, schema: Id, timeout: LONG_SAVE_TIMEOUT });
export const saveAgentAppUser = (body: { id: number; app: Record<string, string> }) =>
  request('/api/user/saveAgentAppUser', { method: 'POST', body, schema: z.unknown(), timeout: LONG_SAVE_TIMEOUT });
export const modifyAgentUserStatus = (params: { id: number; status: AccountStatus }) =>
  request('/api/user/modifyAgentUserStatus', { params, schema: z.unknown() });
export const fetchTerminalItems = (params: { page: number; limit: number; section: TerminalSection }) =>
  request('/api/agentTerminal/list', { params, schema: TerminalListResult });
export const saveTerminalItem = (body: SaveTerminalItemBody) => request('/api/agentTerminal/save', { method: 'POST', body, schema: Id });
export const deleteTerminalItem = (id: number) => request('/api/agentTerminal/delete', { method: 'POST', body: { id }, schema: z.unknown() });

export const proxyKeys = {
  all: ['proxy'] as const,
  list: (q: object) => ['proxy', 'list', q] as const,
  detail: (id: number) => ['proxy', 'detail', id] as const,
  search: (k: string) => ['proxy', 'search', k] as const,
  domains: (q: object) => ['proxy', 'domains', q] as const,
  profit: (agentId?: number) => ['proxy', 'profit', agentId ?? 0] as const,
  users: (q: object) => ['proxy', 'users', q] as const,
  terminal: (q: object) => ['proxy', 'terminal', q] as const,
};

export const useAgents = (q: Partial<AgentListQuery>) => useQuery({ queryKey: proxyKeys.list(q), queryFn: () => fetchAgents(q), placeholderData: (p) => p });
export const useAgent = (id: number) => useQuery({ queryKey: proxyKeys.detail(id), queryFn: () => fetchAgent(id), enabled: id > 0 });
export const useAgentSearch = (keyword: string) => useQuery({ queryKey: proxyKeys.search(keyword), queryFn: () => searchAgents(keyword) });
export const useInvalidateProxy = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: proxyKeys.all });
};
