import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterStarted, SessionResult } from '@waystation/shared/contract/openAccounts';
import { memberAuthTries, memberCredentials, memberResetCodes, members, memberSignups, outboxMessages, siteApiKeys } from '../db/schema';
import { pruneOpenState } from '../modules/open/http';
import { hashToken } from '../core/auth';
import { hashPassword } from '../core/password';
import { nextId } from '../db';
import { channelIdOf, newShelvedItem } from '../modules/goodsOut/factory';
import { emailCode } from '../testing/member';
import { createTestApp, type TestApp } from '../testing/server';

/**
 * Issue #28 (member accounts): reset codes cannot be guessed, sign-in waits hold per email whatever address the caller
 * uses, a password sign-up proves its email before any account exists (no pre-hijack of a later Google/Discord
 * sign-in), sign-up does not tell a taken email, and no member answer names another member's item code.
 */
let t: TestApp;
let seq = 0;
let siteKey: string;

beforeAll(async () => {
  t = await createTestApp();
  siteKey = `wsk_member_accounts_${Date.now()}`;
  const now = t.clock.now();
  await t.db.insert(siteApiKeys).values({ name: 'member site', prefix: siteKey.slice(0, 10), keyHash: hashToken(siteKey), createdAt: now, updatedAt: now });
});
afterAll(() => t.close());

/** A member-API call from an address (a fresh Idempotency-Key on writes). */
const open = <T = unknown>(path: string, body: unknown, o: { ip?: string; token?: string; site?: boolean } = {}) =>
  t.call<T>('POST', `/api/open/v1${path}`, {
    body,
    ip: o.ip ?? '10.28.0.1',
    headers: {
      'idempotency-key': `member-accounts-${Date.now()}-${++seq}`,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.site ? { 'x-api-key': siteKey } : {}),
    },
  });
const newEmail = (tag: string) => `${tag}-${Date.now()}-${++seq}@example.com`;

/** A member who signs up with a password and types the code from the mail. */
async function member(tag: string) {
  const email = newEmail(tag);
  const started = await open<RegisterStarted>('/auth/register', { email, password: 'secret123', name: tag });
  expect(started.code, started.message).toBe(20000);
  const r = await open<SessionResult>('/auth/registerConfirm', { email, code: await emailCode(t.db, email) });
  expect(r.code, r.message).toBe(20000);
  return { email, token: r.data.token, member: r.data.member };
}
const hashOf = async (email: string) => (await t.db.select().from(memberCredentials).where(eq(memberCredentials.email, email)))[0]?.passwordHash;

describe('reset codes', () => {
  it('30 wrong codes from four addresses, then the right one: the password stays', async () => {
    const { email } = await member('guessed');
    const before = await hashOf(email);
    expect((await open('/auth/resetRequest', { email })).code).toBe(20000);
    const code = await emailCode(t.db, email, '重置密码验证码');
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const r = await open('/auth/reset', { email, code: wrong, password: 'taken0ver1' }, { ip: `10.28.1.${i % 4}` });
      answers.push(`${r.code} ${r.message}`);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('40001 验证码错误或已过期'));
    expect(answers.slice(10)).toEqual(Array(20).fill('42900 验证码错误次数过多，请 1 小时后重新获取验证码再试'));
    const right = await open('/auth/reset', { email, code, password: 'taken0ver1' }, { ip: '10.28.1.9' });
    expect([right.code, right.message]).toEqual([42900, '验证码错误次数过多，请 1 小时后重新获取验证码再试']);
    expect(await hashOf(email)).toBe(before);
    expect((await open('/auth/login', { email, password: 'taken0ver1' })).code).toBe(40100);
  });

  it('a code dies after five wrong tries; four wrong tries leave it usable', async () => {
    const { email } = await member('five-tries');
    const before = await hashOf(email);
    await open('/auth/resetRequest', { email });
    const code = await emailCode(t.db, email, '重置密码验证码');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await open('/auth/reset', { email, code: wrong, password: 'newpass123' }, { ip: `10.28.2.${i}` })).code).toBe(40001);
    const dead = await open('/auth/reset', { email, code, password: 'newpass123' }, { ip: '10.28.2.9' });
    expect([dead.code, dead.message]).toEqual([40001, '验证码错误或已过期']);
    expect(await hashOf(email)).toBe(before);
    const [memberRow] = await t.db.select().from(memberCredentials).where(eq(memberCredentials.email, email));
    const [row] = await t.db.select().from(memberResetCodes).where(eq(memberResetCodes.memberId, memberRow!.memberId));
    expect(row).toMatchObject({ tries: 5, usedAt: null });

    const other = await member('four-tries');
    await open('/auth/resetRequest', { email: other.email });
    const otherCode = await emailCode(t.db, other.email, '重置密码验证码');
    const otherWrong = otherCode === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) await open('/auth/reset', { email: other.email, code: otherWrong, password: 'newpass123' }, { ip: `10.28.3.${i}` });
    expect((await open('/auth/reset', { email: other.email, code: otherCode, password: 'newpass123' })).code).toBe(20000);
    expect((await open('/auth/login', { email: other.email, password: 'newpass123' })).code).toBe(20000);
  });

  it('at most five codes an hour per email, from any address, and the same for an email without an account', async () => {
    for (const email of [(await member('flooded')).email, newEmail('nobody')]) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await open('/auth/resetRequest', { email }, { ip: `10.28.4.${i}` })).code);
      expect(codes).toEqual([20000, 20000, 20000, 20000, 20000, 42900]);
    }
  });
});

