import { describe, expect, it } from 'vitest';
import { loginApi, toast, useE2E, typeByHand } from '../support/browser';
import { expectOwnLanguage } from '../support/messages';

const e2e = useE2E();

/** Every screen of this area, with a text each must show once its data has loaded. */
const SCREENS: [string, string][] = [
  ['/paymentManage/channelList', 'PayPal'],
  ['/paymentManage/channelConfig?id=1', '结算币种'],
  ['/paymentManage/configRule', '美元充值'],
  ['/paymentManage/config-rule-operate?id=1', '支付渠道（按显示顺序）'],
  ['/paymentManage/config-rule-detail?id=1', '美元充值'],
  ['/logisticsChannelsManage/channelList', 'DHL 快递'],
  ['/logisticsChannelsManage/countryAreaConfig?channelId=2', '北美'],
  ['/logisticsChannelsManage/provinceConfig?countryCode=US', '阿拉斯加州'],
  ['/logisticsChannelsManage/bindChannelAttr?channelId=2', '带电'],
  ['/logisticsChannelsManage/forwarder', '云途物流'],
  ['/logisticsChannelsManage/freightCalculator', '计算运费'],
  ['/helpCenter/home', '运费如何计算？'],
  ['/notification/vip/index', '站内信'],
  ['/notification/vip/index?tab=templates', '可用变量'],
  ['/notification/vip/operateChannel?id=2', 'SMTP服务器'],
  ['/systemManage/vipTerminalConfig', '运费计算器帮助'],
  ['/systemManage/vipTerminalConfig/FAQOperate?id=1', '编辑FAQ'],
  ['/systemManage/vipTerminalConfig/homeDialog', '春节期间'],
  ['/systemManage/vipTerminalConfig/agreementConfig', '代购服务协议'],
  ['/systemManage/agentBackendConfig/share', '分享海报'],
  ['/systemManage/agentBackendConfig/myDomain', 'shop.nordichaul.example'],
  ['/systemManage/param', 'warehouse.freeStorageDays'],
  ['/systemManage/appVersion', '新增运费计算器'],
  ['/systemManage/referenceData', '7.18'],
  ['/systemManage/referenceData?tab=country', '新西兰'],
];

describe('configuration screens', () => {
  it('every screen opens for the operations role without errors and shows its data', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'ops1');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    for (const [path, text] of SCREENS) {
      await page.goto(e.url(path));
      const probe = text.startsWith('7.') || text.includes('.') ? page.getByText(text, { exact: true }).first() : page.getByText(text).first();
      await probe.waitFor({ timeout: 10_000 }).catch(() => {
        throw new Error(`${path}: "${text}" not shown`);
      });
      expect(await page.getByText('页面暂未开放').count(), path).toBe(0);
      await expectOwnLanguage(page, 'zh');
    }
    expect(errors).toEqual([]);
    // 25 screens one after another: more than one test's default minute on a loaded machine.
  }, 180_000);

  it('the payment preview answers what a member paying 3 USD sees', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'finance1');
    const page = await ctx.newPage();
    await page.goto(e.url('/paymentManage/configRule'));
    await typeByHand(page.getByLabel('预览金额'), '3');
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const result = page.getByTestId('payment-preview');
    await result.getByText('命中规则：美元充值').waitFor();
    // PayPal 4.4 % of 3 USD = 0.13 (half up) + 0.30 fixed = 0.43 USD.
    await result.locator('tr').filter({ hasText: 'PayPal' }).filter({ hasText: '0.43 USD' }).waitFor();
    // Card (min 5 USD) and USDT (min 10 USD) are left out, saying why.
    await result.getByText('信用卡 (Visa/Master)：金额超出渠道限额').waitFor();
    await result.getByText('USDT (TRC20)：金额超出渠道限额').waitFor();
  });

  it('a notification channel keeps its secret masked and test-sends a site message', async () => {
    const e = e2e();
    const ctx = await e.context();
    await loginApi(e, ctx, 'ops1');
    const page = await ctx.newPage();
    await page.goto(e.url('/notification/vip/index'));
    await page.getByRole('button', { name: /新增通知渠道/ }).click();
    await page.waitForURL(/operateChannel/);
    await typeByHand(page.getByLabel('名称'), '会员站内信 E2E');
    await page.getByLabel('类型').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '站内信' }).click();
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await toast(page, '操作成功').waitFor();
    await page.waitForURL(/operateChannel\?id=\d+/);
    await typeByHand(page.getByLabel('会员编号'), 'U100001');
    await page.getByRole('button', { name: /发送测试/ }).click();
    await page.getByText('发送成功').waitFor();
    await page.goto(e.url('/notification/vip/index?tab=logs'));
    await page.locator('tr').filter({ hasText: 'U100001' }).filter({ hasText: '成功' }).first().waitFor();
  });
});
