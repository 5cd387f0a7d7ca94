import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChannelAreaList,
  ChannelAttrList,
  ChannelListResult,
  CountryOptions,
  ShipChannelOptions,
  ForwarderListResult,
  FreightQuoteResult,
  ProvinceList,
  ShipChannel,
  ShipInitData,
  type AreaSaveBody,
  type BindChannelAttrBody,
  type ChannelListQuery,
  type ChannelSaveBody,
  type ForwarderListQuery,
  type ForwarderSaveBody,
  type FreightQuoteBody,
  type ProvinceSaveBody,
} from '@waystation/shared/contract/logistics';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

/** Query keys of the logistics domain. */
export const logisticsKeys = {
  all: ['logistics'] as const,
  channels: (q: Partial<ChannelListQuery>) => ['logistics', 'channels', q] as const,
  channel: (id: number) => ['logistics', 'channel', id] as const,
  areas: (channelId: number) => ['logistics', 'areas', channelId] as const,
  attrs: (channelId: number) => ['logistics', 'attrs', channelId] as const,
  provinces: (countryCode: string) => ['logistics', 'provinces', countryCode] as const,
  forwarders: (q: Partial<ForwarderListQuery>) => ['logistics', 'forwarders', q] as const,
  init: ['logistics', 'init'] as const,
  countries: ['logistics', 'countries'] as const,
  shipChannels: ['logistics', 'shipChannels'] as const,
};

const post = <S extends z.ZodType>(url: string, body: unknown, schema: S) => request(url, { method: 'POST', body, schema });

export const useShipInit = () =>
  useQuery({ queryKey: logisticsKeys.init, queryFn: () => request('/api/ship/initData', { schema: ShipInitData }), staleTime: 30_000 });
/** Countries for every selector (SPEC: GET /api/logistics/getCountry). */
export const useCountries = () =>
  useQuery({ queryKey: logisticsKeys.countries, queryFn: () => request('/api/logistics/getCountry', { schema: CountryOptions }), staleTime: 60_000 });
/** Enabled ship channels for every selector (SPEC: GET /api/logistics/getShipChannel). */
export const useShipChannels = () =>
  useQuery({
    queryKey: logisticsKeys.shipChannels,
    queryFn: () => request('/api/logistics/getShipChannel', { schema: ShipChannelOptions }),
    staleTime: 60_000,
  });

export const useChannelList = (q: Partial<ChannelListQuery>) =>
  useQuery({
    queryKey: logisticsKeys.channels(q),
    queryFn: () => request('/api/logistics/channelPageList', { params: q, schema: ChannelListResult }),
    placeholderData: (p) => p,
  });
export const useChannel = (id: number) =>
  useQuery({
    queryKey: logisticsKeys.channel(id),
    queryFn: () => request('/api/logistics/channelDetail', { params: { id }, schema: ShipChannel }),
    enabled: id > 0,
  });
export const useAreas = (channelId: number) =>
  useQuery({
    queryKey: logisticsKeys.areas(channelId),
    queryFn: () => request('/api/logistics/areaList', { params: { channelId }, schema: ChannelAreaList }),
    enabled: channelId > 0,
  });
export const useChannelAttrs = (channelId: number) =>
  useQuery({
    queryKey: logisticsKeys.attrs(channelId),
    queryFn: () => request('/api/logistics/channelAttrList', { params: { channelId }, schema: ChannelAttrList }),
    enabled: channelId > 0,
  });
export const useProvinces = (countryCode: string) =>
  useQuery({
    queryKey: logisticsKeys.provinces(countryCode),
    queryFn: () => request('/api/logistics/provinceList', { params: { countryCode }, schema: ProvinceList }),
    enabled: !!countryCode,
  });
export const useForwarderList = (q: Partial<ForwarderListQuery>) =>
  useQuery({
    queryKey: logisticsKeys.forwarders(q),
    queryFn: () => request('/api/forwarder/pageList', { params: q, schema: ForwarderListResult }),
    placeholderData: (p) => p,
  });

/** Every logistics write invalidates the whole domain: lists, counts and selectors all depend on each other. */
function useLogisticsMutation<B>(fn: (body: B) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: logisticsKeys.all }) });
}

export const useSaveChannel = () => useLogisticsMutation((b: ChannelSaveBody) => post('/api/logistics/saveChannel', b, SaveResult));
export const useModifyChannelStatus = () =>
  useLogisticsMutation((q: { id: number; status: 'activity' | 'disabled' }) => request('/api/logistics/modifyChannelStatus', { params: q, schema: z.null() }));
export const useSaveArea = () => useLogisticsMutation((b: AreaSaveBody) => post('/api/logistics/saveArea', b, SaveResult));
export const useDeleteArea = () => useLogisticsMutation((id: number) => request('/api/logistics/deleteArea', { params: { id }, schema: z.null() }));
export const useBindAttrs = () => useLogisticsMutation((b: BindChannelAttrBody) => post('/api/logistics/bindChannelAttr', b, z.null()));
export const useSaveProvince = () => useLogisticsMutation((b: ProvinceSaveBody) => post('/api/logistics/saveProvince', b, SaveResult));
export const useSaveForwarder = () => useLogisticsMutation((b: ForwarderSaveBody) => post('/api/forwarder/save', b, SaveResult));
export const quoteFreight = (b: FreightQuoteBody) => post('/api/logistics/freightQuote', b, FreightQuoteResult);
