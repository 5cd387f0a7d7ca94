import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type HelpArticleListQuery,
  type HelpArticleSaveBody,
  type HelpCategoryAddBody,
  type HelpCategoryUpdateBody,
  helpCategoryCall,
  helpArticlePageListCall,
  helpGetArticleCall,
  helpAddCategoryCall,
  helpUpdateCategoryCall,
  helpSaveArticleCall,
  helpModifyArticleStatusCall,
  helpDeleteCall,
} from '@waystation/shared/contract/help';
import { call } from '../../api/request';

export const helpKeys = {
  all: ['help'] as const,
  tree: ['help', 'tree'] as const,
  articles: (q: Partial<HelpArticleListQuery>) => ['help', 'articles', q] as const,
  article: (id: number) => ['help', 'article', id] as const,
};

export const useCategoryTree = () => useQuery({ queryKey: helpKeys.tree, queryFn: () => call(helpCategoryCall) });
export const useArticles = (q: Partial<HelpArticleListQuery>) =>
  useQuery({
    queryKey: helpKeys.articles(q),
    queryFn: () => call(helpArticlePageListCall, q),
    placeholderData: (p) => p,
  });
export const useArticle = (id: number) => useQuery({ queryKey: helpKeys.article(id), queryFn: () => call(helpGetArticleCall, { id }), enabled: id > 0 });

function useHelpMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: helpKeys.all }) });
}
export const useAddCategory = () => useHelpMutation((b: HelpCategoryAddBody) => call(helpAddCategoryCall, b));
export const useUpdateCategory = () => useHelpMutation((b: HelpCategoryUpdateBody) => call(helpUpdateCategoryCall, b));
export const useSaveArticle = () => useHelpMutation((b: HelpArticleSaveBody) => call(helpSaveArticleCall, b));
export const useArticleStatus = () => useHelpMutation((q: { id: number; status: 'draft' | 'published' }) => call(helpModifyArticleStatusCall, q));
export const useDeleteHelp = () => useHelpMutation((q: { id: number; type: 'article' | 'category' }) => call(helpDeleteCall, q));
