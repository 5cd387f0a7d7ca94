import { and, desc, eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SensitiveOperation } from '@waystation/shared/vocab/account';
import { auditLogs, ledgerEntries, refundRequests } from '../../db/schema';
import { consumeTicket, digestOf, sealPending, summaryOf, VERIFICATION_DISABLED_MESSAGE } from '../../core/verification';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { adminIdOf, enableVerify, lastCodeFor, newMember, newRefund, restoreSeededVerify, ticketFor, withTicket } from '../../testing/factories/money-people';

let t: TestApp;
let admin: string;
let adminId: number;
let finance: string;
let financeId: number;
let cs: string;
let csId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = await adminIdOf(t, admin);
  finance = await t.login('finance1', DEMO_PASSWORD);
  financeId = await adminIdOf(t, finance);
  cs = await t.login('cs1', DEMO_PASSWORD);
  csId = await adminIdOf(t, cs);
});
afterAll(() => t.close());

const actor = () => ({ id: financeId, name: 'finance1', ip: '127.0.0.1' });

describe('configuration', () => {
  it('lists all 21 types: after the first start every type but admin_login is on, with the super admin as verifier', async () => {
    const res = await t.call<{ type: string; enabled: boolean; subjects: { id: number; username: string }[] }[]>('GET', '/api/verify/configList', {
      token: admin,
    });
    expect(res.data.map((c) => c.type)).toEqual(SensitiveOperation.values);
    for (const c of res.data) {
      if (c.type === 'admin_login') expect(c, c.type).toMatchObject({ enabled: false, subjects: [] });
      else expect(c, c.type).toMatchObject({ enabled: true, subjects: [{ id: adminId, username: 'admin' }] });
    }
    const check = await t.call('GET', '/api/admin/verifyEnable', { token: finance, query: { type: 'refund_review' } });
    expect(check.data).toEqual({ enable: true, subjectList: [{ id: adminId, name: '超级管理员', username: 'admin', totp: false }] });
    const login = await t.call('GET', '/api/admin/verifyEnable', { token: finance, query: { type: 'admin_login' } });
    expect(login.data).toEqual({ enable: false, subjectList: [] });
  });

  it('refuses the calls of a type switched off (40300), writing nothing but the audited refusal; switched on again they need a ticket (42800)', async () => {
    await restoreSeededVerify(t, 'refund_review', admin);
    const m = await newMember(t);
    const r = await newRefund(t, m.id, { amount: 700 });
    const review = (headers?: Record<string, string>) =>
      t.call<{ status: string; type: string }>('POST', '/api/afterSales/refundReview', {
        token: finance,
        body: { id: r.id, result: 'REVIEW_SUCCESS' },
        headers,
      });
    // A ticket obtained while the type was on does not open it once it is off.
    const early = await ticketFor(t, finance, 'refund_review', r.id, adminId, {
      url: '/api/afterSales/refundReview',
      body: { id: r.id, result: 'REVIEW_SUCCESS' },
    });
    const off = await t.call('POST', '/api/verify/saveConfig', { token: admin, body: { type: 'refund_review', enabled: false, subjectIds: [] } });
    expect(off.code).toBe(20000);
    expect((await t.call('GET', '/api/admin/verifyEnable', { token: finance, query: { type: 'refund_review' } })).data).toEqual({
      enable: false,
      subjectList: [],
    });
    for (const headers of [undefined, withTicket(early)]) {
      const refused = await review(headers);
      expect(refused.code).toBe(40300);
      expect(refused.message).toBe(VERIFICATION_DISABLED_MESSAGE);
    }
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, r.id));
    expect(row).toMatchObject({ status: 'return_refund_check', reviewResult: null });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'verify.refused'), eq(auditLogs.targetType, 'refund_review'), eq(auditLogs.targetId, String(r.id))));
    expect(audit.map((a) => [a.actorId, a.result, a.after])).toEqual([
      // The verify dialog's first call, without a ticket: the server answers with the operation to approve.
      [financeId, 'refused', { reason: 'missing' }],
      [financeId, 'refused', { reason: 'disabled' }],
      [financeId, 'refused', { reason: 'disabled' }],
    ]);

    await restoreSeededVerify(t, 'refund_review', admin);
    const missing = await review();
    expect(missing.code).toBe(42800);
    expect(missing.data.type).toBe('refund_review');
    const ok = await review(withTicket(await ticketFor(t, finance, 'refund_review', r.id, adminId, (missing.data as unknown as { request: string }).request)));
    expect(ok.code).toBe(20000);
    expect(ok.data.status).toBe('refunded');
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.ownerId, m.id));
    expect(rows.map((x) => [x.type, x.amount])).toEqual([['refund', 700]]);
  });

  it('is only for holders of system:verifyConfig, and enabling needs a verifier', async () => {
    const refused = await t.call('POST', '/api/verify/saveConfig', { token: finance, body: { type: 'refund_review', enabled: true, subjectIds: [financeId] } });
    expect(refused.code).toBe(40300);
    const empty = await t.call<{ fields: Record<string, string> }>('POST', '/api/verify/saveConfig', {
      token: admin,
      body: { type: 'refund_review', enabled: true, subjectIds: [] },
    });
    expect(empty.code).toBe(40001);
    await enableVerify(t, 'refund_review', [csId], admin);
    const check = await t.call<{ enable: boolean; subjectList: { id: number; totp: boolean }[] }>('GET', '/api/admin/verifyEnable', {
      token: finance,
      query: { type: 'refund_review' },
    });
    expect(check.data.enable).toBe(true);
    expect(check.data.subjectList.map((s) => s.id)).toEqual([csId]);
    const subjects = await t.call<{ id: number }[]>('GET', '/api/admin/fetchVerifySubjectList', { token: finance, query: { type: 'refund_review' } });
    expect(subjects.data.map((s) => s.id)).toEqual([csId]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'verify.saveConfig'), eq(auditLogs.targetId, 'refund_review')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit.before).toEqual({ enabled: true, subjectIds: [adminId] });
    expect(audit.after).toEqual({ enabled: true, subjectIds: [csId] });
  });
});

