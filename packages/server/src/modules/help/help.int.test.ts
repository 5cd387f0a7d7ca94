import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../testing/server';
import type { HelpArticle, HelpCategoryNode } from '@waystation/shared/contract/help';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const addCategory = async (body: Record<string, unknown>) => {
  const r = await t.call<{ id: number }>('POST', '/api/help/addCategory', { token: admin, body });
  expect(r.code, r.message).toBe(20000);
  return r.data.id;
};

describe('help centre', () => {
  it('builds the category tree in order and refuses cycles', async () => {
    const root = await addCategory({ name: '测试根', sort: 1 });
    const b = await addCategory({ name: '乙', parentId: root, sort: 2 });
    const a = await addCategory({ name: '甲', parentId: root, sort: 1 });
    const tree = await t.call<HelpCategoryNode[]>('GET', '/api/help/category', { token: admin });
    const node = tree.data.find((n) => n.id === root)!;
    expect(node.children.map((c) => c.id)).toEqual([a, b]);
    const cycle = await t.call('POST', '/api/help/updateCategory', { token: admin, body: { id: root, name: '测试根', parentId: a } });
    expect(cycle.code).toBe(40001);
    const self = await t.call('POST', '/api/help/updateCategory', { token: admin, body: { id: a, name: '甲', parentId: a } });
    expect(self.code).toBe(40001);
    const nonEmpty = await t.call('GET', '/api/help/delete', { token: admin, query: { id: root, type: 'category' } });
    expect(nonEmpty.code).toBe(40900);
  });

  it('saves an article with sanitized HTML, publishes and unpublishes it', async () => {
    const cat = await addCategory({ name: '文章分类' });
    const content = '## 如何下单\n\n**第一步** <script>alert(1)</script>\n\n[恶意](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const saved = await t.call<{ id: number }>('POST', '/api/help/saveArticle', { token: admin, body: { categoryId: cat, title: '下单指南', content } });
    expect(saved.code).toBe(20000);
    const art = await t.call<HelpArticle>('GET', '/api/help/getArticle', { token: admin, query: { id: saved.data.id } });
    expect(art.data).toMatchObject({ status: 'draft', publishedAt: null, content, categoryName: '文章分类' });
    expect(art.data.contentHtml).toContain('<h2>如何下单</h2>');
    expect(art.data.contentHtml).not.toMatch(/<script|<img[^>]*onerror|href="javascript/i);
    expect(art.data.contentHtml).toContain('&lt;script&gt;');

    await t.call('GET', '/api/help/modifyArticleStatus', { token: admin, query: { id: saved.data.id, status: 'published' } });
    const published = await t.call<HelpArticle>('GET', '/api/help/getArticle', { token: admin, query: { id: saved.data.id } });
    expect(published.data.status).toBe('published');
    expect(published.data.publishedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    await t.call('GET', '/api/help/modifyArticleStatus', { token: admin, query: { id: saved.data.id, status: 'draft' } });
    await t.call('GET', '/api/help/modifyArticleStatus', { token: admin, query: { id: saved.data.id, status: 'published' } });
    const again = await t.call<HelpArticle>('GET', '/api/help/getArticle', { token: admin, query: { id: saved.data.id } });
    expect(again.data.publishedAt).toBe(published.data.publishedAt);

    const list = await t.call<{ list: { id: number }[]; total: number }>('GET', '/api/help/articlePageList', {
      token: admin,
      query: { categoryId: cat, status: 'published' },
    });
    expect(list.data.list.map((a) => a.id)).toEqual([saved.data.id]);
    expect((await t.call('GET', '/api/help/delete', { token: admin, query: { id: saved.data.id } })).code).toBe(20000);
    expect((await t.call('GET', '/api/help/delete', { token: admin, query: { id: cat, type: 'category' } })).code).toBe(20000);
  });

  it('validates input and permission', async () => {
    const bad = await t.call<{ fields: Record<string, string> }>('POST', '/api/help/saveArticle', {
      token: admin,
      body: { categoryId: 999999, title: ' ', content: '' },
    });
    expect(bad.code).toBe(40001);
    expect(bad.data.fields).toMatchObject({ title: '请输入标题', content: '请输入内容' });
    const missingCat = await t.call('POST', '/api/help/saveArticle', { token: admin, body: { categoryId: 999999, title: 'x', content: 'y' } });
    expect(missingCat.code).toBe(40001);
    const marketing = await t.login('marketing1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/help/category', { token: marketing })).code).toBe(20000);
    const wh = await t.login('warehouse1', DEMO_PASSWORD);
    expect((await t.call('POST', '/api/help/addCategory', { token: wh, body: { name: 'x' } })).code).toBe(40300);
  });
});
