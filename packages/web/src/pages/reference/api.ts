import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SaveResult,
  type AppVersionSaveBody,
  type CountrySaveBody,
  type CurrencySaveBody,
  type ParamAddBody,
  type ParamEditBody,
  type ParamListQuery,
  type RegionSaveBody,
  configCurrencyListCall,
  configEnableCurrencyListCall,
  regionEnableSelectCall,
  regionListCall,
  countryListCall,
  paramPageListCall,
  appVersionFetchInfoCall,
  configConfigDataGroupsCall,
  configBatchQueryConfigDataCall,
  configSaveCurrencyCall,
  regionSaveCall,
  countrySaveCall,
  paramAddCall,
  paramEditCall,
  paramModifyStatusCall,
  appVersionSaveCall,
  configBatchSaveConfigDataCall,
} from '@waystation/shared/contract/reference';
import { request, call } from '../../api/request';

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

export const useCurrencies = () => useQuery({ queryKey: refKeys.currencies, queryFn: () => call(configCurrencyListCall) });
/** Enabled currencies for every selector (SPEC: GET /api/config/enableCurrencyList). */
export const useEnabledCurrencies = () =>
  useQuery({
    queryKey: [...refKeys.currencies, 'enabled'],
    queryFn: () => call(configEnableCurrencyListCall),
    staleTime: 60_000,
  });
/** Enabled regions for every selector (SPEC: GET /api/region/enableSelect). */
export const useEnabledRegions = () => useQuery({ queryKey: [...refKeys.regions, 'enabled'], queryFn: () => call(regionEnableSelectCall), staleTime: 60_000 });
export const useRegions = () => useQuery({ queryKey: refKeys.regions, queryFn: () => call(regionListCall) });
export const useCountryList = () => useQuery({ queryKey: refKeys.countries, queryFn: () => call(countryListCall) });
export const useParams = (q: Partial<ParamListQuery>) =>
  useQuery({ queryKey: refKeys.params(q), queryFn: () => call(paramPageListCall, q), placeholderData: (p) => p });
export const useVersions = () => useQuery({ queryKey: refKeys.versions, queryFn: () => call(appVersionFetchInfoCall) });
export const useConfigGroups = () => useQuery({ queryKey: refKeys.groups, queryFn: () => call(configConfigDataGroupsCall) });
export const useConfigGroup = (groupKey: string) =>
  useQuery({
    queryKey: refKeys.group(groupKey),
    queryFn: () => call(configBatchQueryConfigDataCall, { groupKey }),
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
export const useSaveCurrency = () => useRefMutation((b: CurrencySaveBody) => post(configSaveCurrencyCall.url, b, z.null()));
export const useSaveRegion = () => useRefMutation((b: RegionSaveBody) => post(regionSaveCall.url, b, SaveResult));
export const useSaveCountry = () => useRefMutation((b: CountrySaveBody) => post(countrySaveCall.url, b, z.null()));
export const useAddParam = () => useRefMutation((b: ParamAddBody) => post(paramAddCall.url, b, SaveResult));
export const useEditParam = () => useRefMutation((b: ParamEditBody) => post(paramEditCall.url, b, z.null()));
export const useParamStatus = () => useRefMutation((q: { id: number; status: 'activity' | 'disabled' }) => call(paramModifyStatusCall, q));
export const useSaveVersion = () => useRefMutation((b: AppVersionSaveBody) => post(appVersionSaveCall.url, b, SaveResult));
export const useSaveConfigData = () =>
  useRefMutation((b: { groupKey: string; list: { dataKey: string; value: unknown }[] }) => post(configBatchSaveConfigDataCall.url, b, z.null()));
