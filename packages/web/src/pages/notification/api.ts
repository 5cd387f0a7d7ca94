import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotifyChannelSaveBody,
  type NotifyPreviewBody,
  type NotifyTemplateSaveBody,
  type NotifyTestSendBody,
  type EventDeliveryListQuery,
  type WebhookSaveBody,
  notificationSiteKeyCreateCall,
  notificationSiteKeyListCall,
  notificationSiteKeyModifyLimitsCall,
  notificationSiteKeyModifyStatusCall,
  notificationVipChannelDetailCall,
  notificationVipChannelListCall,
  notificationVipModifyChannelStatusCall,
  notificationVipPreviewTemplateCall,
  notificationVipSaveChannelCall,
  notificationVipSaveTemplateCall,
  notificationVipSendTestCall,
  notificationVipTemplateListCall,
  notificationWebhookDeliveriesCall,
  notificationWebhookListCall,
  notificationWebhookModifyStatusCall,
  notificationWebhookResendCall,
  notificationWebhookSaveCall,
} from '@waystation/shared/contract/notification';
import { call } from '../../api/request';

export const notifyKeys = {
  all: ['notification'] as const,
  channels: ['notification', 'channels'] as const,
  channel: (id: number) => ['notification', 'channel', id] as const,
  templates: ['notification', 'templates'] as const,
};

export const useNotifyChannels = () => useQuery({ queryKey: notifyKeys.channels, queryFn: () => call(notificationVipChannelListCall) });
export const useNotifyChannel = (id: number) =>
  useQuery({ queryKey: notifyKeys.channel(id), queryFn: () => call(notificationVipChannelDetailCall, { id }), enabled: id > 0 });
export const useTemplates = () => useQuery({ queryKey: notifyKeys.templates, queryFn: () => call(notificationVipTemplateListCall) });

/** A write refreshes the notification queries. */
function useNotifyMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: notifyKeys.all }),
  });
}
export const useSaveNotifyChannel = () => useNotifyMutation((b: NotifyChannelSaveBody) => call(notificationVipSaveChannelCall, b));
export const useNotifyChannelStatus = () =>
  useNotifyMutation((q: { id: number; status: 'activity' | 'disabled' }) => call(notificationVipModifyChannelStatusCall, q));
export const useSaveTemplate = () => useNotifyMutation((b: NotifyTemplateSaveBody) => call(notificationVipSaveTemplateCall, b));
export const useTestSend = () => useNotifyMutation((b: NotifyTestSendBody) => call(notificationVipSendTestCall, b));
export const previewTemplate = (b: NotifyPreviewBody) => call(notificationVipPreviewTemplateCall, b);

// ---------------------------------------------------------------- webhooks (events out)

export const webhookKeys = {
  all: ['webhook'] as const,
  endpoints: ['webhook', 'endpoints'] as const,
  deliveries: (q: Partial<EventDeliveryListQuery>) => ['webhook', 'deliveries', q] as const,
};
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => call(notificationWebhookListCall) });
export const useDeliveries = (q: Partial<EventDeliveryListQuery>) =>
  useQuery({
    queryKey: webhookKeys.deliveries(q),
    queryFn: () => call(notificationWebhookDeliveriesCall, q),
    placeholderData: (p) => p,
    refetchInterval: 10_000,
  });
function useWebhookMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}
export const useSaveWebhook = () => useWebhookMutation((b: z.input<typeof WebhookSaveBody>) => call(notificationWebhookSaveCall, b));
export const useWebhookStatus = () => useWebhookMutation((b: { id: number; status: 'activity' | 'disabled' }) => call(notificationWebhookModifyStatusCall, b));
export const useResendDelivery = () => useWebhookMutation((b: { id: number }) => call(notificationWebhookResendCall, b));

// ---------------------------------------------------------------- member sites' API keys

const siteKeyKeys = ['siteKeys'] as const;
export const useSiteKeys = () => useQuery({ queryKey: siteKeyKeys, queryFn: () => call(notificationSiteKeyListCall) });
function useSiteKeyMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: siteKeyKeys }) });
}
export const useCreateSiteKey = () => useSiteKeyMutation((b: { name: string }) => call(notificationSiteKeyCreateCall, b));
export const useSiteKeyLimits = () =>
  useSiteKeyMutation((b: { id: number; ratePerMinute: number | null; allowedCidrs: string[] }) => call(notificationSiteKeyModifyLimitsCall, b));
export const useSiteKeyStatus = () => useSiteKeyMutation((b: { id: number; status: 'activity' | 'disabled' }) => call(notificationSiteKeyModifyStatusCall, b));