describe('codes', () => {
  it('sends a code only to a configured verifier, at most once a minute, through the outbox', async () => {
    await enableVerify(t, 'modify_user_status', [csId], admin);
    const notSubject = await t.call('POST', '/api/admin/sendVerifyCode', { token: finance, body: { type: 'modify_user_status', subjectId: adminId } });
    expect(notSubject.code).toBe(40001);
    await t.call('POST', '/api/verify/saveConfig', { token: admin, body: { type: 'query_discord', enabled: false, subjectIds: [] } });
    const disabled = await t.call('POST', '/api/admin/sendVerifyCode', { token: finance, body: { type: 'query_discord', subjectId: adminId } });
    expect(disabled.code).toBe(40900);
    await restoreSeededVerify(t, 'query_discord', admin);
    t.clock.advance(61_000);
    const sent = await t.call<{ channel: string }>('POST', '/api/admin/sendVerifyCode', {
      token: finance,
      body: { type: 'modify_user_status', subjectId: csId },
    });
    expect(sent.code).toBe(20000);
    expect(sent.data.channel).toBe('outbox');
    const again = await t.call('POST', '/api/admin/sendVerifyCode', { token: finance, body: { type: 'modify_user_status', subjectId: csId } });
    expect(again.code).toBe(42900);
    // Only super admins read the outbox.
    expect((await t.call('GET', '/api/verify/outbox', { token: finance })).code).toBe(40300);
    const outbox = await t.call<{ list: { recipient: string; body: string }[] }>('GET', '/api/verify/outbox', { token: admin });
    expect(outbox.data.list[0].recipient).toBe('cs1');
    expect(outbox.data.list[0].body).toMatch(/验证码 \d{6}/);
  });

  it('refuses a wrong code and stops after five failures', async () => {
    await enableVerify(t, 'modify_user_kfc', [csId], admin);
    const token = await t.login('ops1', DEMO_PASSWORD);
    t.clock.advance(61_000);
    await t.call('POST', '/api/admin/sendVerifyCode', { token, body: { type: 'modify_user_kfc', subjectId: csId } });
    const code = await lastCodeFor(t, csId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/doLoginVerify', {
        token,
        body: { type: 'modify_user_kfc', subjectId: csId, code: wrong },
      });
      expect(res.code).toBe(40001);
      expect(res.data.fields.code).toBe('验证码错误');
    }
    const locked = await t.call('POST', '/api/admin/doLoginVerify', { token, body: { type: 'modify_user_kfc', subjectId: csId, code } });
    expect(locked.code).toBe(42900);
    t.clock.advanceMinutes(16);
    // The code itself is spent after five wrong tries: a new one is needed.
    const spent = await t.call<{ fields: Record<string, string> }>('POST', '/api/admin/doLoginVerify', {
      token,
      body: { type: 'modify_user_kfc', subjectId: csId, code },
    });
    expect(spent.data.fields.code).toBe('验证码已失效，请重新发送');
  });

  it('expires codes after five minutes', async () => {
    await enableVerify(t, 'reset_agent_pwd', [csId], admin);
    t.clock.advance(61_000);
    await t.call('POST', '/api/admin/sendVerifyCode', { token: finance, body: { type: 'reset_agent_pwd', subjectId: csId } });
    const code = await lastCodeFor(t, csId);
    t.clock.advanceMinutes(6);
    const res = await t.call('POST', '/api/admin/doLoginVerify', { token: finance, body: { type: 'reset_agent_pwd', subjectId: csId, code } });
    expect(res.code).toBe(40001);
  });
});

