import { z } from 'zod';
import { ArticleStatus } from '../vocab/config-content';
import { PageQuery, idParam, pageOf, queryInt, textFilter } from './common';
import { intField, statusField, SaveResult, IdQuery } from './reference';
import { defineCall } from './call';

/** The markdown editor's toolbar (SPEC §2 /helpCenter/homeOperate), exactly these and in this order. */
export const MARKDOWN_TOOLBAR = ['heading', 'bold', 'italic', 'strikethrough', 'quote', 'unorderedList', 'orderedList', 'code'] as const;

export interface HelpCategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  sort: number;
  status: 'activity' | 'disabled';
  articleCount: number;
  children: HelpCategoryNode[];
}
export const HelpCategoryNode: z.ZodType<HelpCategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    nameEn: z.string(),
    sort: z.number().int(),
    status: statusField,
    articleCount: z.number().int(),
    children: z.array(HelpCategoryNode),
  }),
);
export const HelpCategoryTree = z.array(HelpCategoryNode);

const categoryFields = {
  parentId: z.number().int().positive().nullable().default(null),
  name: z.string().trim().min(1, '请输入分类名称').max(50),
  nameEn: z.string().trim().max(100).default(''),
  sort: intField(100000).default(0),
  status: statusField.default('activity'),
};
export const HelpCategoryAddBody = z.strictObject(categoryFields);
export type HelpCategoryAddBody = z.input<typeof HelpCategoryAddBody>;
export const HelpCategoryUpdateBody = z.strictObject({ id: z.number().int().positive(), ...categoryFields });
export type HelpCategoryUpdateBody = z.input<typeof HelpCategoryUpdateBody>;

export const HelpArticle = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  content: z.string(),
  /** Sanitized HTML rendered from the markdown on save: what the member site shows. */
  contentHtml: z.string(),
  status: z.enum(ArticleStatus.values),
  sort: z.number().int(),
  publishedAt: z.string().nullable(),
  authorName: z.string(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticle>;
export const HelpArticleListItem = HelpArticle.omit({ content: true, contentHtml: true });
export type HelpArticleListItem = z.infer<typeof HelpArticleListItem>;
export const HelpArticleListQuery = PageQuery.extend({
  categoryId: queryInt(1, 2_147_483_647).optional(),
  keyword: textFilter,
  status: z.enum(ArticleStatus.values).optional(),
});
export type HelpArticleListQuery = z.infer<typeof HelpArticleListQuery>;
export const HelpArticleListResult = pageOf(HelpArticleListItem);
export const HelpArticleSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  categoryId: z.number({ error: '请选择分类' }).int().positive('请选择分类'),
  title: z.string().trim().min(1, '请输入标题').max(200),
  content: z.string().min(1, '请输入内容').max(200_000),
  sort: intField(100000).default(0),
});
export type HelpArticleSaveBody = z.input<typeof HelpArticleSaveBody>;
export const HelpArticleStatusQuery = z.strictObject({ id: idParam, status: z.enum(ArticleStatus.values) });
export const HelpDeleteQuery = z.strictObject({ id: idParam, type: z.enum(['article', 'category']).default('article') });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const helpCategoryCall = defineCall({ method: 'GET', url: '/api/help/category', data: HelpCategoryTree });
export const helpAddCategoryCall = defineCall({ method: 'POST', url: '/api/help/addCategory', body: HelpCategoryAddBody, data: SaveResult });
export const helpUpdateCategoryCall = defineCall({ method: 'POST', url: '/api/help/updateCategory', body: HelpCategoryUpdateBody, data: z.null() });
export const helpArticlePageListCall = defineCall({
  method: 'GET',
  url: '/api/help/articlePageList',
  query: HelpArticleListQuery,
  data: HelpArticleListResult,
});
export const helpGetArticleCall = defineCall({ method: 'GET', url: '/api/help/getArticle', query: IdQuery, data: HelpArticle });
export const helpSaveArticleCall = defineCall({ method: 'POST', url: '/api/help/saveArticle', body: HelpArticleSaveBody, data: SaveResult });
export const helpModifyArticleStatusCall = defineCall({ method: 'GET', url: '/api/help/modifyArticleStatus', query: HelpArticleStatusQuery, data: z.null() });
export const helpDeleteCall = defineCall({ method: 'GET', url: '/api/help/delete', query: HelpDeleteQuery, data: z.null() });
