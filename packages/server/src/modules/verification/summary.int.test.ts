import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { newMember, superAdminId } from '../../testing/factories/money-people';
import { outboxMessages } from '../../db/schema';
import { desc } from 'drizzle-orm';

let t: TestApp;
let finance: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  finance = await t.login('finance1', DEMO_PASSWORD);
});
afterAll(() => t.close());

type Required = { request: string; summary: { label: string; value: string }[] };

describe('what the verifier approves (the 42800 summary)', () => {
  it('names each value and shows it as staff read it, in the caller’s language; the code message has it in Chinese', async () => {
    const m = await newMember(t);
    const body = { memberId: m.id, direction: 'add', amount: '100', remark: '客服补偿', requestId: 'summary-1' };
    const zh = await t.call<Required>('POST', '/api/vip/modifyAmount', { token: finance, body });
    expect(zh.code).toBe(42800);
    expect(zh.data.summary).toEqual([
      { label: '会员', value: m.userCode },
      { label: '方向', value: '增加' },
      { label: '金额', value: '100.00 CNY' },
      { label: '备注', value: '客服补偿' },
    ]);
    const en = await t.call<Required>('POST', '/api/vip/modifyAmount', { token: finance, body, headers: { 'accept-language': 'en' } });
    expect(en.data.summary).toEqual([
      { label: 'Member', value: m.userCode },
      { label: 'Direction', value: 'Add' },
      { label: 'Amount', value: '100.00 CNY' },
      { label: 'Remark', value: '客服补偿' },
    ]);
    const verifier = await superAdminId(t);
    const sent = await t.call('POST', '/api/admin/sendVerifyCode', {
      token: finance,
      body: { type: 'modify_user_amount', subjectId: verifier, request: en.data.request },
      headers: { 'accept-language': 'en' },
    });
    expect(sent.code).toBe(20000);
    const [message] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipientAdminId, verifier)).orderBy(desc(outboxMessages.id)).limit(1);
    expect(message.body).toContain(`会员: ${m.userCode}；方向: 增加；金额: 100.00 CNY`);
  });

  it('shows a package by its number, money in major units with its currency, a status by its label', async () => {
    const [p] = await t.db.select({ id: packages.id, packageNo: packages.packageNo, currency: packages.currency }).from(packages).limit(1);
    const freight = await t.call<Required>('POST', '/api/warehouse/package/modifyFreight', {
      token: admin,
      body: { id: p.id, reason: '更正', freightReal: 12345 },
      headers: { 'accept-language': 'en' },
    });
    expect(freight.code).toBe(42800);
    expect(freight.data.summary).toEqual([
      { label: 'Package', value: p.packageNo },
      { label: 'Reason', value: '更正' },
      { label: 'Freight', value: `123.45 ${p.currency}` },
    ]);
    const status = await t.call<Required>('POST', '/api/warehouse/package/modifyStatus', {
      token: admin,
      body: { id: p.id, reason: '更正', status: 'exception' },
    });
    expect(status.data.summary.find((l) => l.label === '状态')?.value).toBe('异常');
    const [same] = await t.db.select({ no: packages.packageNo }).from(packages).where(eq(packages.id, p.id));
    expect(same.no).toBe(p.packageNo);
  });

  it('never shows a password', async () => {
    const res = await t.call<Required>('POST', '/api/agent/resetAgentPwd', { token: admin, body: { id: 1, password: 'Secret123' } });
    expect(res.code).toBe(42800);
    expect(JSON.stringify(res.data.summary)).not.toContain('Secret123');
  });
});
