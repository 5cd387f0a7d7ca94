import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, domainEvents, topupIntents } from '../../db/schema';
import { newMember } from '../../testing/factories/money-people';
import { createTestApp, type TestApp } from '../../testing/server';
import { createTopup, SANDBOX_CALLBACK, sandboxSecret, signPayload } from './topups';

/** The top-up binding through the engine: what the provider's signed callback leaves in the database, once. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ paymentSandbox: true });
});
afterAll(() => t.close());

/** The provider's signed callback, as the sandbox sends it. */
async function callback(body: { intentNo: string; outcome: 'paid' | 'failed'; amount: number; currency: string }) {
  const now = t.clock.now();
  const signature = signPayload(await sandboxSecret(t.db, t.app.services.secrets, now), JSON.stringify(body), now);
  return t.call<{ intentNo: string; status: string }>('POST', SANDBOX_CALLBACK, { body, headers: { 'x-sandbox-signature': signature } });
}

async function writesOf(intentNo: string, type: string) {
  const [intent] = await t.db.select().from(topupIntents).where(eq(topupIntents.intentNo, intentNo));
  const events = await t.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.entityType, 'topup'), eq(domainEvents.entityId, String(intent!.id)), eq(domainEvents.type, type)));
  const audits = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'topup'), eq(auditLogs.targetId, intentNo), eq(auditLogs.action, type)));
  return { intent: intent!, events, audits };
}

describe('top-up transitions write their rows (status, domain event, audit)', () => {
  it('paid: the intent is paid, one topup.paid event and audit row; a repeated callback writes nothing', async () => {
    const m = await newMember(t);
    const { row: intent } = await createTopup(t.db, m.id, { amount: 5_000, currency: 'CNY', provider: 'sandbox' }, t.clock.now());
    const body = { intentNo: intent.intentNo, outcome: 'paid' as const, amount: 5_000, currency: 'CNY' };
    expect((await callback(body)).data).toEqual({ intentNo: intent.intentNo, status: 'paid' });
    expect((await callback(body)).data).toEqual({ intentNo: intent.intentNo, status: 'paid' });

    const w = await writesOf(intent.intentNo, 'topup.paid');
    expect(w.intent.status).toBe('paid');
    expect(w.intent.paidAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(w.events.map((e) => [e.memberId, e.data])).toEqual([[m.id, { from: 'pending', to: 'paid', no: intent.intentNo, amount: 5_000, currency: 'CNY' }]]);
    expect(w.audits.map((r) => [r.actorName, r.before, r.after])).toEqual([['支付回调 sandbox', { status: 'pending' }, { status: 'paid', amount: 5_000 }]]);
  });

  it('failed: the intent fails without a pay time, one topup.failed event and audit row; a late paid changes nothing', async () => {
    const m = await newMember(t);
    const { row: intent } = await createTopup(t.db, m.id, { amount: 1_200, currency: 'CNY', provider: 'sandbox' }, t.clock.now());
    expect((await callback({ intentNo: intent.intentNo, outcome: 'failed', amount: 1_200, currency: 'CNY' })).data.status).toBe('failed');
    expect((await callback({ intentNo: intent.intentNo, outcome: 'paid', amount: 1_200, currency: 'CNY' })).data.status).toBe('failed');

    const w = await writesOf(intent.intentNo, 'topup.failed');
    expect(w.intent).toMatchObject({ status: 'failed', paidAt: null });
    expect(w.events.map((e) => e.data)).toEqual([{ from: 'pending', to: 'failed', no: intent.intentNo, amount: 1_200, currency: 'CNY' }]);
    expect(w.audits.map((r) => [r.before, r.after])).toEqual([[{ status: 'pending' }, { status: 'failed', amount: 1_200 }]]);
    expect((await writesOf(intent.intentNo, 'topup.paid')).events).toEqual([]);
  });
});
