import type { Page } from 'playwright-core';

/** The addresses of every screen in the signed-in user's sidebar, in menu order (each submenu opened as a person does). */
export async function sidebarHrefs(page: Page): Promise<string[]> {
  const subs = page.locator('.sidebar-container ul.ant-menu-root > li.ant-menu-submenu');
  await subs.first().waitFor();
  const hrefs: string[] = [];
  for (let i = 0; i < (await subs.count()); i++) {
    const sub = subs.nth(i);
    if (!(await sub.getAttribute('class'))?.includes('ant-menu-submenu-open')) await sub.locator('.ant-menu-submenu-title').click();
    const links = sub.locator('ul .ant-menu-item a');
    await links.first().waitFor();
    hrefs.push(...(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))));
  }
  const top = await page.locator('.sidebar-container ul.ant-menu-root > li.ant-menu-item a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...top, ...hrefs].filter((h) => h.startsWith('/'));
}
