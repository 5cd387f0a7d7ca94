import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drawActivities } from '../../packages/server/src/db/schema';
import { loginApi, passVerify, pickByKeyboard, toast, typeByHand, useE2E } from '../support/browser';

const e2e = useE2E();

describe('a lucky draw with a balance prize', () => {
  it('asks for stock and a total cap, then saves only through the verify dialog showing the pool', async () => {
    const e = e2e();
    // The browser picks activity windows from its real clock: bring the server's test clock up to it first.
    e.server.clock.advance(Math.max(0, Date.now() - e.server.clock.now().getTime()));
    const ctx = await e.context();
    await loginApi(e, ctx, 'marketing1');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto(e.url('/marketingManage/activitiesManage/turntableConfig'));
    const config = page.locator('form#turntableConfig');
    await config.waitFor();
    await typeByHand(config.getByLabel('活动名称'), 'E2E余额转盘');
    await config.getByRole('button', { name: '添加奖品' }).click();
    await typeByHand(config.getByLabel('奖品名称 1'), '余额10元');
    await pickByKeyboard(config.getByLabel('奖品类型 1', { exact: true }), '余额', '余额');
    await typeByHand(config.getByLabel('金额/积分 1'), '10');
    await typeByHand(config.getByLabel('中奖概率（%） 1'), '50');

    // Without stock the server refuses: a balance prize is given a finite number of times.
    await typeByHand(config.getByLabel('余额发放总额上限'), '30');
    await config.getByRole('button', { name: /保\s*存/ }).click();
    await config.getByText('余额奖品须设置库存').waitFor();

    await typeByHand(config.getByLabel('总库存 1'), '5');
    await config.getByText('各余额奖品库存×金额之和为 50.00 CNY', { exact: false }).waitFor();
    await config.getByRole('button', { name: /保\s*存/ }).click();

    // The verify dialog shows what the verifier approves, labelled.
    const verify = page.locator('.ant-modal').filter({ hasText: '安全验证' });
    await verify.waitFor();
    const lines = await verify
      .getByTestId('verify-summary')
      .locator('tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim()).join(' ')));
    expect(lines).toEqual(expect.arrayContaining(['活动 E2E余额转盘', '状态 启用', '余额奖品 余额10元：10.00 CNY × 5 份，50%', '余额发放总额上限 30.00 CNY']));
    await passVerify(page, e.server, { operation: '修改抽奖余额奖池' });
    await toast(page, '操作成功').last().waitFor();
    await page.waitForURL(/turntableConfig\?id=\d+/);

    const [row] = await e.server.db.select().from(drawActivities).where(eq(drawActivities.name, 'E2E余额转盘'));
    expect(row).toMatchObject({ balanceCap: 3000, balanceIssued: 0, status: 'activity' });
    expect(errors).toEqual([]);
  });
});
