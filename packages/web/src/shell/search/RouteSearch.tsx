import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';

// The box (a Select and the fuzzy matcher) loads when first opened: the header paints without them.
const RouteSearchBox = lazy(() => import('./RouteSearchBox'));

/**
 * Header route search (SPEC §2): fuzzy over titles and paths of the visible routes; the option shows the
 * title chain joined by " > "; choosing navigates. Ctrl/⌘+K opens it; arrows, Enter and Esc work.
 */
export function RouteSearch() {
  const t = useT();
  const [open, setOpen] = useState(false);

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

  return (
    <div className={`header-search${open ? ' show' : ''}`}>
      <Tooltip title={t('nav.search')}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('nav.search')} onClick={() => setOpen(!open)} />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <RouteSearchBox onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
