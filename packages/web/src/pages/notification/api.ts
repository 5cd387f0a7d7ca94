import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SiteKeyCreated,
  SiteKeyList,
  NotifyChannel,
  NotifyChannelList,
  NotifyLog,
  NotifyLogListResult,
  NotifyPreviewResult,
  NotifyTemplateList,
  type NotifyChannelSaveBody,
  type NotifyLogListQuery,
  type NotifyPreviewBody,
  type NotifyTemplateSaveBody,
  type NotifyTestSendBody,
  EventDeliveryListResult,
  type EventDeliveryListQuery,
  WebhookEndpointList,
  type WebhookSaveBody,
  WebhookSaveResult,
} from '@waystation/shared/contract/notification';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

const BASE = '/api/notification/vip';
export const notifyKeys = {
  all: ['notification'] as const,
  channels: ['notification', 'channels'] as const,
  channel: (id: number) => ['notification', 'channel', id] as const,
  templates: ['notification', 'templates'] as const,
  logs: (q: Partial<NotifyLogListQuery>) => ['notification', 'logs', q] as const,
};

export const useNotifyChannels = () =>
  useQuery({ queryKey: notifyKeys.channels, queryFn: () => request(`${BASE}/channelList`, { schema: NotifyChannelList }) });
export const useNotifyChannel = (id: number) =>
  useQuery({ queryKey: notifyKeys.channel(id), queryFn: () => request(`${BASE}/channelDetail`, { params: { id }, schema: NotifyChannel }), enabled: id > 0 });
export const useTemplates = () => useQuery({ queryKey: notifyKeys.templates, queryFn: () => request(`${BASE}/templateList`, { schema: NotifyTemplateList }) });
export const useLogs = (q: Partial<NotifyLogListQuery>) =>
  useQuery({
    queryKey: notifyKeys.logs(q),
    queryFn: () => request(`${BASE}/logPageList`, { params: q, schema: NotifyLogListResult }),
    placeholderData: (p) => p,
  });

function useNotifyMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: notifyKeys.all }) });
}
export const useSaveNotifyChannel = () =>
  useNotifyMutation((b: NotifyChannelSaveBody) => request(`${BASE}/saveChannel`, { method: 'POST', body: b, schema: SaveResult }));
export const useNotifyChannelStatus = () =>
  useNotifyMutation((q: { id: number; status: 'activity' | 'disabled' }) => request(`${BASE}/modifyChannelStatus`, { params: q, schema: z.null() }));
export const useSaveTemplate = () =>
  useNotifyMutation((b: NotifyTemplateSaveBody) => request(`${BASE}/saveTemplate`, { method: 'POST', body: b, schema: z.null() }));
export const useTestSend = () => useNotifyMutation((b: NotifyTestSendBody) => request(`${BASE}/sendTest`, { method: 'POST', body: b, schema: NotifyLog }));
export const previewTemplate = (b: NotifyPreviewBody) => request(`${BASE}/previewTemplate`, { method: 'POST', body: b, schema: NotifyPreviewResult });

// ---------------------------------------------------------------- webhooks (events out)

const WEBHOOK = '/api/notification/webhook';
export const webhookKeys = {
  all: ['webhook'] as const,
  endpoints: ['webhook', 'endpoints'] as const,
  deliveries: (q: Partial<EventDeliveryListQuery>) => ['webhook', 'deliveries', q] as const,
};
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => request(`${WEBHOOK}/list`, { schema: WebhookEndpointList }) });
export const useDeliveries = (q: Partial<EventDeliveryListQuery>) =>
  useQuery({
    queryKey: webhookKeys.deliveries(q),
    queryFn: () => request(`${WEBHOOK}/deliveries`, { params: q, schema: EventDeliveryListResult }),
    placeholderData: (p) => p,
    refetchInterval: 10_000,
  });
function useWebhookMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}
export const useSaveWebhook = () =>
  useWebhookMutation((b: z.input<typeof WebhookSaveBody>) => request(`${WEBHOOK}/save`, { method: 'POST', body: b, schema: WebhookSaveResult }));
export const useWebhookStatus = () =>
  useWebhookMutation((b: { id: number; status: 'activity' | 'disabled' }) => request(`${WEBHOOK}/modifyStatus`, { method: 'POST', body: b, schema: z.null() }));
export const useResendDelivery = () => useWebhookMutation((b: { id: number }) => request(`${WEBHOOK}/resend`, { method: 'POST', body: b, schema: z.null() }));

// ---------------------------------------------------------------- member sites' API keys

const SITE_KEY = '/api/notification/siteKey';
const siteKeyKeys = ['siteKeys'] as const;
export const useSiteKeys = () => useQuery({ queryKey: siteKeyKeys, queryFn: () => request(`${SITE_KEY}/list`, { schema: SiteKeyList }) });
function useSiteKeyMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: siteKeyKeys }) });
}
export const useCreateSiteKey = () =>
  useSiteKeyMutation((b: { name: string }) => request(`${SITE_KEY}/create`, { method: 'POST', body: b, schema: SiteKeyCreated }));
export const useSiteKeyLimits = () =>
  useSiteKeyMutation((b: { id: number; ratePerMinute: number | null; allowedCidrs: string[] }) =>
    request(`${SITE_KEY}/modifyLimits`, { method: 'POST', body: b, schema: z.null() }),
  );
export const useSiteKeyStatus = () =>
  useSiteKeyMutation((b: { id: number; status: 'activity' | 'disabled' }) =>
    request(`${SITE_KEY}/modifyStatus`, { method: 'POST', body: b, schema: z.null() }),
  );
