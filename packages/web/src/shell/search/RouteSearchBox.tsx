import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { isRegistered } from '../../pages/registry';
import { useRouteTitle, useT } from '../../i18n';
import { useSession } from '../session';
import { searchItems } from '../routes/model';
import { createRouteSearch } from './fuse';

/** The open search box: fuzzy over titles and paths, the option shows the title chain joined by " > ". */
export default function RouteSearchBox({ initialQuery, onClose }: { initialQuery: string; onClose(): void }) {
  const t = useT();
  const titleOf = useRouteTitle();
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const [query, setQuery] = useState('');
  const selectRef = useRef<{ focus(): void } | null>(null);

  const search = useMemo(() => createRouteSearch(searchItems(routes, isRegistered, titleOf)), [routes, titleOf]);
  const options = useMemo(
    () => (query.trim() ? search(query.trim()) : []).map((item) => ({ value: item.path, label: item.title.join(' > ') })),
    [search, query],
  );

  // The Select drops a search text given at mount: what was typed before the box loaded goes in once it has focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box opens
  useEffect(() => {
    selectRef.current?.focus();
    if (initialQuery) setQuery(initialQuery);
  }, []);

  return (
    <Select
      ref={selectRef as never}
      className="header-search-select"
      data-testid="route-search"
      showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
      value={null}
      placeholder={t('nav.searchPlaceholder')}
      options={options}
      open={query.trim().length > 0}
      notFoundContent={t('nav.searchEmpty')}
      defaultActiveFirstOption
      onSelect={(path) => {
        onClose();
        if (path) navigate(path);
      }}
      onBlur={onClose}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      popupMatchSelectWidth={false}
    />
  );
}
