import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Select, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { isRegistered } from '../../pages/registry';
import { useRouteTitle, useT } from '../../i18n';
import { useSession } from '../session';
import { searchItems } from '../routes/model';
import { createRouteSearch } from './fuse';

/**
 * Header route search (SPEC §2): fuzzy over titles and paths of the visible routes; the option shows the
 * title chain joined by " > "; choosing navigates. Ctrl/⌘+K opens it; arrows, Enter and Esc work.
 */
export function RouteSearch() {
  const t = useT();
  const titleOf = useRouteTitle();
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const selectRef = useRef<{ focus(): void } | null>(null);

  const search = useMemo(() => createRouteSearch(searchItems(routes, isRegistered, titleOf)), [routes, titleOf]);
  const options = useMemo(
    () => (query.trim() ? search(query.trim()) : []).map((item) => ({ value: item.path, label: item.title.join(' > ') })),
    [search, query],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (open) selectRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div className={`header-search${open ? ' show' : ''}`}>
      <Tooltip title={t('nav.search')}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('nav.search')} onClick={() => (open ? close() : setOpen(true))} />
      </Tooltip>
      {open && (
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
            close();
            if (path) navigate(path);
          }}
          onBlur={close}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
          popupMatchSelectWidth={false}
        />
      )}
    </div>
  );
}