describe('member sign-in', () => {
  it('five wrong passwords from five addresses make the next try wait, the owner included, and not for good', async () => {
    const { email } = await member('sign-in');
    for (let i = 0; i < 5; i++) expect((await open('/auth/login', { email, password: `wrong-pass${i}` }, { ip: `10.28.5.${i}` })).code).toBe(40100);
    const owner = await open('/auth/login', { email, password: 'secret123' }, { ip: '10.28.5.77' });
    expect([owner.code, owner.message]).toEqual([42900, '该邮箱登录失败次数过多，请 5 秒后再试；忘记密码可用邮箱验证码重设']);
    t.clock.advance(6_000);
    expect((await open('/auth/login', { email, password: 'secret123' }, { ip: '10.28.5.77' })).code).toBe(20000);
  });
});

describe('account pre-hijack', () => {
  it('a sign-up of someone else’s email holds no account; their Google sign-in is their own account', async () => {
    const victim = newEmail('victim');
    const started = await open<RegisterStarted>('/auth/register', { email: victim, password: 'attacker123', name: 'Attacker' }, { ip: '10.28.6.1' });
    expect(started.code).toBe(20000);
    expect(started.data).toEqual({ email: victim, codeExpiresInSeconds: 900 });
    expect(started.data).not.toHaveProperty('token');
    expect(await t.db.select().from(members).where(eq(members.email, victim))).toEqual([]);
    expect((await open('/auth/login', { email: victim, password: 'attacker123' }, { ip: '10.28.6.1' })).code).toBe(40100);

    const google = await open<SessionResult>('/auth/siteLogin', { loginSource: 'google', email: victim, name: 'Victim' }, { site: true });
    expect(google.code, google.message).toBe(20000);
    expect(await t.db.select().from(memberCredentials).where(eq(memberCredentials.email, victim))).toEqual([]);
    const [signup] = await t.db.select().from(memberSignups).where(eq(memberSignups.email, victim));
    expect(signup!.usedAt).not.toBeNull();
    const saved = await open(
      '/addresses/save',
      { receiver: 'Victim', country: 'US', address: '1 Home St', city: 'Austin', postcode: '73301' },
      { token: google.data.token },
    );
    expect(saved.code).toBe(20000);
    // The attacker's sign-up is void, and the password they chose opens nothing.
    const code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    expect((await open('/auth/registerConfirm', { email: victim, code }, { ip: '10.28.6.1' })).code).toBe(40001);
    expect((await open('/auth/login', { email: victim, password: 'attacker123' }, { ip: '10.28.6.1' })).code).toBe(40100);
  });

  it('a first sign-in whose member code was given to someone else already (imported, demo data) gets the next free code', async () => {
    const now = t.clock.now();
    // The codes of the next two ids are taken by members with ids of their own (as the demo data's U100101… are).
    const next = (await nextId(t.db, 'members')) + 1;
    for (const n of [next, next + 1])
      await t.db.insert(members).values({
        id: 900_000 + n,
        userCode: `U${100000 + n}`,
        name: 'Imported',
        email: newEmail('imported'),
        loginSource: 'password',
        createdAt: now,
        updatedAt: now,
      });
    const email = newEmail('fresh');
    const google = await open<SessionResult>('/auth/siteLogin', { loginSource: 'google', email, name: 'Fresh' }, { site: true });
    expect(google.code, google.message).toBe(20000);
    const [m] = await t.db.select().from(members).where(eq(members.email, email));
    expect(m!.userCode).toBe(`U${100000 + m!.id}`);
    expect(m!.id).toBeGreaterThanOrEqual(next + 2);
  });

  it('an older password account whose email was never proven is not merged into a site sign-in until the email is proven', async () => {
    const email = newEmail('legacy');
    const now = t.clock.now();
    const id = await nextId(t.db, 'members');
    await t.db.insert(members).values({ id, userCode: `U${100000 + id}`, name: 'Legacy', email, loginSource: 'password', createdAt: now, updatedAt: now });
    await t.db.insert(memberCredentials).values({ memberId: id, email, passwordHash: await hashPassword('attacker123'), updatedAt: now });
    const attacker = await open<SessionResult>('/auth/login', { email, password: 'attacker123' });
    expect(attacker.code).toBe(20000);

    const refused = await open('/auth/siteLogin', { loginSource: 'google', email, name: 'Owner' }, { site: true });
    expect([refused.code, refused.message]).toEqual([
      40300,
      '该邮箱已有以密码注册、尚未验证邮箱的账号，不能直接用此方式登录：请先在登录页「忘记密码」用邮箱验证码重设密码（即验证邮箱），再用此方式登录',
    ]);
    // The email's owner proves it with the mailed reset code: the old password and every session of it end.
    await open('/auth/resetRequest', { email });
    expect((await open('/auth/reset', { email, code: await emailCode(t.db, email, '重置密码验证码'), password: 'owner12345' })).code).toBe(20000);
    expect((await t.call('GET', '/api/open/v1/me', { headers: { authorization: `Bearer ${attacker.data.token}` } })).code).toBe(50008);
    const google = await open<SessionResult>('/auth/siteLogin', { loginSource: 'google', email, name: 'Owner' }, { site: true });
    expect(google.code).toBe(20000);
    expect(google.data.member.id).toBe(id);
  });
});

