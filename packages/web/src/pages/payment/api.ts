import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PaymentChannel,
  PaymentChannelListResult,
  PaymentPreviewResult,
  PaymentRule,
  PaymentRuleListResult,
  PaymentRuleOptions,
  type PaymentChannelListQuery,
  type PaymentChannelSaveBody,
  type PaymentPreviewBody,
  type PaymentRuleListQuery,
  type PaymentRuleSaveBody,
} from '@waystation/shared/contract/payment';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

export const paymentKeys = {
  all: ['payment'] as const,
  channels: (q: Partial<PaymentChannelListQuery>) => ['payment', 'channels', q] as const,
  channel: (id: number) => ['payment', 'channel', id] as const,
  rules: (q: Partial<PaymentRuleListQuery>) => ['payment', 'rules', q] as const,
  rule: (id: number) => ['payment', 'rule', id] as const,
  options: ['payment', 'options'] as const,
};

export const useChannels = (q: Partial<PaymentChannelListQuery>) =>
  useQuery({
    queryKey: paymentKeys.channels(q),
    queryFn: () => request('/api/payment/channelPageList', { params: q, schema: PaymentChannelListResult }),
    placeholderData: (p) => p,
  });
export const useChannel = (id: number) =>
  useQuery({
    queryKey: paymentKeys.channel(id),
    queryFn: () => request('/api/payment/channelDetail', { params: { id }, schema: PaymentChannel }),
    enabled: id > 0,
  });
export const useRules = (q: Partial<PaymentRuleListQuery>) =>
  useQuery({
    queryKey: paymentKeys.rules(q),
    queryFn: () => request('/api/payment/rulePageList', { params: q, schema: PaymentRuleListResult }),
    placeholderData: (p) => p,
  });
export const useRule = (id: number) =>
  useQuery({ queryKey: paymentKeys.rule(id), queryFn: () => request('/api/payment/ruleDetail', { params: { id }, schema: PaymentRule }), enabled: id > 0 });
export const useRuleOptions = () =>
  useQuery({ queryKey: paymentKeys.options, queryFn: () => request('/api/payment/ruleOptions', { schema: PaymentRuleOptions }) });

function usePaymentMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.all }) });
}
export const useSaveChannel = () =>
  usePaymentMutation((b: PaymentChannelSaveBody) => request('/api/payment/saveChannel', { method: 'POST', body: b, schema: SaveResult }));
export const useChannelStatus = () =>
  usePaymentMutation((q: { id: number; status: 'activity' | 'disabled' }) => request('/api/payment/modifyChannelStatus', { params: q, schema: z.null() }));
export const useSaveRule = () =>
  usePaymentMutation((b: PaymentRuleSaveBody) => request('/api/payment/saveRule', { method: 'POST', body: b, schema: SaveResult }));
export const useRuleStatus = () =>
  usePaymentMutation((q: { id: number; status: 'activity' | 'disabled' }) => request('/api/payment/modifyRuleStatus', { params: q, schema: z.null() }));
export const useDeleteRule = () => usePaymentMutation((id: number) => request('/api/payment/deleteRule', { params: { id }, schema: z.null() }));
export const previewPayment = (b: PaymentPreviewBody) => request('/api/payment/rulePreview', { method: 'POST', body: b, schema: PaymentPreviewResult });
