import { useLang } from '../../i18n';
import { useCountries, useShipChannels } from './api';

/** Options of every country selector: "德国 DE" / "Germany DE", from GET /api/logistics/getCountry. */
export function useCountryOptions() {
  const lang = useLang((s) => s.lang);
  const countries = useCountries();
  return {
    loading: countries.isLoading,
    options: countries.data?.map((c) => ({ value: c.code, label: `${lang === 'en' ? c.nameEn : c.nameZh} ${c.code}` })),
    nameOf: (code: string) => {
      const c = countries.data?.find((x) => x.code === code);
      return c ? (lang === 'en' ? c.nameEn : c.nameZh) : code;
    },
  };
}

/** Options of every ship-channel selector (enabled channels), from GET /api/logistics/getShipChannel. */
export function useShipChannelOptions() {
  const lang = useLang((s) => s.lang);
  const channels = useShipChannels();
  return {
    loading: channels.isLoading,
    options: channels.data?.map((c) => ({ value: c.id, label: lang === 'en' && c.nameEn ? c.nameEn : c.name })),
  };
}
