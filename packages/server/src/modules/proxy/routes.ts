import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AgentDetail,
  AgentDetailQuery,
  AgentListQuery,
  AgentListResult,
  AgentOptions,
  AgentUserListQuery,
  AgentUserListResult,
  DeleteTerminalItemBody,
  MainDomainListQuery,
  MainDomainListResult,
  MainDomainOptions,
  ModifyAgentStatusQuery,
  ModifyAgentUserStatusQuery,
  ModifyRebateBody,
  ModifyWithdrawalAccountBody,
  ProfitConfList,
  ProfitConfQuery,
  ResetAgentPhoneBody,
  ResetAgentPwdBody,
  ResetAgentTradePwdBody,
  SaveAgentAppBody,
  SaveAgentAppUserBody,
  SaveAgentBody,
  SaveAgentUserBody,
  SaveMainDomainBody,
  SaveProfitConfBody,
  SaveTerminalItemBody,
  SearchAgentQuery,
  TerminalListQuery,
  TerminalListResult,
  UserServerListQuery,
} from '@waystation/shared/contract/proxy';
import { api } from '../../core/http';
import * as config from './config';
import * as service from './service';
import * as users from './users';

const Id = z.object({ id: z.number().int() });

export function proxyRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, {
    method: 'GET',
    url: '/api/agent/pageAgentList',
    permission: 'proxy:list',
    summary: 'Agents',
    query: AgentListQuery,
    data: AgentListResult,
    handler: ({ query }) => service.listAgents(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/agent/detail',
    permission: 'proxy:list',
    summary: 'One agent with domains, sales and commission',
    query: AgentDetailQuery,
    data: AgentDetail,
    handler: ({ query }) => service.agentDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/saveAgent',
    permission: 'proxy:list',
    summary: 'Create or edit an agent profile',
    body: SaveAgentBody,
    data: Id,
    handler: ({ body, actor, now }) => service.saveAgent(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/saveAgentApp',
    permission: 'proxy:list',
    summary: 'Agent member-site settings',
    body: SaveAgentAppBody,
    data: z.null(),
    handler: ({ body, actor, now }) => service.saveAgentApp(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/agent/modifyAgentStatus',
    permission: 'proxy:list',
    summary: 'Change an agent status (modify_agent_status)',
    query: ModifyAgentStatusQuery,
    data: z.null(),
    verify: 'modify_agent_status',
    verifyTarget: ({ query }) => query.id,
    handler: ({ query, actor, now }) => service.modifyAgentStatus(db, actor, query, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/agent/searchByAgentName',
    permission: 'authenticated',
    summary: 'Agents by name for selectors',
    query: SearchAgentQuery,
    data: AgentOptions,
    handler: ({ query }) => service.searchByName(db, query.keyword),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/resetAgentPwd',
    permission: 'proxy:list',
    summary: 'Reset an agent login password (reset_agent_pwd)',
    body: ResetAgentPwdBody,
    data: z.null(),
    verify: 'reset_agent_pwd',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetPassword(db, actor, body.id, body.password, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/resetAgentTradePwd',
    permission: 'proxy:list',
    summary: 'Reset an agent trade password (reset_agent_trade_pwd)',
    body: ResetAgentTradePwdBody,
    data: z.null(),
    verify: 'reset_agent_trade_pwd',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetTradePassword(db, actor, body.id, body.tradePassword, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/resetAgentPhone',
    permission: 'proxy:list',
    summary: 'Reset an agent phone (reset_agent_phone)',
    body: ResetAgentPhoneBody,
    data: z.null(),
    verify: 'reset_agent_phone',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetPhone(db, actor, body.id, body.phone, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/modifyPlatformRebate',
    permission: 'proxy:list',
    summary: 'Change an agent platform rebate (modify_agent_platform_rebate)',
    body: ModifyRebateBody,
    data: z.null(),
    verify: 'modify_agent_platform_rebate',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyRebate(db, actor, body.id, body.rebate, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/agent/modifyWithdrawalAccount',
    permission: 'proxy:list',
    summary: 'Change an agent withdrawal account (modify_agent_withdrawal_account)',
    body: ModifyWithdrawalAccountBody,
    data: z.null(),
    verify: 'modify_agent_withdrawal_account',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyWithdrawalAccount(db, actor, body.id, body.account, now).then(() => null),
  });

  api(app, {
    method: 'GET',
    url: '/api/config/pageMainDomainList',
    permission: 'proxy:list',
    summary: 'Main domains',
    query: MainDomainListQuery,
    data: MainDomainListResult,
    handler: ({ query }) => config.listDomains(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/config/saveMainDomain',
    permission: 'proxy:list',
    summary: 'Create or edit a main domain',
    body: SaveMainDomainBody,
    data: Id,
    handler: ({ body, actor, now }) => config.saveDomain(db, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/config/enableMainDomainList',
    permission: 'authenticated',
    summary: 'Active main domains for selectors',
    data: MainDomainOptions,
    handler: () => config.domainOptions(db),
  });
  api(app, {
    method: 'GET',
    url: '/api/profitConf/fetchList',
    permission: 'proxy:list',
    summary: 'Commission tiers (platform default and per agent)',
    query: ProfitConfQuery,
    data: ProfitConfList,
    handler: ({ query }) => config.listProfitConfs(db, query.agentId),
  });
  api(app, {
    method: 'POST',
    url: '/api/profitConf/save',
    permission: 'proxy:list',
    summary: 'Create or edit a commission tier',
    body: SaveProfitConfBody,
    data: Id,
    handler: ({ body, actor, now }) => config.saveProfitConf(db, actor, body, now),
  });

  api(app, {
    method: 'GET',
    url: '/api/user/pageUserList',
    permission: 'proxy:agentUser',
    summary: 'Agent users',
    query: AgentUserListQuery,
    data: AgentUserListResult,
    handler: ({ query }) => users.listAgentUsers(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/user/saveAgentUser',
    permission: 'proxy:agentUser',
    summary: 'Create or edit an agent user',
    body: SaveAgentUserBody,
    data: Id,
    handler: ({ body, actor, now }) => users.saveAgentUser(db, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/user/saveAgentAppUser',
    permission: 'proxy:agentUser',
    summary: 'An agent user’s terminal settings',
    body: SaveAgentAppUserBody,
    data: z.null(),
    handler: ({ body, actor, now }) => users.saveAgentAppUser(db, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/user/modifyAgentUserStatus',
    permission: 'proxy:agentUser',
    summary: 'Change an agent user status',
    query: ModifyAgentUserStatusQuery,
    data: z.null(),
    handler: ({ query, actor, now }) => users.modifyAgentUserStatus(db, actor, query, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/user/pageUserServerList',
    permission: 'proxy:agentUser',
    summary: 'Servers of the agent terminal',
    query: UserServerListQuery,
    data: TerminalListResult,
    handler: ({ query }) => users.listTerminalItems(db, { ...query, section: 'serverManage' }),
  });

  api(app, {
    method: 'GET',
    url: '/api/agentTerminal/list',
    permission: 'system:agentBackendConfig',
    summary: 'Agent terminal settings of one page',
    query: TerminalListQuery,
    data: TerminalListResult,
    handler: ({ query }) => users.listTerminalItems(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/agentTerminal/save',
    permission: 'system:agentBackendConfig',
    summary: 'Create or edit an agent terminal setting',
    body: SaveTerminalItemBody,
    data: Id,
    handler: ({ body, actor, now }) => users.saveTerminalItem(db, app.services.secrets, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/agentTerminal/delete',
    permission: 'system:agentBackendConfig',
    summary: 'Delete an agent terminal setting',
    body: DeleteTerminalItemBody,
    data: z.null(),
    handler: ({ body, actor, now }) => users.deleteTerminalItem(db, actor, body.id, now).then(() => null),
  });
}
