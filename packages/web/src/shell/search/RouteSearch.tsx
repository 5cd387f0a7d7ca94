import { Suspense, useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { preloadable, whenIdle } from '../preload';

// The box (a Select and the fuzzy matcher) is fetched once the page is idle: the header paints without it, and
// Ctrl+K then opens it at once, so the keys typed right after it land in the box.
const { Component: RouteSearchBox, preload: preloadBox } = preloadable(() => import('./RouteSearchBox'));

/**
 * Header route search (SPEC §2): fuzzy over titles and paths of the visible routes; the option shows the
 * title chain joined by " > "; choosing navigates. Ctrl/⌘+K opens it; arrows, Enter and Esc work.
 */
export function RouteSearch() {
  const t = useT();
  const [open, setOpen] = useState(false);
  // What was typed while the box's chunk was still on its way: the box starts from it, nothing typed is lost.
  const [early, setEarly] = useState('');

  useEffect(() => whenIdle(() => void preloadBox().catch(() => undefined)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setEarly('');
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className={`header-search${open ? ' show' : ''}`}>
      <Tooltip title={t('nav.search')}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('nav.search')}
          onClick={() => {
            setEarly('');
            setOpen(!open);
          }}
        />
      </Tooltip>
      {open && (
        <Suspense
          fallback={
            <input
              className="header-search-early"
              aria-label={t('nav.searchPlaceholder')}
              placeholder={t('nav.searchPlaceholder')}
              autoFocus
              value={early}
              onChange={(e) => setEarly(e.target.value)}
            />
          }
        >
          <RouteSearchBox initialQuery={early} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
