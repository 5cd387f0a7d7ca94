import { useEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useRouteTitle, useT } from '../../i18n';
import { useTags, type TagView } from '../stores/tags';
import { DASHBOARD_PATH } from '../routes/model';

/**
 * The visited-tabs bar (SPEC §2): affixed tabs cannot be closed; right-click offers Refresh, Close,
 * Close Others, Close All; middle-click closes. Closing the active tab goes to the last remaining tab,
 * otherwise to / (or refreshes Dashboard).
 */
export function TagsView() {
  const t = useT();
  const titleOf = useRouteTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useTags((s) => s.visited);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    scroller.current?.querySelector('.tags-view-item.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const toLastView = (left: TagView[], closed: TagView) => {
    const latest = left[left.length - 1];
    if (latest) navigate(latest.fullPath);
    else if (closed.path === DASHBOARD_PATH) refresh(closed);
    else navigate('/');
  };

  const refresh = (view: TagView) => {
    useTags.getState().refresh(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: view.path === pathname });
  };

  const close = (view: TagView) => {
    if (view.affix) return;
    const left = useTags.getState().delView(view.path);
    if (view.path === pathname) toLastView(left, view);
  };

  const closeOthers = (view: TagView) => {
    if (view.path !== pathname) navigate(view.fullPath);
    useTags.getState().delOthers(view.path);
  };

  const closeAll = (view: TagView) => {
    const left = useTags.getState().delAll();
    if (left.some((v) => v.path === pathname)) return;
    toLastView(left, view);
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      ...(view.affix ? [] : [{ key: 'close', label: t('tags.close') }]),
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'closeOthers') closeOthers(view);
      else if (key === 'closeAll') closeAll(view);
    },
  });

  return (
    <nav className="tags-view-container" aria-label="tags" data-testid="tags-view">
      <div className="tags-view-wrapper" ref={scroller}>
        {visited.map((view) => {
          const active = view.path === pathname;
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              <a
                href={view.fullPath}
                className={`tags-view-item${active ? ' active' : ''}`}
                data-path={view.path}
                aria-current={active ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  // The address bar, not this render's `active`: right after a navigation the render may still be
                  // pending, and a click on the tab that was active a moment ago must still go there.
                  if (view.path !== window.location.pathname) navigate(view.fullPath);
                }}
                onMouseDown={(e) => {
                  // Stop the browser's auto-scroll so a middle click can close the tab.
                  if (e.button === 1) e.preventDefault();
                }}
                onAuxClick={(e) => {
                  if (e.button === 1) {
                    e.preventDefault();
                    close(view);
                  }
                }}
              >
                {titleOf(view)}
                {!view.affix && (
                  <CloseOutlined
                    className="tags-view-close"
                    aria-label={t('tags.close')}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      close(view);
                    }}
                  />
                )}
              </a>
            </Dropdown>
          );
        })}
      </div>
    </nav>
  );
}
