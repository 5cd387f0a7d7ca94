import { useEffect, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { messages } from '../../i18n/messages';
import { routeTitle, useLang } from '../../i18n';
import { useSession } from '../session';
import { mobileQuery, useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { useTags } from '../stores/tags';
import { findRoute } from '../routes/model';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { PageHost } from './PageHost';
import { BackToTop } from './BackToTop';
import { AntdRoot } from '../AntdRoot';
import '../layout.css';

/** SPEC §9: under 992 px the layout is mobile and the sidebar closes; a route change closes it too. */
function useResponsive(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // A media query, not the body's measured width: reading a size on the first screen would force a layout mid-render.
    const query = mobileQuery();
    const apply = () => {
      const app = useApp.getState();
      app.setDevice(query.matches ? 'mobile' : 'desktop');
      if (query.matches) app.closeSidebar(true);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  useEffect(() => {
    const app = useApp.getState();
    if (app.device === 'mobile' && app.sidebarOpened) app.closeSidebar(false);
  }, [pathname]);
}

/** Adds the open page as a tab and keeps tabs whose page still exists; sets the page title. */
function useVisitedTabs(): void {
  const { pathname, search } = useLocation();
  const flat = useSession((s) => s.flat);
  const lang = useLang((s) => s.lang);

  useEffect(() => {
    const tags = useTags.getState();
    for (const r of flat) {
      if (r.affix && !r.path.includes(':'))
        tags.addView({ path: r.path, fullPath: r.path, title: r.title, titleEn: r.titleEn, affix: true, noCache: r.noCache });
    }
    tags.retain((v) => v.affix || !!findRoute(flat, v.path));
  }, [flat]);

  useEffect(() => {
    const route = pathname.startsWith('/redirect/') ? undefined : findRoute(flat, pathname);
    // Page title: the route title, then the Chinese back-office name (SPEC §1).
    document.title = route?.title ? `${routeTitle(route)} - ${messages.zh.appName}` : messages.zh.appName;
    if (!route?.title) return;
    useTags.getState().addView({
      path: pathname,
      fullPath: `${pathname}${search}`,
      title: route.title,
      titleEn: route.titleEn,
      affix: route.affix,
      noCache: route.noCache,
    });
  }, [pathname, search, flat, lang]);
}

/** The common layout every server route is wrapped in (SPEC §2). */
export default function Layout() {
  return (
    <AntdRoot>
      <LayoutBody />
    </AntdRoot>
  );
}

function LayoutBody() {
  useResponsive();
  useVisitedTabs();
  const opened = useApp((s) => s.sidebarOpened);
  const device = useApp((s) => s.device);
  const withoutAnimation = useApp((s) => s.withoutAnimation);
  const closeSidebar = useApp((s) => s.closeSidebar);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const theme = useSettings((s) => s.theme);

  const classes = [
    'app-wrapper',
    opened ? 'openSidebar' : 'hideSidebar',
    device === 'mobile' ? 'mobile' : 'desktop',
    withoutAnimation ? 'withoutAnimation' : '',
  ].join(' ');

  return (
    <div className={classes} data-testid="app-wrapper" style={{ '--ws-primary': theme } as CSSProperties}>
      {device === 'mobile' && opened && <div className="drawer-bg" data-testid="drawer-bg" onClick={() => closeSidebar(false)} />}
      <Sidebar />
      <div className={`main-container${tagsView ? ' hasTagsView' : ''}`}>
        <header className={fixedHeader ? 'fixed-header' : 'static-header'} data-testid="app-header">
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <main className="app-main">
          <PageHost />
        </main>
      </div>
      <BackToTop />
    </div>
  );
}
