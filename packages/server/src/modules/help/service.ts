import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import type {
  HelpArticle,
  HelpArticleListItem,
  HelpArticleListQuery,
  HelpArticleSaveBody,
  HelpCategoryAddBody,
  HelpCategoryNode,
  HelpCategoryUpdateBody,
} from '@waystation/shared/contract/help';
import type { Db } from '../../db';
import { helpArticles, helpCategories } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';
import { renderMarkdown } from '@waystation/shared/help/markdown';

type Status = 'activity' | 'disabled';

/** The category tree (by sort), each node with its own article count. */
export async function categoryTree(db: Db): Promise<HelpCategoryNode[]> {
  const rows = await db.select().from(helpCategories).orderBy(asc(helpCategories.sort), asc(helpCategories.id));
  const counts = await db.select({ id: helpArticles.categoryId, n: count() }).from(helpArticles).groupBy(helpArticles.categoryId);
  const nodes = new Map<number, HelpCategoryNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
        sort: r.sort,
        status: r.status as Status,
        articleCount: counts.find((c) => c.id === r.id)?.n ?? 0,
        children: [],
      },
    ]),
  );
  const roots: HelpCategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** A category's parent must exist and must not be the category itself or one of its descendants. */
async function assertParent(db: Db, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const rows = await db.select({ id: helpCategories.id, parentId: helpCategories.parentId }).from(helpCategories);
  if (!rows.some((r) => r.id === parentId)) throw invalid('parentId', '上级分类不存在');
  for (let cur: number | null = parentId; cur !== null; cur = rows.find((r) => r.id === cur)?.parentId ?? null) {
    if (cur === id) throw invalid('parentId', '不能把分类移到自己或下级分类之下');
  }
}

export async function addCategory(db: Db, actor: Actor, input: z.output<typeof HelpCategoryAddBody>, now: Date): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertParent(tx, undefined, input.parentId);
    const [after] = await tx
      .insert(helpCategories)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await writeAudit(tx, actor, { action: 'helpCategory.create', targetType: 'helpCategory', targetId: after.id, after }, now);
    return { id: after.id };
  });
}

export async function updateCategory(db: Db, actor: Actor, input: z.output<typeof HelpCategoryUpdateBody>, now: Date): Promise<void> {
  const { id, ...fields } = input;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpCategories).where(eq(helpCategories.id, id)).limit(1);
    if (!before) throw notFound('分类不存在');
    await assertParent(tx, id, fields.parentId);
    const [after] = await tx
      .update(helpCategories)
      .set({ ...fields, updatedAt: now })
      .where(eq(helpCategories.id, id))
      .returning();
    await writeAudit(tx, actor, { action: 'helpCategory.update', targetType: 'helpCategory', targetId: id, before, after }, now);
  });
}

async function categoryNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: helpCategories.id, name: helpCategories.name }).from(helpCategories).where(inArray(helpCategories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function toItem(r: typeof helpArticles.$inferSelect, categoryName: string): HelpArticleListItem {
  return {
    id: r.id,
    categoryId: r.categoryId,
    categoryName,
    title: r.title,
    status: r.status as 'draft' | 'published',
    sort: r.sort,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    authorName: r.authorName,
    createTime: r.createdAt.toISOString(),
    modifyTime: r.updatedAt.toISOString(),
  };
}

export async function listArticles(db: Db, q: HelpArticleListQuery): Promise<Page<HelpArticleListItem>> {
  const { rows, total } = await offsetPage(db, {
    table: helpArticles,
    select: db.select().from(helpArticles).$dynamic(),
    filter: filters(q, {
      categoryId: (c) => eq(helpArticles.categoryId, c),
      keyword: (k) => ilike(helpArticles.title, containsPattern(k)),
      status: (s) => eq(helpArticles.status, s),
    }),
    orderBy: orderBy(
      q.sort ?? 'sort',
      q.order ?? 'asc',
      { id: helpArticles.id, sort: helpArticles.sort, create_time: helpArticles.createdAt, modify_time: helpArticles.updatedAt },
      helpArticles.id,
    ),
    q,
  });
  const names = await categoryNames(db, [...new Set(rows.map((r) => r.categoryId))]);
  return { list: rows.map((r) => toItem(r, names.get(r.categoryId) ?? '')), total };
}

export async function getArticle(db: Db, id: number): Promise<HelpArticle> {
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id)).limit(1);
  if (!row) throw notFound('文章不存在');
  const names = await categoryNames(db, [row.categoryId]);
  return { ...toItem(row, names.get(row.categoryId) ?? ''), content: row.content, contentHtml: row.contentHtml };
}

/** Creates or edits an article; the sanitized HTML is rendered here so readers never get unsanitized content. */
export async function saveArticle(db: Db, actor: Actor, input: z.output<typeof HelpArticleSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  const values = { ...fields, contentHtml: renderMarkdown(fields.content), authorName: actor.name };
  return db.transaction(async (tx) => {
    const [cat] = await tx.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, fields.categoryId)).limit(1);
    if (!cat) throw invalid('categoryId', '分类不存在');
    const saved = await auditedSave(tx, actor, {
      table: helpArticles,
      id,
      fields: values,
      action: { create: 'helpArticle.create', update: 'helpArticle.update' },
      targetType: 'helpArticle',
      notFound: '文章不存在',
      view: (row) => ({ ...row, contentHtml: undefined }),
      now,
    });
    return { id: saved.id };
  });
}

/** Publishes or unpublishes an article; publishing again keeps the first publication time. */
export async function modifyArticleStatus(db: Db, actor: Actor, id: number, status: 'draft' | 'published', now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(helpArticles).where(eq(helpArticles.id, id)).limit(1);
    if (!before) throw notFound('文章不存在');
    const publish = status === 'published';
    await tx
      .update(helpArticles)
      .set({ status, publishedAt: publish ? (before.publishedAt ?? now) : before.publishedAt, updatedAt: now })
      .where(eq(helpArticles.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: publish ? 'helpArticle.publish' : 'helpArticle.unpublish',
        targetType: 'helpArticle',
        targetId: id,
        before: { status: before.status },
        after: { status },
      },
      now,
    );
  });
}

/** Deletes an article, or an empty category (no sub-categories, no articles). */
export async function deleteHelp(db: Db, actor: Actor, id: number, type: 'article' | 'category', now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (type === 'article') {
      const [before] = await tx.delete(helpArticles).where(eq(helpArticles.id, id)).returning();
      if (!before) throw notFound('文章不存在');
      await writeAudit(
        tx,
        actor,
        { action: 'helpArticle.delete', targetType: 'helpArticle', targetId: id, before: { ...before, contentHtml: undefined } },
        now,
      );
      return;
    }
    const [before] = await tx.select().from(helpCategories).where(eq(helpCategories.id, id)).limit(1);
    if (!before) throw notFound('分类不存在');
    const [{ n: children }] = await tx.select({ n: count() }).from(helpCategories).where(eq(helpCategories.parentId, id));
    const [{ n: articles }] = await tx.select({ n: count() }).from(helpArticles).where(eq(helpArticles.categoryId, id));
    if (children || articles) throw conflict(`该分类下还有 ${children} 个子分类、${articles} 篇文章，无法删除`);
    await tx.delete(helpCategories).where(eq(helpCategories.id, id));
    await writeAudit(tx, actor, { action: 'helpCategory.delete', targetType: 'helpCategory', targetId: id, before }, now);
  });
}
