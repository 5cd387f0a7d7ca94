import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import type { PaymentChannel, PaymentPreviewResult, PaymentRule } from '@waystation/shared/contract/payment';
import { agents, userLevels } from '../../db/schema';

let t: TestApp;
let admin: string;
let agentId: number;
let vipLevel: number;
let basicLevel: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const now = t.clock.now();
  [{ id: agentId }] = await t.db.insert(agents).values({ agentName: 'pay-test-agent', createdAt: now, updatedAt: now }).returning({ id: agents.id });
  [{ id: vipLevel }, { id: basicLevel }] = await t.db
    .insert(userLevels)
    .values([
      { name: 'PT-VIP', createdAt: now, updatedAt: now },
      { name: 'PT-Basic', createdAt: now, updatedAt: now },
    ])
    .returning({ id: userLevels.id });
});
afterAll(() => t.close());

const channel = async (body: Record<string, unknown>) => {
  const r = await t.call<{ id: number }>('POST', '/api/payment/saveChannel', { token: admin, body: { currency: 'USD', currencies: ['USD'], ...body } });
  expect(r.code, r.message).toBe(20000);
  return r.data.id;
};
const rule = async (body: Record<string, unknown>) => {
  const r = await t.call<{ id: number }>('POST', '/api/payment/saveRule', { token: admin, body: { scenario: 'recharge', currency: 'USD', ...body } });
  expect(r.code, r.message).toBe(20000);
  return r.data.id;
};
const preview = (body: Record<string, unknown>) =>
  t.call<PaymentPreviewResult>('POST', '/api/payment/rulePreview', { token: admin, body: { scenario: 'recharge', currency: 'USD', ...body } });

describe('payment channels', () => {
  it('stores fees and limits in minor units and validates with the SPEC messages', async () => {
    const id = await channel({
      name: 'PT PayPal',
      providerType: 'paypal',
      feePercent: '4.4',
      fixedFee: '0.30',
      minAmount: '1',
      maxAmount: '5000',
      countries: ['US', 'GB'],
    });
    const c = await t.call<PaymentChannel>('GET', '/api/payment/channelDetail', { token: admin, query: { id } });
    expect(c.data).toMatchObject({ feeBp: 440, fixedFee: 30, minAmount: 100, maxAmount: 500000, countries: ['US', 'GB'] });
    const bad = await t.call<{ fields: Record<string, string> }>('POST', '/api/payment/saveChannel', {
      token: admin,
      body: { name: 'x', providerType: 'paypal', currency: 'USD', currencies: [], feePercent: '101', fixedFee: '0.301', minAmount: '10', maxAmount: '5' },
    });
    expect(bad.code).toBe(40001);
    expect(bad.data.fields).toMatchObject({
      currencies: '数组不能为空',
      feePercent: '请输入1~100的数值，最多保留两位小数',
      fixedFee: '请输入整数或保留1~2位小数',
    });
    const unknownCurrency = await t.call('POST', '/api/payment/saveChannel', {
      token: admin,
      body: { name: 'x', providerType: 'usdt', currency: 'XXX', currencies: ['XXX'] },
    });
    expect(unknownCurrency.code).toBe(40001);
  });
});

