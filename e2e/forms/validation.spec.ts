import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { admins } from '../../packages/server/src/db/schema';
import { newMember } from '../../packages/server/src/testing/factories/money-people';
import { loginApi, pickByKeyboard, pickUserMenuItem, toast, typeByHand, useE2E } from '../support/browser';
import { expectOwnLanguage } from '../support/messages';

/**
 * Issue 11: forms used by hand. Each form is filled the way a person does it — click the field, key presses — with
 * empty, negative, over-long and 3-decimal values; the message under the field must be the UI language's own sentence
 * (never library text, a field key or the other language), the value typed must be refused rather than changed, and a
 * refused form is no client error (the header's error-log icon stays away).
 */
const e2e = useE2E();

type Lang = 'zh' | 'en';
/** One refusal: the field (its label in Chinese and English), what is typed, what the form must say. */
interface Case {
  field: [zh: string, en: string];
  typed: string;
  says: [zh: string, en: string];
}

const pick = <T>(pair: [T, T], lang: Lang) => pair[lang === 'zh' ? 0 : 1];
const OK = /^(确\s*定|OK)$/;
const SAVE = /^(保\s*存|Save)$/;

/** Types each case, submits, and reads the message under that field. */
async function refuses(page: Page, form: Locator, submit: () => Promise<void>, cases: Case[], lang: Lang): Promise<void> {
  for (const c of cases) {
    const label = pick(c.field, lang);
    // The text field of that label (a radio option may carry the same words).
    const field = form.getByLabel(label, { exact: true }).and(form.locator('input:not([type=radio]):not([type=checkbox]), textarea'));
    await typeByHand(field, c.typed);
    await submit();
    // The innermost form item holding the field (ancestors come first in document order).
    const item = form
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .last();
    await expect.poll(() => item.locator('.ant-form-item-explain-error').first().innerText(), { timeout: 10_000 }).toBe(pick(c.says, lang));
    expect(await field.inputValue(), 'the value typed is kept, never changed').toBe(c.typed);
    await expectOwnLanguage(page, lang);
  }
  expect(await page.getByTestId('error-log-button').count(), 'a refused form is no client error').toBe(0);
}

/** Switches the UI to English in the user menu, once the Chinese toasts have gone. */
async function toEnglish(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await pickUserMenuItem(page, '语言', 'English');
  await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
}

async function signedIn(path: string, username?: string): Promise<Page> {
  const e = e2e();
  const ctx = await e.context();
  await loginApi(e, ctx, username);
  const page = await ctx.newPage();
  await page.goto(e.url(path));
  return page;
}

