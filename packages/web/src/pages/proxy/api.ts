import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_KEY } from '../../api/queryClient';
import {
  type AgentListQuery,
  type SaveAgentAppBody,
  type SaveAgentBody,
  type SaveAgentUserBody,
  type SaveMainDomainBody,
  type SaveProfitConfBody,
  type SaveTerminalItemBody,
  type WithdrawalAccount,
  agentPageAgentListCall,
  agentDetailCall,
  agentSearchByAgentNameCall,
  agentSaveAgentCall,
  agentSaveAgentAppCall,
  agentModifyAgentStatusCall,
  agentResetAgentPwdCall,
  agentResetAgentTradePwdCall,
  agentResetAgentPhoneCall,
  agentModifyPlatformRebateCall,
  agentModifyWithdrawalAccountCall,
  configPageMainDomainListCall,
  configSaveMainDomainCall,
  profitConfFetchListCall,
  profitConfSaveCall,
  userSaveAgentUserCall,
  userSaveAgentAppUserCall,
  userModifyAgentUserStatusCall,
  agentTerminalSaveCall,
  agentTerminalDeleteCall,
} from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import { LONG_SAVE_TIMEOUT, call } from '../../api/request';

type H = Record<string, string>;

export const fetchAgents = (params: Partial<AgentListQuery>) => call(agentPageAgentListCall, params);
export const fetchAgent = (id: number) => call(agentDetailCall, { id });
export const searchAgents = (keyword: string) => call(agentSearchByAgentNameCall, { keyword });
/** SPEC §9: agent and agent-user saves get 60 s. */
export const saveAgent = (body: SaveAgentBody) => call(agentSaveAgentCall, body, { timeout: LONG_SAVE_TIMEOUT });
export const saveAgentApp = (body: SaveAgentAppBody) => call(agentSaveAgentAppCall, body, { timeout: LONG_SAVE_TIMEOUT });
export const modifyAgentStatus = (params: { id: number; status: AccountStatus }, headers: H) => call(agentModifyAgentStatusCall, params, { headers });
export const resetAgentPwd = (body: { id: number; password: string }, headers: H) => call(agentResetAgentPwdCall, body, { headers });
export const resetAgentTradePwd = (body: { id: number; tradePassword: string }, headers: H) => call(agentResetAgentTradePwdCall, body, { headers });
export const resetAgentPhone = (body: { id: number; phone: string }, headers: H) => call(agentResetAgentPhoneCall, body, { headers });
export const modifyRebate = (body: { id: number; rebate: string }, headers: H) => call(agentModifyPlatformRebateCall, body, { headers });
export const modifyWithdrawalAccount = (body: { id: number; account: WithdrawalAccount }, headers: H) =>
  call(agentModifyWithdrawalAccountCall, body, { headers });
export const fetchDomains = (params: { page: number; limit: number; agentId?: number; domain?: string }) => call(configPageMainDomainListCall, params);
export const saveDomain = (body: SaveMainDomainBody) => call(configSaveMainDomainCall, body);
export const fetchProfitConfs = (agentId?: number) => call(profitConfFetchListCall, { agentId });
export const saveProfitConf = (body: SaveProfitConfBody) => call(profitConfSaveCall, body);
export const saveAgentUser = (body: SaveAgentUserBody) => call(userSaveAgentUserCall, body, { timeout: LONG_SAVE_TIMEOUT });
export const saveAgentAppUser = (body: { id: number; app: Record<string, string> }) => call(userSaveAgentAppUserCall, body, { timeout: LONG_SAVE_TIMEOUT });
export const modifyAgentUserStatus = (params: { id: number; status: AccountStatus }) => call(userModifyAgentUserStatusCall, params);
export const saveTerminalItem = (body: SaveTerminalItemBody) => call(agentTerminalSaveCall, body);
export const deleteTerminalItem = (id: number) => call(agentTerminalDeleteCall, { id });

export const proxyKeys = {
  all: ['proxy'] as const,
  list: (q: object) => ['proxy', 'list', q] as const,
  detail: (id: number) => ['proxy', 'detail', id] as const,
  search: (k: string) => ['proxy', 'search', k] as const,
  domains: (q: object) => ['proxy', 'domains', q] as const,
  profit: (agentId?: number) => ['proxy', 'profit', agentId ?? 0] as const,
};

/** Not useListCall's key: under ['proxy'], so finance's writes (commission balances) refresh it too. */
export const useAgents = (q: Partial<AgentListQuery>) => useQuery({ queryKey: proxyKeys.list(q), queryFn: () => fetchAgents(q), placeholderData: (p) => p });
export const useAgent = (id: number) => useQuery({ queryKey: proxyKeys.detail(id), queryFn: () => fetchAgent(id), enabled: id > 0 });
export const useAgentSearch = (keyword: string) => useQuery({ queryKey: proxyKeys.search(keyword), queryFn: () => searchAgents(keyword) });
/** After a proxy write made outside a mutation: the domain's queries and the list kit's lists. */
export const useInvalidateProxy = () => {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: proxyKeys.all }), qc.invalidateQueries({ queryKey: [LIST_KEY] })]);
};
