import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleMessage } from '@waystation/shared/rules';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { newMember } from '../testing/factories/money-people';

let t: TestApp;
let admin: string;
let marketing: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  marketing = await t.login('marketing1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type Refusal = { code: number; message: string; data: { fields: Record<string, string> } };
const CHINESE = /[\u4e00-\u9fff]/;
const LIBRARY_TEXT = /Invalid input|Too (big|small)|expected|received|数值过|期望/;

async function refusal(lang: 'zh-CN' | 'en', url: string, body: unknown, token = admin): Promise<Refusal> {
  const res = await t.call<Refusal['data']>('POST', url, { token, body, headers: { 'accept-language': lang } });
  expect(res.code, res.message).toBe(40001);
  // A field message is a sentence for a person: never "name: …", never library text.
  for (const text of [res.message, ...Object.values(res.data.fields)]) {
    expect(text).not.toMatch(/^[A-Za-z_.\d]+\s*[:：]/);
    expect(text).not.toMatch(LIBRARY_TEXT);
    if (lang === 'en') expect(text).not.toMatch(CHINESE);
  }
  expect(res.message).toBe(Object.values(res.data.fields)[0]);
  return res as Refusal;
}

const staff = (over: Record<string, unknown>) => ({ username: 'clerk_1', name: '小王', password: 'abc12345', roles: ['admin'], ...over });
const coupon = (over: Record<string, unknown>) => ({
  name: '满100减10',
  discountType: 'amount',
  amount: '10',
  minSpend: '100',
  scope: 'purchase',
  validityType: 'days',
  validDays: 30,
  perMemberLimit: 1,
  ...over,
});

describe('40001 field messages in the caller’s language', () => {
  it('an over-long staff name: the limit in Chinese and in English', async () => {
    const zh = await refusal('zh-CN', '/api/admin/saveData', staff({ name: 'x'.repeat(65) }));
    expect(zh.data.fields).toEqual({ name: '最多 64 个字符' });
    const en = await refusal('en', '/api/admin/saveData', staff({ name: 'x'.repeat(65) }));
    expect(en.data.fields).toEqual({ name: 'At most 64 characters' });
  });

  it('the schema’s own message and a missing field', async () => {
    const zh = await refusal('zh-CN', '/api/admin/saveData', staff({ username: 'a', name: undefined }));
    expect(zh.data.fields).toEqual({ username: '用户名需为3~32位字母、数字或下划线', name: '此项为必填项' });
    const en = await refusal('en', '/api/admin/saveData', staff({ username: 'a', name: undefined }));
    expect(en.data.fields).toEqual({ username: 'The username must be 3–32 letters, digits or underscores', name: 'This field is required' });
  });

  it('a negative per-member limit and a 3-decimal amount on a coupon are refused, never changed', async () => {
    const zh = await refusal('zh-CN', '/api/marketing/coupon/saveConst', coupon({ perMemberLimit: -1, amount: '1.005' }), marketing);
    expect(zh.data.fields).toEqual({ perMemberLimit: '不能小于 1', amount: RuleMessage.amountFormat });
    const en = await refusal('en', '/api/marketing/coupon/saveConst', coupon({ perMemberLimit: -1, amount: '1.005' }), marketing);
    expect(en.data.fields).toEqual({ perMemberLimit: 'Must be at least 1', amount: 'Enter a positive number, whole or with 1 or 2 decimals' });
  });

  it('a manual credit over the operation limit', async () => {
    const m = await newMember(t);
    const body = { memberId: m.id, direction: 'add', amount: '99999999999', remark: '补偿', requestId: 'req-validation-1' };
    expect((await refusal('zh-CN', '/api/vip/modifyAmount', body)).data.fields).toEqual({ amount: RuleMessage.amountTooLarge });
    expect((await refusal('en', '/api/vip/modifyAmount', body)).data.fields).toEqual({ amount: 'One amount cannot exceed 10,000,000.00' });
  });

  it('negative and decimal grams in the freight calculator', async () => {
    const body = { countryCode: 'US', weightG: -100, lengthMm: 10.5 };
    expect((await refusal('zh-CN', '/api/logistics/freightQuote', body)).data.fields).toEqual({ weightG: '重量必须大于0', lengthMm: RuleMessage.integer });
    expect((await refusal('en', '/api/logistics/freightQuote', body)).data.fields).toEqual({
      weightG: 'The weight must be greater than 0',
      lengthMm: 'Enter a whole number',
    });
  });

  it('an unknown field and a service’s own refusal', async () => {
    expect((await refusal('en', '/api/admin/saveData', staff({ nickname: 'x' }))).data.fields).toEqual({ nickname: 'Unsupported field: nickname' });
    const zh = await refusal('zh-CN', '/api/admin/saveData', staff({ roles: ['no_such_role'] }));
    expect(zh.data.fields).toEqual({ roles: '角色不存在：no_such_role' });
    expect((await refusal('en', '/api/admin/saveData', staff({ roles: ['no_such_role'] }))).data.fields).toEqual({ roles: 'Unknown role: no_such_role' });
  });

  it('a query string is checked the same way', async () => {
    const res = await t.call<Refusal['data']>('GET', '/api/admin/fetchList', { token: admin, query: { page: '0' }, headers: { 'accept-language': 'en' } });
    expect(res.code).toBe(40001);
    expect(res.data.fields).toEqual({ page: 'Must be at least 1' });
  });
});
