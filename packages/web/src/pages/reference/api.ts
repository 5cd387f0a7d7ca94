import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppVersionInfo,
  ConfigDataGroups,
  ConfigDataList,
  Country,
  Currency,
  ParamListResult,
  Region,
  SaveResult,
  type AppVersionSaveBody,
  type CountrySaveBody,
  type CurrencySaveBody,
  type ParamAddBody,
  type ParamEditBody,
  type ParamListQuery,
  type RegionSaveBody,
} from '@waystation/shared/contract/reference';
import { request } from '../../api/request';

/** Query keys and calls of reference data, system params and app versions. */
export const refKeys = {
  all: ['reference'] as const,
  currencies: ['reference', 'currencies'] as const,
  regions: ['reference', 'regions'] as const,
  countries: ['reference', 'countries'] as const,
  params: (q: Partial<ParamListQuery>) => ['reference', 'params', q] as const,
  versions: ['reference', 'versions'] as const,
  groups: ['reference', 'groups'] as const,
  group: (g: string) => ['reference', 'group', g] as const,
};

export const useCurrencies = () =>
  useQuery({ queryKey: refKeys.currencies, queryFn: () => request('/api/config/currencyList', { schema: z.array(Currency) }) });
/** Enabled currencies for every selector (SPEC: GET /api/config/enableCurrencyList). */
export const useEnabledCurrencies = () =>
  useQuery({
    queryKey: [...refKeys.currencies, 'enabled'],
    queryFn: () => request('/api/config/enableCurrencyList', { schema: z.array(Currency) }),
    staleTime: 60_000,
  });
/** Enabled regions for every selector (SPEC: GET /api/region/enableSelect). */
export const useEnabledRegions = () =>
  useQuery({ queryKey: [...refKeys.regions, 'enabled'], queryFn: () => request('/api/region/enableSelect', { schema: z.array(Region) }), staleTime: 60_000 });
export const useRegions = () => useQuery({ queryKey: refKeys.regions, queryFn: () => request('/api/region/list', { schema: z.array(Region) }) });
export const useCountryList = () => useQuery({ queryKey: refKeys.countries, queryFn: () => request('/api/country/list', { schema: z.array(Country) }) });
export const useParams = (q: Partial<ParamListQuery>) =>
  useQuery({ queryKey: refKeys.params(q), queryFn: () => request('/api/param/pageList', { params: q, schema: ParamListResult }), placeholderData: (p) => p });
export const useVersions = () => useQuery({ queryKey: refKeys.versions, queryFn: () => request('/api/app/version/fetchInfo', { schema: AppVersionInfo }) });
export const useConfigGroups = () =>
  useQuery({ queryKey: refKeys.groups, queryFn: () => request('/api/config/configDataGroups', { schema: ConfigDataGroups }) });
export const useConfigGroup = (groupKey: string) =>
  useQuery({
    queryKey: refKeys.group(groupKey),
    queryFn: () => request('/api/config/batchQueryConfigData', { method: 'POST', body: { groupKey }, schema: ConfigDataList }),
    enabled: !!groupKey,
  });

function useRefMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  // Logistics selectors (countries, currencies) read the same tables.
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: refKeys.all }), qc.invalidateQueries({ queryKey: ['logistics'] })]),
  });
}
const post = <S extends z.ZodType>(url: string, body: unknown, schema: S) => request(url, { method: 'POST', body, schema });
export const useSaveCurrency = () => useRefMutation((b: CurrencySaveBody) => post('/api/config/saveCurrency', b, z.null()));
export const useSaveRegion = () => useRefMutation((b: RegionSaveBody) => post('/api/region/save', b, SaveResult));
export const useSaveCountry = () => useRefMutation((b: CountrySaveBody) => post('/api/country/save', b, z.null()));
export const useAddParam = () => useRefMutation((b: ParamAddBody) => post('/api/param/add', b, SaveResult));
export const useEditParam = () => useRefMutation((b: ParamEditBody) => post('/api/param/edit', b, z.null()));
export const useParamStatus = () =>
  useRefMutation((q: { id: number; status: 'activity' | 'disabled' }) => request('/api/param/modifyStatus', { params: q, schema: z.null() }));
export const useSaveVersion = () => useRefMutation((b: AppVersionSaveBody) => post('/api/app/version/save', b, SaveResult));
export const useSaveConfigData = () =>
  useRefMutation((b: { groupKey: string; list: { dataKey: string; value: unknown }[] }) => post('/api/config/batchSaveConfigData', b, z.null()));
