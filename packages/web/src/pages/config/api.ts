import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FaqListQuery,
  type FaqSaveBody,
  type SaveTipsConfigBody,
  configBatchTipsConfigCall,
  configTipsListCall,
  configSaveTipsConfigCall,
  configFaqPageListCall,
  configFaqDetailCall,
  configSaveFaqCall,
  configDeleteFaqCall,
} from '@waystation/shared/contract/config';
import { call } from '../../api/request';

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
    queryFn: () => call(configBatchTipsConfigCall, { appId, tipsKeys: keys }),
    enabled: keys.length > 0,
  });
export const useTipsList = (appId: 1 | 2) => useQuery({ queryKey: tipsKeys.list(appId), queryFn: () => call(configTipsListCall, { appId }) });

export function useSaveTips() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTipsConfigBody) => call(configSaveTipsConfigCall, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}

export const useFaqList = (q: Partial<FaqListQuery>) =>
  useQuery({ queryKey: tipsKeys.faqs(q), queryFn: () => call(configFaqPageListCall, q), placeholderData: (p) => p });
export const useFaq = (id: number) => useQuery({ queryKey: tipsKeys.faq(id), queryFn: () => call(configFaqDetailCall, { id }), enabled: id > 0 });
export function useSaveFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: FaqSaveBody) => call(configSaveFaqCall, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}
export function useDeleteFaq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(configDeleteFaqCall, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}
