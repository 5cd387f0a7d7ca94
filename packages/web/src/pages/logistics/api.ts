import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FreightQuoteResult,
  type AreaSaveBody,
  type BindChannelAttrBody,
  type ChannelListQuery,
  type ChannelSaveBody,
  type ForwarderSaveBody,
  type FreightQuoteBody,
  type ProvinceSaveBody,
  shipInitDataCall,
  logisticsGetCountryCall,
  logisticsGetShipChannelCall,
  logisticsChannelPageListCall,
  logisticsChannelDetailCall,
  logisticsAreaListCall,
  logisticsChannelAttrListCall,
  logisticsProvinceListCall,
  logisticsSaveChannelCall,
  logisticsModifyChannelStatusCall,
  logisticsSaveAreaCall,
  logisticsDeleteAreaCall,
  logisticsBindChannelAttrCall,
  logisticsSaveProvinceCall,
  forwarderSaveCall,
  logisticsFreightQuoteCall,
} from '@waystation/shared/contract/logistics';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request, call } from '../../api/request';

/** Query keys of the logistics domain. */
export const logisticsKeys = {
  all: ['logistics'] as const,
  channels: (q: Partial<ChannelListQuery>) => ['logistics', 'channels', q] as const,
  channel: (id: number) => ['logistics', 'channel', id] as const,
  areas: (channelId: number) => ['logistics', 'areas', channelId] as const,
  attrs: (channelId: number) => ['logistics', 'attrs', channelId] as const,
  provinces: (countryCode: string) => ['logistics', 'provinces', countryCode] as const,
  init: ['logistics', 'init'] as const,
  countries: ['logistics', 'countries'] as const,
  shipChannels: ['logistics', 'shipChannels'] as const,
};

const post = <S extends z.ZodType>(url: string, body: unknown, schema: S) => request(url, { method: 'POST', body, schema });

export const useShipInit = () => useQuery({ queryKey: logisticsKeys.init, queryFn: () => call(shipInitDataCall), staleTime: 30_000 });
/** Countries for every selector (SPEC: GET /api/logistics/getCountry). */
export const useCountries = () => useQuery({ queryKey: logisticsKeys.countries, queryFn: () => call(logisticsGetCountryCall), staleTime: 60_000 });
/** Enabled ship channels for every selector (SPEC: GET /api/logistics/getShipChannel). */
export const useShipChannels = () =>
  useQuery({
    queryKey: logisticsKeys.shipChannels,
    queryFn: () => call(logisticsGetShipChannelCall),
    staleTime: 60_000,
  });

/** Not useListCall's key: under ['logistics'], so reference writes (countries, currencies) refresh it too. */
export const useChannelList = (q: Partial<ChannelListQuery>) =>
  useQuery({
    queryKey: logisticsKeys.channels(q),
    queryFn: () => call(logisticsChannelPageListCall, q),
    placeholderData: (p) => p,
  });
export const useChannel = (id: number) =>
  useQuery({
    queryKey: logisticsKeys.channel(id),
    queryFn: () => call(logisticsChannelDetailCall, { id }),
    enabled: id > 0,
  });
export const useAreas = (channelId: number) =>
  useQuery({
    queryKey: logisticsKeys.areas(channelId),
    queryFn: () => call(logisticsAreaListCall, { channelId }),
    enabled: channelId > 0,
  });
export const useChannelAttrs = (channelId: number) =>
  useQuery({
    queryKey: logisticsKeys.attrs(channelId),
    queryFn: () => call(logisticsChannelAttrListCall, { channelId }),
    enabled: channelId > 0,
  });
export const useProvinces = (countryCode: string) =>
  useQuery({
    queryKey: logisticsKeys.provinces(countryCode),
    queryFn: () => call(logisticsProvinceListCall, { countryCode }),
    enabled: !!countryCode,
  });

/** Every logistics write invalidates the whole domain: lists, counts and selectors all depend on each other. */
function useLogisticsMutation<B>(fn: (body: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}

export const useSaveChannel = () => useLogisticsMutation((b: ChannelSaveBody) => post(logisticsSaveChannelCall.url, b, SaveResult));
export const useModifyChannelStatus = () =>
  useLogisticsMutation((q: { id: number; status: 'activity' | 'disabled' }) => call(logisticsModifyChannelStatusCall, q));
export const useSaveArea = () => useLogisticsMutation((b: AreaSaveBody) => post(logisticsSaveAreaCall.url, b, SaveResult));
export const useDeleteArea = () => useLogisticsMutation((id: number) => call(logisticsDeleteAreaCall, { id }));
export const useBindAttrs = () => useLogisticsMutation((b: BindChannelAttrBody) => post(logisticsBindChannelAttrCall.url, b, z.null()));
export const useSaveProvince = () => useLogisticsMutation((b: ProvinceSaveBody) => post(logisticsSaveProvinceCall.url, b, SaveResult));
export const useSaveForwarder = () => useLogisticsMutation((b: ForwarderSaveBody) => post(forwarderSaveCall.url, b, SaveResult));
export const quoteFreight = (b: FreightQuoteBody) => post(logisticsFreightQuoteCall.url, b, FreightQuoteResult);
