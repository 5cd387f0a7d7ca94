import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, memberKyc, memberProfiles } from '../../db/schema';
import { newMember } from '../../testing/factories/money-people';
import { createTestApp, type TestApp } from '../../testing/server';
import { submitKyc } from './kyc';

/** The identity-check binding through the engine: what a staff review leaves in the database, once. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

async function submitted(memberId: number) {
  await submitKyc(
    t.db,
    t.app.services.secrets,
    memberId,
    { fullName: 'Anna Muster', documentType: 'passport', documentNo: 'C01X00T47', country: 'DE' },
    t.clock.now(),
  );
  const [k] = await t.db.select().from(memberKyc).where(eq(memberKyc.memberId, memberId));
  return k!;
}

async function writesOf(id: number, action: string) {
  const [kyc] = await t.db.select().from(memberKyc).where(eq(memberKyc.id, id));
  const events = await t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'member_kyc'), eq(domainEvents.entityId, String(id)), eq(domainEvents.type, action)));
  const audits = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'member_kyc'), eq(auditLogs.targetId, String(id)), eq(auditLogs.action, action)));
  return { kyc: kyc!, events, audits };
}

const review = (memberId: number, result: 'passed' | 'rejected', reason = '') =>
  t.call('POST', '/api/vip/kycReview', { token: admin, body: { memberId, result, ...(reason ? { reason } : {}) } });

describe('identity check transitions write their rows (status, domain event, audit)', () => {
  it('pass: the check is passed, one member.kyc.pass event and audit row; a second review is refused and writes nothing', async () => {
    const m = await newMember(t);
    const k = await submitted(m.id);
    expect((await review(m.id, 'passed')).code).toBe(20000);
    expect((await review(m.id, 'passed')).code).toBe(40900);

    const w = await writesOf(k.id, 'member.kyc.pass');
    expect(w.kyc).toMatchObject({ status: 'passed', reviewerName: expect.any(String) });
    expect(w.kyc.reviewedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(w.events.map((e) => [e.memberId, e.data])).toEqual([[m.id, { from: 'pending', to: 'passed' }]]);
    expect(w.audits.map((r) => [r.before, r.after])).toEqual([[{ status: 'pending' }, { status: 'passed', memberId: m.id, reason: '' }]]);
    const [profile] = await t.db.select().from(memberProfiles).where(eq(memberProfiles.memberId, m.id));
    expect(profile).toMatchObject({ kycStatus: 'passed', kycName: 'Anna Muster' });
  });

  it('reject: the check is rejected with the reason, one member.kyc.reject event and audit row', async () => {
    const m = await newMember(t);
    const k = await submitted(m.id);
    expect((await review(m.id, 'rejected', '证件照片不清晰')).code).toBe(20000);

    const w = await writesOf(k.id, 'member.kyc.reject');
    expect(w.kyc).toMatchObject({ status: 'rejected', reason: '证件照片不清晰' });
    expect(w.events.map((e) => e.data)).toEqual([{ from: 'pending', to: 'rejected' }]);
    expect(w.audits.map((r) => [r.before, r.after])).toEqual([[{ status: 'pending' }, { status: 'rejected', memberId: m.id, reason: '证件照片不清晰' }]]);
    expect((await writesOf(k.id, 'member.kyc.pass')).events).toEqual([]);
  });
});
