import type { FastifyInstance } from 'fastify';
import {
  agentPageAgentListCall,
  agentDetailCall,
  agentSaveAgentCall,
  agentSaveAgentAppCall,
  agentModifyAgentStatusCall,
  agentSearchByAgentNameCall,
  agentResetAgentPwdCall,
  agentResetAgentTradePwdCall,
  agentResetAgentPhoneCall,
  agentModifyPlatformRebateCall,
  agentModifyWithdrawalAccountCall,
  configPageMainDomainListCall,
  configSaveMainDomainCall,
  configEnableMainDomainListCall,
  profitConfFetchListCall,
  profitConfSaveCall,
  userPageUserListCall,
  userSaveAgentUserCall,
  userSaveAgentAppUserCall,
  userModifyAgentUserStatusCall,
  userPageUserServerListCall,
  agentTerminalListCall,
  agentTerminalSaveCall,
  agentTerminalDeleteCall,
} from '@waystation/shared/contract/proxy';
import { api } from '../../core/http';
import * as config from './config';
import * as service from './service';
import * as users from './users';

export function proxyRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  api(app, agentPageAgentListCall, {
    permission: 'proxy:list',
    summary: 'Agents',
    handler: ({ query }) => service.listAgents(db, query),
  });
  api(app, agentDetailCall, {
    permission: 'proxy:list',
    summary: 'One agent with domains, sales and commission',
    handler: ({ query }) => service.agentDetail(db, query.id),
  });
  api(app, agentSaveAgentCall, {
    permission: 'proxy:list',
    summary: 'Create or edit an agent profile',
    handler: ({ body, actor, now }) => service.saveAgent(db, actor, body, now),
  });
  api(app, agentSaveAgentAppCall, {
    permission: 'proxy:list',
    summary: 'Agent member-site settings',
    handler: ({ body, actor, now }) => service.saveAgentApp(db, actor, body, now).then(() => null),
  });
  api(app, agentModifyAgentStatusCall, {
    permission: 'proxy:list',
    summary: 'Change an agent status (modify_agent_status)',
    verify: 'modify_agent_status',
    verifyTarget: ({ query }) => query.id,
    handler: ({ query, actor, now }) => service.modifyAgentStatus(db, actor, query, now).then(() => null),
  });
  api(app, agentSearchByAgentNameCall, {
    permission: 'authenticated',
    summary: 'Agents by name for selectors',
    handler: ({ query }) => service.searchByName(db, query.keyword),
  });
  api(app, agentResetAgentPwdCall, {
    permission: 'proxy:list',
    summary: 'Reset an agent login password (reset_agent_pwd)',
    verify: 'reset_agent_pwd',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetPassword(db, actor, body.id, body.password, now).then(() => null),
  });
  api(app, agentResetAgentTradePwdCall, {
    permission: 'proxy:list',
    summary: 'Reset an agent trade password (reset_agent_trade_pwd)',
    verify: 'reset_agent_trade_pwd',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetTradePassword(db, actor, body.id, body.tradePassword, now).then(() => null),
  });
  api(app, agentResetAgentPhoneCall, {
    permission: 'proxy:list',
    summary: 'Reset an agent phone (reset_agent_phone)',
    verify: 'reset_agent_phone',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.resetPhone(db, actor, body.id, body.phone, now).then(() => null),
  });
  api(app, agentModifyPlatformRebateCall, {
    permission: 'proxy:list',
    summary: 'Change an agent platform rebate (modify_agent_platform_rebate)',
    verify: 'modify_agent_platform_rebate',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyRebate(db, actor, body.id, body.rebate, now).then(() => null),
  });
  api(app, agentModifyWithdrawalAccountCall, {
    permission: 'proxy:list',
    summary: 'Change an agent withdrawal account (modify_agent_withdrawal_account)',
    verify: 'modify_agent_withdrawal_account',
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, actor, now }) => service.modifyWithdrawalAccount(db, actor, body.id, body.account, now).then(() => null),
  });

  api(app, configPageMainDomainListCall, {
    permission: 'proxy:list',
    summary: 'Main domains',
    handler: ({ query }) => config.listDomains(db, query),
  });
  api(app, configSaveMainDomainCall, {
    permission: 'proxy:list',
    summary: 'Create or edit a main domain',
    handler: ({ body, actor, now }) => config.saveDomain(db, actor, body, now),
  });
  api(app, configEnableMainDomainListCall, {
    permission: 'authenticated',
    summary: 'Active main domains for selectors',
    handler: () => config.domainOptions(db),
  });
  api(app, profitConfFetchListCall, {
    permission: 'proxy:list',
    summary: 'Commission tiers (platform default and per agent)',
    handler: ({ query }) => config.listProfitConfs(db, query.agentId),
  });
  api(app, profitConfSaveCall, {
    permission: 'proxy:list',
    summary: 'Create or edit a commission tier',
    handler: ({ body, actor, now }) => config.saveProfitConf(db, actor, body, now),
  });

  api(app, userPageUserListCall, {
    permission: 'proxy:agentUser',
    summary: 'Agent users',
    handler: ({ query }) => users.listAgentUsers(db, query),
  });
  api(app, userSaveAgentUserCall, {
    permission: 'proxy:agentUser',
    summary: 'Create or edit an agent user',
    handler: ({ body, actor, now }) => users.saveAgentUser(db, actor, body, now),
  });
  api(app, userSaveAgentAppUserCall, {
    permission: 'proxy:agentUser',
    summary: 'An agent user’s terminal settings',
    handler: ({ body, actor, now }) => users.saveAgentAppUser(db, actor, body, now).then(() => null),
  });
  api(app, userModifyAgentUserStatusCall, {
    permission: 'proxy:agentUser',
    summary: 'Change an agent user status',
    handler: ({ query, actor, now }) => users.modifyAgentUserStatus(db, actor, query, now).then(() => null),
  });
  api(app, userPageUserServerListCall, {
    permission: 'proxy:agentUser',
    summary: 'Servers of the agent terminal',
    handler: ({ query }) => users.listTerminalItems(db, { ...query, section: 'serverManage' }),
  });

  api(app, agentTerminalListCall, {
    permission: 'system:agentBackendConfig',
    summary: 'Agent terminal settings of one page',
    handler: ({ query }) => users.listTerminalItems(db, query),
  });
  api(app, agentTerminalSaveCall, {
    permission: 'system:agentBackendConfig',
    summary: 'Create or edit an agent terminal setting',
    handler: ({ body, actor, now }) => users.saveTerminalItem(db, app.services.secrets, actor, body, now),
  });
  api(app, agentTerminalDeleteCall, {
    permission: 'system:agentBackendConfig',
    summary: 'Delete an agent terminal setting',
    handler: ({ body, actor, now }) => users.deleteTerminalItem(db, actor, body.id, now).then(() => null),
  });
}
