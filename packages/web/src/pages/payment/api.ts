import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PaymentChannelSaveBody,
  type PaymentPreviewBody,
  type PaymentRuleSaveBody,
  paymentChannelDetailCall,
  paymentRuleDetailCall,
  paymentRuleOptionsCall,
  paymentSaveChannelCall,
  paymentModifyChannelStatusCall,
  paymentSaveRuleCall,
  paymentModifyRuleStatusCall,
  paymentDeleteRuleCall,
  paymentRulePreviewCall,
} from '@waystation/shared/contract/payment';
import { call } from '../../api/request';

export const paymentKeys = {
  all: ['payment'] as const,
  channel: (id: number) => ['payment', 'channel', id] as const,
  rule: (id: number) => ['payment', 'rule', id] as const,
  options: ['payment', 'options'] as const,
};

export const useChannel = (id: number) =>
  useQuery({
    queryKey: paymentKeys.channel(id),
    queryFn: () => call(paymentChannelDetailCall, { id }),
    enabled: id > 0,
  });
export const useRule = (id: number) => useQuery({ queryKey: paymentKeys.rule(id), queryFn: () => call(paymentRuleDetailCall, { id }), enabled: id > 0 });
export const useRuleOptions = () => useQuery({ queryKey: paymentKeys.options, queryFn: () => call(paymentRuleOptionsCall) });

function usePaymentMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
export const useSaveChannel = () => usePaymentMutation((b: PaymentChannelSaveBody) => call(paymentSaveChannelCall, b));
export const useChannelStatus = () => usePaymentMutation((q: { id: number; status: 'activity' | 'disabled' }) => call(paymentModifyChannelStatusCall, q));
export const useSaveRule = () => usePaymentMutation((b: PaymentRuleSaveBody) => call(paymentSaveRuleCall, b));
export const useRuleStatus = () => usePaymentMutation((q: { id: number; status: 'activity' | 'disabled' }) => call(paymentModifyRuleStatusCall, q));
export const useDeleteRule = () => usePaymentMutation((id: number) => call(paymentDeleteRuleCall, { id }));
export const previewPayment = (b: PaymentPreviewBody) => call(paymentRulePreviewCall, b);