describe('forms refuse bad values in the UI language', () => {
  it('add staff (管理员账号): required marks, empty, over-long and a taken username', async () => {
    const page = await signedIn('/systemManage/adminUser');
    const cases: Case[] = [
      { field: ['用户名', 'Username'], typed: '', says: ['用户名需为3~32位字母、数字或下划线', 'The username must be 3–32 letters, digits or underscores'] },
      { field: ['姓名', 'Name'], typed: '', says: ['请输入姓名', 'Enter the full name'] },
      { field: ['姓名', 'Name'], typed: '名'.repeat(65), says: ['最多 64 个字符', 'At most 64 characters'] },
      {
        field: ['密码', 'Password'],
        typed: 'abc',
        says: ['密码需为8~64位，且同时包含字母和数字', 'The password must be 8–64 characters with at least one letter and one digit'],
      },
    ];
    for (const lang of ['zh', 'en'] as const) {
      await page.getByRole('button', { name: lang === 'zh' ? '新增管理员' : 'Add staff account' }).click();
      const form = page.locator('.ant-modal').filter({ hasText: lang === 'zh' ? '新增管理员' : 'Add staff account' });
      await form.waitFor();
      // Every field a new account needs is marked as required.
      const required = await form.locator('.ant-form-item-required').allInnerTexts();
      expect(required.map((s) => s.trim())).toEqual(lang === 'zh' ? ['用户名', '姓名', '密码', '角色'] : ['Username', 'Name', 'Password', 'Roles']);
      await refuses(page, form, () => form.getByRole('button', { name: SAVE }).click(), cases, lang);

      // The server's refusal of a taken username, in the same language, under the field and in the toast.
      await typeByHand(form.getByLabel(pick(['用户名', 'Username'], lang), { exact: true }), 'warehouse1');
      await typeByHand(form.getByLabel(pick(['姓名', 'Name'], lang), { exact: true }), '重名');
      await typeByHand(form.getByLabel(pick(['密码', 'Password'], lang), { exact: true }), 'abc12345');
      // The role by keyboard, as a person does in a searchable select: type, the first match is active, Enter picks it.
      const roleName = pick(['超级管理员', 'Super admin'], lang);
      const roles = form.getByLabel(pick(['角色', 'Roles'], lang), { exact: true });
      await pickByKeyboard(roles, 'super', roleName);
      await form.getByRole('button', { name: SAVE }).click();
      const taken = pick(['用户名已存在', 'This username is taken'], lang);
      // The message under the field stays; the toast said the same when the answer came (it shows for 5 s).
      await expect.poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts(), { timeout: 15_000 }).toContain(taken);
      await toast(page, taken).waitFor();
      await expectOwnLanguage(page, lang);
      await form.getByRole('button', { name: lang === 'zh' ? /取\s*消/ : 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      if (lang === 'zh') await toEnglish(page);
    }
    expect((await e2e().server.db.select().from(admins)).filter((a) => a.name === '重名')).toEqual([]);
  });

  it('freight calculator: grams and millimetres refused, never rounded', async () => {
    const page = await signedIn('/logisticsChannelsManage/freightCalculator');
    const cases: Case[] = [
      { field: ['重量', 'Weight'], typed: '', says: ['请输入重量', 'Enter the weight'] },
      { field: ['重量', 'Weight'], typed: '-100', says: ['重量必须大于0', 'The weight must be greater than 0'] },
      { field: ['重量', 'Weight'], typed: '1.234', says: ['请输入整数', 'Enter a whole number'] },
      { field: ['重量', 'Weight'], typed: '1000001', says: ['不能大于 1,000,000', 'Must be at most 1,000,000'] },
      { field: ['长', 'Length'], typed: '-5', says: ['不能小于 0', 'Must be at least 0'] },
      { field: ['高', 'Height'], typed: '12.5', says: ['请输入整数', 'Enter a whole number'] },
      { field: ['宽', 'Width'], typed: '10001', says: ['不能大于 10,000', 'Must be at most 10,000'] },
    ];
    for (const lang of ['zh', 'en'] as const) {
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: lang === 'zh' ? '计算运费' : 'Calculate freight' }) });
      await form.waitFor();
      // One unit per measure, shown in the field.
      expect(await form.locator('.number-input-unit').allInnerTexts()).toEqual(['g', 'mm', 'mm', 'mm']);
      await refuses(page, form, () => form.getByRole('button', { name: lang === 'zh' ? '计算运费' : 'Calculate freight' }).click(), cases, lang);
      if (lang === 'zh') await toEnglish(page);
    }
  });

  it('fixed coupon (营销管理): a per-member limit of −1, 3 decimals, an over-long name', async () => {
    const page = await signedIn('/marketingManage/couponManage/operateConstCoupon', 'marketing1');
    const cases: Case[] = [
      { field: ['优惠券名称', 'Coupon name'], typed: '', says: ['请输入优惠券名称', 'Enter the coupon name'] },
      { field: ['优惠券名称', 'Coupon name'], typed: '券'.repeat(61), says: ['最多 60 个字符', 'At most 60 characters'] },
      { field: ['优惠金额', 'Amount off'], typed: '', says: ['金额不能为空', 'The amount cannot be empty'] },
      { field: ['优惠金额', 'Amount off'], typed: '-10', says: ['请输入正数，整数或保留1~2位小数', 'Enter a positive number, whole or with 1 or 2 decimals'] },
      {
        field: ['优惠金额', 'Amount off'],
        typed: '1.005',
        says: ['请输入正数，整数或保留1~2位小数', 'Enter a positive number, whole or with 1 or 2 decimals'],
      },
      { field: ['每人限领', 'Per member'], typed: '-1', says: ['不能小于 1', 'Must be at least 1'] },
      { field: ['每人限领', 'Per member'], typed: '', says: ['请输入正整数', 'Enter a positive whole number'] },
      { field: ['总库存', 'Total stock'], typed: '2.5', says: ['请输入整数', 'Enter a whole number'] },
      { field: ['总库存', 'Total stock'], typed: '-3', says: ['不能小于 1', 'Must be at least 1'] },
    ];
    for (const lang of ['zh', 'en'] as const) {
      const form = page.locator('form#constCoupon');
      await form.waitFor();
      await refuses(page, form, () => form.getByRole('button', { name: SAVE }).click(), cases, lang);
      if (lang === 'zh') await toEnglish(page);
    }
  });

  it('manual balance adjustment on a member: empty, negative, 3 decimals, over the limit, an over-long reason', async () => {
    const member = await newMember(e2e().server, { name: 'Form Member' });
    const page = await signedIn(`/vipManage/detail/${member.id}`);
    const cases: Case[] = [
      { field: ['金额', 'Amount'], typed: '', says: ['金额不能为空', 'The amount cannot be empty'] },
      { field: ['金额', 'Amount'], typed: '-5', says: ['请输入正数，整数或保留1~2位小数', 'Enter a positive number, whole or with 1 or 2 decimals'] },
      { field: ['金额', 'Amount'], typed: '12.345', says: ['请输入正数，整数或保留1~2位小数', 'Enter a positive number, whole or with 1 or 2 decimals'] },
      { field: ['金额', 'Amount'], typed: '99999999999', says: ['单笔金额不能超过 10,000,000.00', 'One amount cannot exceed 10,000,000.00'] },
      { field: ['原因', 'Reason'], typed: '', says: ['请填写调整原因', 'Enter the reason for the adjustment'] },
      { field: ['原因', 'Reason'], typed: 'x'.repeat(201), says: ['最多 200 个字符', 'At most 200 characters'] },
    ];
    for (const lang of ['zh', 'en'] as const) {
      await page.getByRole('button', { name: lang === 'zh' ? '调整余额' : 'Adjust balance' }).click();
      const form = page.locator('.ant-modal').filter({ hasText: lang === 'zh' ? '方向' : 'Direction' });
      await form.waitFor();
      expect(await form.locator('.ant-input-suffix').allInnerTexts()).toEqual(['CNY']);
      await refuses(page, form, () => form.getByRole('button', { name: OK }).click(), cases, lang);
      await form.getByRole('button', { name: lang === 'zh' ? /取\s*消/ : 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      if (lang === 'zh') await toEnglish(page);
    }
  });

  it('logistics channel form: negative, decimal and too many days, an over-long code', async () => {
    const page = await signedIn('/logisticsChannelsManage/channelList', 'ops1');
    const cases: Case[] = [
      { field: ['渠道名称', 'Channel name'], typed: '', says: ['请输入渠道名称', 'Enter the channel name'] },
      {
        field: ['渠道代码', 'Channel code'],
        typed: 'C'.repeat(33),
        says: ['请输入2~32位字母、数字、下划线或横线', 'Enter 2–32 letters, digits, underscores or hyphens'],
      },
      { field: ['最短时效', 'Shortest delivery'], typed: '-1', says: ['不能小于 0', 'Must be at least 0'] },
      { field: ['最短时效', 'Shortest delivery'], typed: '1.505', says: ['请输入整数', 'Enter a whole number'] },
      { field: ['最长时效', 'Longest delivery'], typed: '366', says: ['不能大于 365', 'Must be at most 365'] },
      { field: ['排序', 'Sort'], typed: 'abc', says: ['请输入整数', 'Enter a whole number'] },
    ];
    for (const lang of ['zh', 'en'] as const) {
      await page.getByRole('button', { name: lang === 'zh' ? '新增渠道' : 'Add channel' }).click();
      const form = page.locator('.ant-modal').filter({ has: page.locator('form#channelEdit') });
      await form.waitFor();
      await refuses(page, form, () => form.getByRole('button', { name: OK }).click(), cases, lang);
      await form.getByRole('button', { name: lang === 'zh' ? /取\s*消/ : 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      if (lang === 'zh') await toEnglish(page);
    }
  });
});
