import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp } from '../../db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import { adminIdOf } from '../../testing/factories/money-people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authenticator seeds at rest', () => {
  it('keeps the seed sealed in the database; enrolment and removal still check codes against it', async () => {
    const token = await t.login('cs1', DEMO_PASSWORD);
    const id = await adminIdOf(t, token);
    const setup = await t.call<{ secret: string }>('POST', '/api/verify/totp/setup', { token });
    expect(setup.code).toBe(20000);
    const [row] = await t.db.select().from(adminTotp).where(eq(adminTotp.adminId, id));
    expect(row!.totpSecret).toMatch(/^enc:v1:/);
    expect(row!.totpSecret).not.toContain(setup.data.secret);

    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    const wrong = await t.call('POST', '/api/verify/totp/confirm', { token, body: { code: '000000' } });
    expect(wrong.code).toBe(40001);
    const ok = await t.call('POST', '/api/verify/totp/confirm', { token, body: { code: await generate({ secret: setup.data.secret, epoch: epoch() }) } });
    expect(ok.code).toBe(20000);
    expect((await t.call<{ enrolled: boolean }>('GET', '/api/verify/totp/status', { token })).data.enrolled).toBe(true);

    t.clock.advance(31_000);
    const removed = await t.call('POST', '/api/verify/totp/remove', { token, body: { code: await generate({ secret: setup.data.secret, epoch: epoch() }) } });
    expect(removed.code).toBe(20000);
    expect(await t.db.select().from(adminTotp).where(eq(adminTotp.adminId, id))).toHaveLength(0);
  });
});