describe('payment rules and preview', () => {
  let paypal: number;
  let card: number;
  let usdt: number;
  beforeAll(async () => {
    paypal = await channel({ name: 'PV PayPal', providerType: 'paypal', feePercent: '4.4', fixedFee: '0.30' });
    card = await channel({ name: 'PV Card', providerType: 'card', feePercent: '3', minAmount: '5' });
    // Fixed fee in CNY on a USD payment: 7.18 CNY = 1.00 USD at the demo rate.
    usdt = await channel({ name: 'PV USDT', providerType: 'usdt', currency: 'CNY', currencies: ['USD'], fixedFee: '7.18', maxAmount: '718' });
    await rule({ name: 'PV agent VIP', agentIds: [agentId], levelIds: [vipLevel], channelIds: [usdt, paypal], priority: 1 });
    await rule({ name: 'PV everyone', channelIds: [card, paypal, usdt], priority: 5 });
  });

  it('an agent VIP member sees the specific rule, with fees converted to the payment currency', async () => {
    const r = await preview({ agentId, levelId: vipLevel, amount: '50' });
    expect(r.data.rule?.name).toBe('PV agent VIP');
    expect(r.data.channels).toEqual([
      expect.objectContaining({ id: usdt, fee: 100, total: 5100 }),
      expect.objectContaining({ id: paypal, fee: 220 + 30, total: 5250 }),
    ]);
  });

  it('other members fall through to the general rule; channel limits exclude with a reason', async () => {
    const basic = await preview({ agentId, levelId: basicLevel, amount: '3' });
    expect(basic.data.rule?.name).toBe('PV everyone');
    expect(basic.data.excluded).toEqual([expect.objectContaining({ id: card, reason: '金额超出渠道限额' })]);
    expect(basic.data.channels.map((c) => c.id)).toEqual([paypal, usdt]);
    // 200 USD = 1436 CNY, above the USDT channel's 718 CNY maximum.
    const big = await preview({ amount: '200' });
    expect(big.data.excluded.map((e) => e.id)).toEqual([usdt]);
    expect(big.data.channels.map((c) => c.id)).toEqual([card, paypal]);
  });

  it('a disabled channel drops out; no rule for a scenario means no channels; amounts follow the SPEC rule', async () => {
    await t.call('GET', '/api/payment/modifyChannelStatus', { token: admin, query: { id: paypal, status: 'disabled' } });
    const r = await preview({ amount: '20' });
    expect(r.data.excluded).toContainEqual(expect.objectContaining({ id: paypal, reason: '渠道已禁用' }));
    await t.call('GET', '/api/payment/modifyChannelStatus', { token: admin, query: { id: paypal, status: 'activity' } });
    const none = await preview({ scenario: 'patch_pay', currency: 'EUR', amount: '20' });
    expect(none.data).toMatchObject({ rule: null, channels: [] });
    const zero = await t.call<{ fields: Record<string, string> }>('POST', '/api/payment/rulePreview', {
      token: admin,
      body: { scenario: 'recharge', currency: 'USD', amount: '0' },
    });
    expect(zero.data.fields.amount).toBe('金额必须大于0');
    const empty = await t.call<{ fields: Record<string, string> }>('POST', '/api/payment/rulePreview', {
      token: admin,
      body: { scenario: 'recharge', currency: 'USD', amount: '' },
    });
    expect(empty.data.fields.amount).toBe('金额不能为空');
  });

  it('rules list with channel names, refuse unknown references, delete', async () => {
    const list = await t.call<{ list: PaymentRule[] }>('GET', '/api/payment/rulePageList', { token: admin, query: { keyword: 'PV' } });
    expect(list.data.list.find((r) => r.name === 'PV everyone')?.channelNames).toEqual(['PV Card', 'PV PayPal', 'PV USDT']);
    const bad = await t.call('POST', '/api/payment/saveRule', {
      token: admin,
      body: { name: 'x', scenario: 'recharge', currency: 'USD', channelIds: [999999] },
    });
    expect(bad.code).toBe(40001);
    const badLevel = await t.call('POST', '/api/payment/saveRule', {
      token: admin,
      body: { name: 'x', scenario: 'recharge', currency: 'USD', channelIds: [card], levelIds: [999999] },
    });
    expect(badLevel.code).toBe(40001);
    const id = await rule({ name: 'PV temp', channelIds: [card] });
    expect((await t.call('GET', '/api/payment/deleteRule', { token: admin, query: { id } })).code).toBe(20000);
    expect((await t.call('GET', '/api/payment/ruleDetail', { token: admin, query: { id } })).code).toBe(40400);
  });

  it('finance staff manage payments; warehouse staff may not', async () => {
    const fin = await t.login('finance1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/payment/rulePageList', { token: fin })).code).toBe(20000);
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/payment/channelPageList', { token: wh })).code).toBe(40300);
  });
});
