import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TipsEntryList, FaqListResult, Faq, type FaqListQuery, type FaqSaveBody, type SaveTipsConfigBody } from '@waystation/shared/contract/config';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

/** Query keys and calls of the terminal texts (tips), FAQ. */
export const tipsKeys = {
  all: ['tips'] as const,
  batch: (appId: number, keys: string[]) => ['tips', 'batch', appId, keys] as const,
  list: (appId: number) => ['tips', 'list', appId] as const,
  faqs: (q: Partial<FaqListQuery>) => ['tips', 'faq', q] as const,
  faq: (id: number) => ['tips', 'faqDetail', id] as const,
};

export const useTips = (appId: 1 | 2, keys: string[]) =>
  useQuery({
    queryKey: tipsKeys.batch(appId, keys),
    queryFn: () => request('/api/config/batchTipsConfig', { method: 'POST', body: { appId, tipsKeys: keys }, schema: TipsEntryList }),
    enabled: keys.length > 0,
  });
export const useTipsList = (appId: 1 | 2) =>
  useQuery({ queryKey: tipsKeys.list(appId), queryFn: () => request('/api/config/tipsList', { params: { appId }, schema: TipsEntryList }) });

export function useSaveTips() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTipsConfigBody) => request('/api/config/saveTipsConfig', { method: 'POST', body, schema: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}

export const useFaqList = (q: Partial<FaqListQuery>) =>
  useQuery({ queryKey: tipsKeys.faqs(q), queryFn: () => request('/api/config/faqPageList', { params: q, schema: FaqListResult }), placeholderData: (p) => p });
export const useFaq = (id: number) =>
  useQuery({ queryKey: tipsKeys.faq(id), queryFn: () => request('/api/config/faqDetail', { params: { id }, schema: Faq }), enabled: id > 0 });
export function useSaveFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: FaqSaveBody) => request('/api/config/saveFaq', { method: 'POST', body: b, schema: SaveResult }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}
export function useDeleteFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('/api/config/deleteFaq', { params: { id }, schema: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}
