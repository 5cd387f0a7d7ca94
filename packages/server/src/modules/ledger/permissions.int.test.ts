import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';

/** Every call of the money-and-people domain against every demo role: 40300 exactly when the role lacks the key. */
const ROUTES: [method: 'GET' | 'POST', url: string, permission: string][] = [
  ['GET', '/api/verify/configList', 'system:verifyConfig'],
  ['POST', '/api/verify/saveConfig', 'system:verifyConfig'],
  ['GET', '/api/vip/pageList', 'vip:list'],
  ['GET', '/api/vip/detail', 'vip:list'],
  ['GET', '/api/vip/transactions', 'vip:list'],
  ['POST', '/api/vip/modifyAmount', 'vip:list'],
  ['POST', '/api/vip/modifyCommission', 'vip:list'],
  ['POST', '/api/vip/modifyAddress', 'vip:list'],
  ['POST', '/api/vip/modifyStatus', 'vip:list'],
  ['POST', '/api/vip/modifyKfc', 'vip:list'],
  ['GET', '/api/user/fetchUserLevelList', 'vip:userLevel'],
  ['POST', '/api/user/saveUserLevel', 'vip:userLevel'],
  ['GET', '/api/transaction/pageList', 'transaction:list'],
  ['GET', '/api/transaction/detail', 'transaction:list'],
  ['GET', '/api/afterSales/refundList', 'afterSales:refunded'],
  ['GET', '/api/afterSales/refundDetail', 'afterSales:refunded'],
  ['POST', '/api/afterSales/createRefund', 'afterSales:refunded'],
  ['POST', '/api/afterSales/refundReview', 'afterSales:refunded'],
  ['GET', '/api/afterSales/returnList', 'afterSales:returnReview'],
  ['POST', '/api/afterSales/returnReview', 'afterSales:returnReview'],
  ['POST', '/api/afterSales/returnSend', 'afterSales:returnReview'],
  ['POST', '/api/afterSales/returnSign', 'afterSales:returnReview'],
  ['GET', '/api/agent/pageAgentList', 'proxy:list'],
  ['POST', '/api/agent/saveAgent', 'proxy:list'],
  ['GET', '/api/agent/modifyAgentStatus', 'proxy:list'],
  ['POST', '/api/agent/resetAgentPwd', 'proxy:list'],
  ['POST', '/api/agent/modifyPlatformRebate', 'proxy:list'],
  ['POST', '/api/agent/modifyWithdrawalAccount', 'proxy:list'],
  ['GET', '/api/config/pageMainDomainList', 'proxy:list'],
  ['POST', '/api/config/saveMainDomain', 'proxy:list'],
  ['GET', '/api/profitConf/fetchList', 'proxy:list'],
  ['POST', '/api/profitConf/save', 'proxy:list'],
  ['GET', '/api/user/pageUserList', 'proxy:agentUser'],
  ['POST', '/api/user/saveAgentUser', 'proxy:agentUser'],
  ['GET', '/api/user/modifyAgentUserStatus', 'proxy:agentUser'],
  ['GET', '/api/user/pageUserServerList', 'proxy:agentUser'],
  ['GET', '/api/agentTerminal/list', 'system:agentBackendConfig'],
  ['POST', '/api/agentTerminal/save', 'system:agentBackendConfig'],
  ['GET', '/api/finance/agentWithdrawal/pageList', 'finance:agentWithdrawalManage'],
  ['POST', '/api/finance/agentWithdrawal/review', 'finance:agentWithdrawalManage'],
  ['POST', '/api/finance/agentWithdrawal/pay', 'finance:agentWithdrawalManage'],
  ['POST', '/api/finance/settleCommission', 'finance:agentWithdrawalManage'],
];
const USERS = ['warehouse1', 'purchaser1', 'finance1', 'cs1', 'marketing1', 'ops1'];

let t: TestApp;
const sessions = new Map<string, { token: string; permissions: Set<string> }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of USERS) {
    const token = await t.login(u, DEMO_PASSWORD);
    const info = await t.call<{ permissions: string[] }>('GET', '/api/admin/info', { token });
    sessions.set(u, { token, permissions: new Set(info.data.permissions) });
  }
});
afterAll(() => t.close());

describe('permission matrix of the money-and-people calls', () => {
  it.each(USERS)('%s', async (user) => {
    const { token, permissions } = sessions.get(user)!;
    const wrong: string[] = [];
    for (const [method, url, permission] of ROUTES) {
      // Invalid input on purpose: a permitted call answers 40001/40400, a refused one 40300 before reading it.
      const res = await t.call(method, url, { token, ...(method === 'POST' ? { body: { bogus: 1 } } : { query: { bogus: '1' } }) });
      const refused = res.code === 40300;
      if (refused === permissions.has(permission)) wrong.push(`${method} ${url} → ${res.code} (has ${permission}: ${permissions.has(permission)})`);
      if (res.code === 20000 && !url.endsWith('settleCommission')) wrong.push(`${method} ${url} accepted bogus input`);
    }
    expect(wrong).toEqual([]);
  });

  it('grants the screens to the roles whose job they are', () => {
    const has = (u: string, p: string) => sessions.get(u)!.permissions.has(p);
    expect(has('finance1', 'finance:agentWithdrawalManage') && has('finance1', 'transaction:list') && has('finance1', 'vip:list')).toBe(true);
    expect(has('cs1', 'afterSales:refunded') && has('cs1', 'vip:list') && !has('cs1', 'transaction:list')).toBe(true);
    expect(has('ops1', 'proxy:list') && has('ops1', 'system:agentBackendConfig') && !has('ops1', 'finance:agentWithdrawalManage')).toBe(true);
    expect(has('warehouse1', 'vip:list') || has('warehouse1', 'proxy:list')).toBe(false);
  });
});
