import { useLang } from '../../i18n';
import { useEnabledCurrencies, useEnabledRegions } from './api';

/** Options of every currency selector (enabled currencies): "USD 美元" / "USD US dollar". */
export function useCurrencyOptions() {
  const lang = useLang((s) => s.lang);
  const currencies = useEnabledCurrencies();
  return {
    loading: currencies.isLoading,
    options: currencies.data?.map((c) => ({ value: c.code, label: `${c.code} ${lang === 'en' ? c.nameEn : c.nameZh}` })),
  };
}

/** Options of every region selector (enabled regions). */
export function useRegionOptions() {
  const lang = useLang((s) => s.lang);
  const regions = useEnabledRegions();
  return {
    loading: regions.isLoading,
    options: regions.data?.map((r) => ({ value: r.id, label: lang === 'en' && r.nameEn ? r.nameEn : r.nameZh })),
  };
}