describe('tickets', () => {
  it.each(SensitiveOperation.values.map((type) => [type]))(
    '%s: refused while switched off, refused without a ticket, accepted once with one, refused with a reused, expired or foreign ticket',
    async (type) => {
      const target = `T-${type}`;
      const values = { amount: '12.00' };
      // No route behind these checks: the pending operation is sealed as the server's 42800 would seal it.
      const request = () =>
        sealPending(t.app.services.secrets, { type, target, operatorId: financeId, digest: digestOf(values), summary: summaryOf(values) }, t.clock.now());
      const check = (ticket: string | undefined, opts: { type?: SensitiveOperation; target?: string; operatorId?: number; digest?: string } = {}) =>
        consumeTicket(t.db, {
          type: opts.type ?? type,
          operatorId: opts.operatorId ?? financeId,
          target: opts.target ?? target,
          digest: opts.digest ?? digestOf(values),
          ticket,
          actor: actor(),
          now: t.clock.now(),
        });
      // Switched off: refused outright (SPEC §6).
      await t.call('POST', '/api/verify/saveConfig', { token: admin, body: { type, enabled: false, subjectIds: [] } });
      await expect(check(undefined)).rejects.toMatchObject({ code: 40300, message: VERIFICATION_DISABLED_MESSAGE });
      await enableVerify(t, type, [csId, adminId], admin);
      await expect(check(undefined)).rejects.toMatchObject({ code: 42800, data: { type, target } });
      const ticket = await ticketFor(t, finance, type, target, csId, request());
      await expect(check(ticket, { target: `${target}-other` })).rejects.toMatchObject({ code: 42800 });
      // Bound to the values the verifier saw: the same ticket for another amount is refused.
      await expect(check(ticket, { digest: digestOf({ amount: '0.01' }) })).rejects.toMatchObject({ code: 42800 });
      await expect(check(ticket, { operatorId: csId })).rejects.toMatchObject({ code: 42800 });
      const otherType = SensitiveOperation.values.find((v) => v !== type)!;
      await enableVerify(t, otherType, [csId], admin);
      await expect(check(ticket, { type: otherType })).rejects.toMatchObject({ code: 42800 });
      await expect(check(ticket)).resolves.toBeTypeOf('number');
      await expect(check(ticket)).rejects.toMatchObject({ code: 42800 });
      const late = await ticketFor(t, finance, type, target, adminId, request());
      t.clock.advanceMinutes(6);
      await expect(check(late)).rejects.toMatchObject({ code: 42800 });
      const refusals = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'verify.refused'), inArray(auditLogs.targetId, [target, `${target}-other`])));
      expect(refusals.map((r) => (r.after as { reason: string }).reason).sort()).toEqual(
        ['disabled', 'expired', 'missing', 'other_operator', 'other_target', 'other_type', 'other_values', 'used'].sort(),
      );
      expect(refusals.every((r) => r.result === 'refused')).toBe(true);
      for (const ty of [type, otherType]) await restoreSeededVerify(t, ty, admin);
    },
  );
});

describe('authenticator app', () => {
  it('enrols with a QR code and verifies with TOTP; a code is accepted once', async () => {
    const token = await t.login('marketing1', DEMO_PASSWORD);
    const id = await adminIdOf(t, token);
    const setup = await t.call<{ secret: string; qrDataUrl: string }>('POST', '/api/verify/totp/setup', { token });
    expect(setup.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    const bad = await t.call('POST', '/api/verify/totp/confirm', { token, body: { code: '000000' } });
    expect(bad.code).toBe(40001);
    const ok = await t.call('POST', '/api/verify/totp/confirm', { token, body: { code: await generate({ secret: setup.data.secret, epoch: epoch() }) } });
    expect(ok.code).toBe(20000);
    expect((await t.call('GET', '/api/verify/totp/status', { token })).data).toEqual({ enrolled: true });

    await enableVerify(t, 'modify_agent_status', [id], admin);
    const subjects = await t.call<{ id: number; totp: boolean }[]>('GET', '/api/admin/fetchVerifySubjectList', {
      token: finance,
      query: { type: 'modify_agent_status' },
    });
    expect(subjects.data).toMatchObject([{ id, totp: true }]);
    t.clock.advance(30_000);
    const code = await generate({ secret: setup.data.secret, epoch: epoch() });
    const res = await t.call<{ ticket: string }>('POST', '/api/admin/doLoginVerify', {
      token: finance,
      body: { type: 'modify_agent_status', subjectId: id, code, method: 'totp', target: '7' },
    });
    expect(res.code).toBe(20000);
    expect(res.data.ticket).toBeTruthy();
    const replay = await t.call('POST', '/api/admin/doLoginVerify', {
      token: finance,
      body: { type: 'modify_agent_status', subjectId: id, code, method: 'totp', target: '7' },
    });
    expect(replay.code).toBe(40001);
  });
});