describe('what sign-up and packing tell about others', () => {
  it('a taken email answers exactly as a new one; its owner gets a note, no code', async () => {
    const { email } = await member('taken');
    const fresh = newEmail('fresh');
    const takenAnswer = await open<RegisterStarted>('/auth/register', { email, password: 'other12345', name: 'Other' });
    const freshAnswer = await open<RegisterStarted>('/auth/register', { email: fresh, password: 'other12345', name: 'Other' });
    expect({ ...takenAnswer, data: { ...takenAnswer.data, email: 'x' } }).toEqual({ ...freshAnswer, data: { ...freshAnswer.data, email: 'x' } });
    expect(takenAnswer).toMatchObject({ code: 20000, data: { email, codeExpiresInSeconds: 900 } });
    const [note] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, '注册提醒')));
    expect(note!.body).not.toMatch(/\d{6}/);
    // No second sign-up waits for the taken email (only the owner's own, used).
    expect((await t.db.select().from(memberSignups).where(eq(memberSignups.email, email))).map((s) => s.usedAt !== null)).toEqual([true]);
    // Only the new email's own code makes its account.
    expect((await open('/auth/registerConfirm', { email: fresh, code: await emailCode(t.db, fresh) })).code).toBe(20000);
  });

  it('packing another member’s item answers as a missing item, without its code', async () => {
    const a = await member('owner-a');
    const b = await member('other-b');
    const { item } = await newShelvedItem(t.db, { memberCode: a.member.userCode });
    const address = await open<{ id: number }>(
      '/addresses/save',
      { receiver: 'Bob', country: 'US', address: '2 Market St', city: 'San Francisco', postcode: '94105' },
      { token: b.token },
    );
    const r = await open('/packs', { itemIds: [item.id], channelId: await channelIdOf(t.db, 'DHL'), addressId: address.data.id }, { token: b.token });
    expect([r.code, r.message]).toEqual([40400, '商品不存在']);
    expect(JSON.stringify(r)).not.toContain(item.itemCode);
  });
});

describe('the counts behind these limits', () => {
  it('are pruned by the daily job once a day old, with sign-ups expired as long; recent ones stay', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 25 * 3_600_000);
    const email = newEmail('prune');
    await t.db.insert(memberAuthTries).values([
      { kind: 'login', email, createdAt: old },
      { kind: 'login', email, createdAt: now },
    ]);
    await t.db.insert(memberSignups).values([
      { email, name: 'Old', passwordHash: 'x', codeHash: 'old', expiresAt: old, createdAt: old },
      { email, name: 'New', passwordHash: 'x', codeHash: 'new', expiresAt: new Date(now.getTime() + 900_000), createdAt: now },
    ]);
    await pruneOpenState(t.db, now);
    const tries = await t.db.select().from(memberAuthTries).where(eq(memberAuthTries.email, email));
    expect(tries.map((r) => r.createdAt.getTime())).toEqual([now.getTime()]);
    const signups = await t.db.select().from(memberSignups).where(eq(memberSignups.email, email));
    expect(signups.map((r) => r.codeHash)).toEqual(['new']);
  });
});
