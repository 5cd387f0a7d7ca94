import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AgentCommissionList,
  AgentLoginBody,
  AgentMemberList,
  AgentMemberQuery,
  AgentProfile,
  AgentSettings,
  AgentSessionResult,
  AgentWithdrawal,
  AgentWithdrawalList,
  AgentWithdrawBody,
} from '@waystation/shared/contract/openAgent';
import { OrderListQuery } from '@waystation/shared/contract/openOrders';
import { openApi } from './http';
import * as agentTerminal from '../proxy/agentTerminal';
import { agentActor } from '../proxy/agentTerminal';
import * as withdrawals from '../finance/agentWithdrawals';

/** The agent terminal's calls (SPEC terminal appId 2), under /api/open/v1/agent: an agent's token opens only these. */
export function agentTerminalRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  openApi(app, {
    method: 'POST',
    path: '/agent/auth/login',
    auth: 'public',
    summary: 'Agent name or email + the password staff set → an agent-terminal token (Authorization: Bearer …)',
    body: AgentLoginBody,
    data: AgentSessionResult,
    withoutIdempotencyKey: 'signing in creates no business record; a retry simply signs in again',
    ratePerMinute: 20,
    handler: ({ body, now }) => agentTerminal.agentLogin(db, body, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/agent/auth/logout',
    auth: 'agent',
    summary: 'Ends this agent token',
    data: z.null(),
    withoutIdempotencyKey: 'ending a session twice is the same as once',
    handler: ({ agent, now }) => agentTerminal.agentLogout(db, agent, now),
  });
  openApi(app, {
    method: 'GET',
    path: '/agent/me',
    auth: 'agent',
    summary: 'The signed-in agent: rebate, member count, commission balance',
    data: AgentProfile,
    handler: ({ agent }) => agentTerminal.agentProfile(db, agent.id),
  });
  openApi(app, {
    method: 'GET',
    path: '/agent/settings',
    auth: 'agent',
    summary: 'The agent terminal’s settings: bots, customer-service servers, member settings, share texts, and the agent’s own domains',
    data: AgentSettings,
    handler: ({ agent }) => agentTerminal.agentSettings(db, agent.id),
  });
  openApi(app, {
    method: 'GET',
    path: '/agent/members',
    auth: 'agent',
    summary: 'The agent’s own members (emails masked) with their paid orders',
    query: AgentMemberQuery,
    data: AgentMemberList,
    handler: ({ agent, query }) => agentTerminal.agentMembers(db, agent.id, query),
  });
  openApi(app, {
    method: 'GET',
    path: '/agent/commissions',
    auth: 'agent',
    summary: 'The agent’s commission account: accruals on its members’ payments, withdrawals held and released',
    query: OrderListQuery,
    data: AgentCommissionList,
    handler: ({ agent, query }) => agentTerminal.agentCommissions(db, agent.id, query),
  });
  openApi(app, {
    method: 'GET',
    path: '/agent/withdrawals',
    auth: 'agent',
    summary: 'The agent’s withdrawal requests, newest first',
    query: OrderListQuery,
    data: AgentWithdrawalList,
    handler: ({ agent, query }) => withdrawals.agentWithdrawalList(db, agent.id, query),
  });
  openApi(app, {
    method: 'POST',
    path: '/agent/withdrawals',
    auth: 'agent',
    summary: 'Asks for a withdrawal of commission (trade password); the amount is held until finance reviews it',
    body: AgentWithdrawBody,
    data: AgentWithdrawal,
    ratePerMinute: 20,
    handler: ({ agent, body, idempotencyKey, req, now }) => withdrawals.agentWithdraw(db, agent, body, idempotencyKey, agentActor(agent, req.ip), now),
  });
}
