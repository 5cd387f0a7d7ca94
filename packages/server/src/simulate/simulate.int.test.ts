import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, packages } from '../db/schema';
import { DEMO_PASSWORD, startTestServer, type TestApp } from '../testing/server';
import { emailCode } from '../testing/member';
import { simAdminSession } from './client';
import { report } from './report';
import { simulate } from './simulate';
import { autoCancelUnpaid } from '../modules/purchase/unpaid';

let t: TestApp & { url: string };
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('a business day, simulated', () => {
  it('takes members’ orders from the member API to shipped and received packages, with 0 errors and a balanced ledger', async () => {
    // A person at a station as warehouse1 meanwhile: the simulator logs in as its own staff, so this session lives on.
    const person = await t.login('warehouse1', DEMO_PASSWORD);
    const r = await simulate({
      url: t.url,
      members: 3,
      ordersPerMember: 2,
      concurrency: 2,
      seed: 7,
      emailCode: (email) => emailCode(t.db, email),
      // As against a running server: the simulator's own super admin reads the verifier's code from the outbox and gives
      // the unpaid order its minute's deadline; the test's server runs no jobs, so the job is run as its runner would.
      admin: simAdminSession(t.url, DEMO_PASSWORD),
      cancelOverdueUnpaid: async () => void (await autoCancelUnpaid(t.db, new Date(Date.now() + 30 * 86_400_000))),
    });
    const lines = report(r);
    expect(lines[0]).toBe(`simulate: 3 members, 6 orders, 3 packages shipped, 0 errors`);
    // Every unhappy path ended where it should (issue 30).
    expect(lines[1]).toBe(`unhappy: ${r.unhappy.tried} paths, 0 stuck`);
    expect(r.unhappy.tried).toBe(7);
    expect(r.errorSamples).toEqual([]);
    expect(r.ledger).toMatchObject({ ok: true, mismatches: 0 });
    const still = await t.call('GET', '/api/warehouse/work/summary', { token: person });
    expect(still.code).toBe(20000);
    expect(r.received).toBe(3);
    // The day flows: goods in took the first member's lines while the last member was still ordering.
    expect(r.goodsInBeganMs).not.toBeNull();
    expect(r.goodsInBeganMs!).toBeLessThan(r.orderingMs);
    // What the database holds agrees: the simulated packages are received, and every change left an event to send.
    const got = await t.db.select().from(packages).where(eq(packages.status, 'received'));
    expect(got.length).toBeGreaterThanOrEqual(3);
    await t.events.run();
    expect(await t.db.select().from(domainEvents).where(isNull(domainEvents.dispatchedAt))).toEqual([]);
    const shipEvents = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'package.ship'));
    expect(shipEvents.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
