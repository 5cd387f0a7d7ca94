import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HelpArticle,
  HelpArticleListResult,
  HelpCategoryTree,
  type HelpArticleListQuery,
  type HelpArticleSaveBody,
  type HelpCategoryAddBody,
  type HelpCategoryUpdateBody,
} from '@waystation/shared/contract/help';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

export const helpKeys = {
  all: ['help'] as const,
  tree: ['help', 'tree'] as const,
  articles: (q: Partial<HelpArticleListQuery>) => ['help', 'articles', q] as const,
  article: (id: number) => ['help', 'article', id] as const,
};

export const useCategoryTree = () => useQuery({ queryKey: helpKeys.tree, queryFn: () => request('/api/help/category', { schema: HelpCategoryTree }) });
export const useArticles = (q: Partial<HelpArticleListQuery>) =>
  useQuery({
    queryKey: helpKeys.articles(q),
    queryFn: () => request('/api/help/articlePageList', { params: q, schema: HelpArticleListResult }),
    placeholderData: (p) => p,
  });
export const useArticle = (id: number) =>
  useQuery({ queryKey: helpKeys.article(id), queryFn: () => request('/api/help/getArticle', { params: { id }, schema: HelpArticle }), enabled: id > 0 });

function useHelpMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: helpKeys.all }) });
}
export const useAddCategory = () =>
  useHelpMutation((b: HelpCategoryAddBody) => request('/api/help/addCategory', { method: 'POST', body: b, schema: SaveResult }));
export const useUpdateCategory = () =>
  useHelpMutation((b: HelpCategoryUpdateBody) => request('/api/help/updateCategory', { method: 'POST', body: b, schema: z.null() }));
export const useSaveArticle = () =>
  useHelpMutation((b: HelpArticleSaveBody) => request('/api/help/saveArticle', { method: 'POST', body: b, schema: SaveResult }));
export const useArticleStatus = () =>
  useHelpMutation((q: { id: number; status: 'draft' | 'published' }) => request('/api/help/modifyArticleStatus', { params: q, schema: z.null() }));
export const useDeleteHelp = () =>
  useHelpMutation((q: { id: number; type: 'article' | 'category' }) => request('/api/help/delete', { params: q, schema: z.null() }));
