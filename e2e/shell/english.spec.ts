import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { loginApi, openFromSidebar, pickUserMenuItem, useE2E } from '../support/browser';
import { sidebarHrefs } from './menu';

const e2e = useE2E();
const CHINESE = /[\u4e00-\u9fff]/;

/** The texts of a column's cells, by the column's header title. */
async function columnTexts(page: Page, title: string): Promise<string[]> {
  const table = page.locator('.app-main .ant-table-wrapper:visible').first();
  await table.locator('tr.ant-table-row').first().waitFor();
  const index = await table.locator('thead th').evaluateAll((ths, t) => ths.findIndex((th) => (th.textContent ?? '').trim() === t), title);
  expect(index, title).toBeGreaterThanOrEqual(0);
  return table.locator('tr.ant-table-row').evaluateAll((rows, i) => rows.map((r) => (r.children[i]?.textContent ?? '').trim()), index);
}

const noChinese = (texts: string[]) => texts.filter((t) => CHINESE.test(t));

/** Sidebar labels whose text does not fit: cut by the sidebar's edge or by an ellipsis. */
function cutLabels(sidebar: Locator): Promise<string[]> {
  return sidebar.evaluate((aside) => {
    const edge = aside.getBoundingClientRect().right;
    return [...aside.querySelectorAll<HTMLElement>('.ant-menu-title-content')]
      .filter((el) => el.offsetParent && (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > edge + 1))
      .map((el) => (el.textContent ?? '').trim());
  });
}

describe('the back-office in English', () => {
  it('shows the screens named in issue 27 without Chinese, whole sidebar labels and Disable/Enable as the action', async () => {
    const e = e2e();
    const ctx = await e.context({ width: 1440, height: 900 });
    await loginApi(e, ctx);
    const page = await ctx.newPage();
    await page.goto(e.url('/dashboard'));
    await pickUserMenuItem(page, '语言', 'English');
    await page.getByText('Welcome, ').waitFor();

    // Every label of every submenu, opened one by one, is shown whole (on two lines where it is long).
    const sidebar = page.locator('.sidebar-container');
    await sidebarHrefs(page);
    await sidebar.getByText('Removal from shelves').waitFor();
    expect(await cutLabels(sidebar)).toEqual([]);
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(210);

    // The print driver's banner at the packing station.
    await openFromSidebar(page, 'Warehouse', 'Packing and weighing');
    const banner = page.getByTestId('driver-alert');
    await banner.getByText('Client not connected').waitFor();
    expect(noChinese([await banner.innerText()])).toEqual([]);

    // 会员通知: the events of each channel, the template's event picker; the channel's action is a verb.
    await openFromSidebar(page, 'Notifications', 'Member notifications');
    const events = await columnTexts(page, 'Notification events');
    expect(events.join('')).not.toBe('');
    expect(noChinese(events)).toEqual([]);
    expect(await columnTexts(page, 'Actions')).toContain('EditDisable');
    await page.getByRole('tab', { name: 'Notification templates' }).click();
    const eventPicker = page.getByRole('combobox', { name: 'Notification events' }).locator('xpath=ancestor::*[contains(@class, "ant-select")][1]');
    await expect.poll(() => eventPicker.innerText()).toBe('Purchased');

    // 会员端配置: the member site's text pages by their English names.
    await openFromSidebar(page, 'System', 'Member terminal');
    const cards = page.locator('.app-main .ant-card-small');
    await cards.getByText('Purchase agreement', { exact: true }).waitFor();
    const titles = await cards.evaluateAll((els) => els.map((el) => (el.querySelector('div')?.textContent ?? '').trim()));
    expect(titles.length).toBeGreaterThan(10);
    expect(noChinese(titles)).toEqual([]);

    // 系统参数: the starting parameters' names and remarks; the action is Disable, not Disabled.
    await openFromSidebar(page, 'System', 'Parameters');
    await page.getByText('Free storage days', { exact: true }).waitFor();
    expect(noChinese(await columnTexts(page, 'Parameter name'))).toEqual([]);
    expect(noChinese(await columnTexts(page, 'Note'))).toEqual([]);
    const actions = await columnTexts(page, 'Actions');
    expect(actions.every((a) => a === 'EditDisable' || a === 'EditEnable')).toBe(true);
  });
});
