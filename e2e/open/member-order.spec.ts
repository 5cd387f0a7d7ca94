import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginApi, passVerify, toast, typeByHand, useE2E } from '../support/browser';
import { verifySignature } from '../../packages/server/src/modules/payment/topups';
import { emailCode } from '../../packages/server/src/testing/member';

const e2e = useE2E();

/** The member site's webhook receiver. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let receiverUrl = '';
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200).end();
  });
});
beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  receiver.close();
});

let keys = 0;
/** The member site calling the member API over HTTP, as it would from its own server. */
async function memberCall<T>(base: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const env = await openCall<T>(base, path, o);
  expect(env.code, `${path}: ${env.message}`).toBe(20000);
  return env.data;
}
async function openCall<T>(base: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}/api/open/v1${path}`, {
    method: o.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body === undefined ? {} : { 'idempotency-key': `e2e-member-${Date.now()}-${++keys}` }),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

describe('an order from the member API, followed into the staff screens', () => {
  it('a member registers, tops up, orders and pays; the purchaser sees the line waiting, and the member site hears of it, signed', async () => {
    const e = e2e();
    const base = e.server.url;
    const email = `e2e-${Date.now()}@example.com`;
    await memberCall(base, '/auth/register', { body: { email, password: 'secret123', name: 'Mia Member' } });
    const session = await memberCall<{ token: string; member: { userCode: string } }>(base, '/auth/registerConfirm', {
      body: { email, code: await emailCode(e.server.db, email) },
    });
    const token = session.token;
    const intent = await memberCall<{ intentNo: string }>(base, '/topups', { token, body: { amount: 20_000, currency: 'CNY', provider: 'sandbox' } });
    await memberCall(base, '/sandbox/pay', { token, body: { intentNo: intent.intentNo } });
    const order = await memberCall<{ orderNo: string; lines: { purchaseNo: string }[] }>(base, '/orders', {
      token,
      body: { lines: [{ mallType: 'TB', productUrl: 'https://item.taobao.com/item.htm?id=42', title: '会员端下单 帆布鞋', quantity: 1, unitPrice: 15_800 }] },
    });
    const paid = await memberCall<{ memberStatus: string }>(base, '/orders/pay', { token, body: { orderNo: order.orderNo } });
    expect(paid.memberStatus).toBe('paid');
    const purchaseNo = order.lines[0]!.purchaseNo;

    // The purchaser finds it in the queue, as a member's real order.
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url(`/buyModule/buyOrder?status=purchase_wait&numberType=purchaseNo&numberValue=${purchaseNo}`));
    const row = page.locator('tr.ant-table-row').filter({ hasText: purchaseNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('会员端下单 帆布鞋');

    // An admin adds the member site's endpoint; the secret is shown once.
    await page.goto(e.url('/systemManage/webhooks'));
    await page.getByText('还没有推送地址').waitFor();
    await page.getByRole('button', { name: '新增推送地址' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '推送地址' });
    await typeByHand(dialog.getByLabel('名称'), '会员站');
    await typeByHand(dialog.getByLabel('推送地址'), receiverUrl);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /知道了|确\s*定|OK/ })
      .click();
    await page.locator('tr.ant-table-row').filter({ hasText: receiverUrl }).waitFor();
    expect(await page.locator('tr.ant-table-row').filter({ hasText: receiverUrl }).innerText()).toContain(`••••${secret.slice(-4)}`);

    // The events pump sends what happened to the order; the log shows it delivered.
    await e.server.events.run();
    const queued = received.find((r) => r.headers['x-waystation-event'] === 'purchase.queue' && r.body.includes(purchaseNo));
    expect(queued).toBeDefined();
    expect(verifySignature(secret, queued!.body, queued!.headers['x-waystation-signature'] as string, e.server.clock.now())).toBe(true);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const delivered = page.locator('tr.ant-table-row').filter({ hasText: 'purchase.queue' }).filter({ hasText: purchaseNo });
    await delivered.waitFor();
    expect(await delivered.innerText()).toContain('已送达');

    // Resend from the log, after a confirmation (once the endpoint's 操作成功 has gone, so the next one is the resend's).
    await expect.poll(() => toast(page, '操作成功').count()).toBe(0);
    await delivered.getByRole('button', { name: '重新投递' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '操作成功').waitFor();
    await e.server.events.run();
    expect(received.filter((r) => r.headers['x-waystation-event'] === 'purchase.queue' && r.body.includes(purchaseNo))).toHaveLength(2);
  }, 120_000);

  it('staff review a member’s identity check on the member detail: a rejection needs a reason, which the member then reads', async () => {
    const e = e2e();
    const base = e.server.url;
    const email = `e2e-kyc-${Date.now()}@example.com`;
    await memberCall(base, '/auth/register', { body: { email, password: 'secret123', name: 'Kim Check' } });
    const session = await memberCall<{ token: string; member: { id: number } }>(base, '/auth/registerConfirm', {
      body: { email, code: await emailCode(e.server.db, email) },
    });
    await memberCall(base, '/kyc', { token: session.token, body: { fullName: 'Kim Check', documentType: 'passport', documentNo: 'P9876543', country: 'GB' } });

    const ctx = await e.context();
    await loginApi(e, ctx, 'cs1');
    const page = await ctx.newPage();
    await page.goto(e.url(`/vipManage/detail/${session.member.id}`));
    await expect.poll(() => page.getByTestId('member-kyc').innerText()).toBe('审核中');
    await page.getByText('Kim Check · 护照 ••••6543').waitFor();
    await page.getByRole('button', { name: /^审\s*核$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审核实名认证' });
    // Nothing is chosen beforehand: saving without a choice approves nothing.
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请选择审核结果').waitFor();
    await dialog.getByText('驳回', { exact: true }).click();
    await dialog.getByLabel('驳回原因').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请填写驳回原因').waitFor();
    await typeByHand(dialog.getByLabel('驳回原因'), '证件照片不清晰');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => page.getByTestId('member-kyc').innerText()).toBe('未通过');
    await page.getByText('驳回原因：证件照片不清晰').waitFor();
    const state = await memberCall<{ status: string; reason: string }>(base, '/kyc', { token: session.token });
    expect(state).toMatchObject({ status: 'rejected', reason: '证件照片不清晰' });
  }, 120_000);

  it('an admin creates a site key (shown once); the site signs a Discord member in with it; staff see the Discord account only after verifying', async () => {
    const e = e2e();
    const base = e.server.url;
    const ctx = await e.context();
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/systemManage/siteKeys'));
    // The demo data holds the simulator's key only.
    await page.locator('tr.ant-table-row').filter({ hasText: '模拟器（演示数据）' }).waitFor();
    await page.getByRole('button', { name: '新建站点密钥' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建站点密钥' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入名称').waitFor();
    await typeByHand(dialog.getByLabel('名称'), '会员站正式环境');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const key = (await page.getByTestId('site-key').innerText()).trim();
    expect(key).toMatch(/^wsk_/);
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /知道了|确\s*定|OK/ })
      .click();
    await page.getByTestId('site-key').waitFor({ state: 'hidden' });
    const row = page.locator('tr.ant-table-row').filter({ hasText: '会员站正式环境' });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${key.slice(0, 10)}…`);
    expect(await page.locator('body').innerText()).not.toContain(key);

    // The member site's server signs in a member it authenticated with Discord.
    const email = `e2e-discord-${Date.now()}@example.com`;
    const session = await memberCall<{ member: { id: number } }>(base, '/auth/siteLogin', {
      headers: { 'x-api-key': key },
      body: { loginSource: 'discord', email, name: 'Dora Discord', discordId: 'dora_discord#7788' },
    });
    await page.goto(e.url(`/vipManage/detail/${session.member.id}`));
    await page.getByText('••••788').waitFor();
    await page.getByRole('button', { name: /^查\s*看$/ }).click();
    await passVerify(page, e.server, { operation: '查询Discord' });
    expect(await page.getByTestId('member-discord').innerText()).toBe('dora_discord#7788');

    // 限制: its own calls a minute and the addresses it may be used from; a call from elsewhere is refused.
    await page.goto(e.url('/systemManage/siteKeys'));
    const keyRow = page.locator('tr.ant-table-row').filter({ hasText: '会员站正式环境' });
    expect(await keyRow.innerText()).toContain('6,000 次/分');
    await keyRow.getByRole('button', { name: /^限\s*制$/ }).click();
    const limits = page.locator('.ant-modal').filter({ hasText: '站点密钥「会员站正式环境」的限制' });
    await typeByHand(limits.getByLabel('每分钟调用'), '30');
    await typeByHand(limits.getByLabel('允许地址'), '203.0.113.300');
    await limits.getByRole('button', { name: /确\s*定/ }).click();
    await limits.getByText('「203.0.113.300」不是 IP 地址或网段').waitFor();
    await limits.getByLabel('允许地址').press('ControlOrMeta+a');
    await typeByHand(limits.getByLabel('允许地址'), '203.0.113.0/24');
    await limits.getByRole('button', { name: /确\s*定/ }).click();
    await limits.waitFor({ state: 'hidden' });
    await keyRow.getByText('203.0.113.0/24').waitFor();
    expect(await keyRow.innerText()).toContain('30 次/分');
    const fromLoopback = await openCall(base, '/auth/siteLogin', {
      headers: { 'x-api-key': key },
      body: { loginSource: 'discord', email, name: 'Dora Discord', discordId: 'dora_discord#7788' },
    });
    expect(fromLoopback.code).toBe(40300);

    // Disabled, after a confirmation, the key opens nothing (once the limits' 操作成功 has gone: the next is the disable's).
    await expect.poll(() => toast(page, '操作成功').count()).toBe(0);
    await page
      .locator('tr.ant-table-row')
      .filter({ hasText: '会员站正式环境' })
      .getByRole('button', { name: /停\s*用/ })
      .click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '操作成功').waitFor();
    const refused = await openCall(base, '/auth/siteLogin', {
      headers: { 'x-api-key': key },
      body: { loginSource: 'discord', email, name: 'Dora Discord', discordId: 'dora_discord#7788' },
    });
    expect(refused.code).toBe(50008);
  }, 120_000);
});
