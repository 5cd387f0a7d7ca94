import { Activity, Suspense, useLayoutEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { FLAT_ROUTES, CATALOGUE } from '@waystation/shared/menu';
import { PAGES, isRegistered } from '../../pages/registry';
import { useSession } from '../session';
import { useSettings } from '../stores/settings';
import { useTags } from '../stores/tags';
import { firstShowingChild, matchPattern, type AppRoute } from '../routes/model';
import { Forbidden, NotFound, PageUnavailable } from '../pages/StatusPages';
import { PageBoundary } from '../pages/PageBoundary';
import { RedirectPage } from '../pages/RedirectPage';
import { FullPageLoading } from '../FullPageLoading';

function PageElement({ route }: { route: AppRoute }) {
  const Page = PAGES[route.component];
  if (!Page) return <PageUnavailable component={route.component} />;
  return (
    <PageBoundary>
      <Suspense fallback={<FullPageLoading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

const CATALOGUE_PATTERNS = [...CATALOGUE.map((c) => c.path), ...FLAT_ROUTES.map((r) => r.fullPath)];

/** An address the user may not open: 403 when it is a catalogue route their roles lack, else 404. */
function Unknown() {
  const { pathname } = useLocation();
  const known = CATALOGUE_PATTERNS.some((p) => matchPattern(p, pathname));
  return known ? <Forbidden /> : <NotFound />;
}

function useRouteObjects(): RouteObject[] {
  const flat = useSession((s) => s.flat);
  return useMemo(() => {
    const dynamic: RouteObject[] = flat.flatMap((r): RouteObject[] => {
      if (r.external) return [];
      if (r.component === 'Layout') {
        if (r.path === '/') return [];
        const to = r.redirect && r.redirect !== 'noRedirect' ? r.redirect : firstShowingChild(r, isRegistered)?.path;
        return to ? [{ path: r.path, element: <Navigate to={to} replace /> }] : [];
      }
      return [{ path: r.path, element: <PageElement route={r} /> }];
    });
    return [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '/403', element: <Forbidden /> },
      { path: '/404', element: <NotFound /> },
      ...dynamic,
      { path: '*', element: <Unknown /> },
    ];
  }, [flat]);
}

/**
 * How many hidden pages stay mounted besides the open one, the most recently used first. Each kept page's DOM weighs on
 * every later render and layout (measured: 250 ms per opened screen with few tabs, 600 ms with 40 kept); a tab beyond
 * this reopens fresh from its address, so its filters in the URL survive, unsaved input does not.
 */
export const KEPT_PAGES = 8;

function RouteView({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}

/**
 * Renders the open page, and keeps the other open tabs' pages mounted but hidden (React <Activity>) so
 * their filters, scroll position and form input survive switching tabs, unless the route says noCache.
 * Each kept page sees its own frozen location, so a hidden list never reacts to another page's URL.
 */
export function PageHost() {
  const location = useLocation();
  const routes = useRouteObjects();
  const tagsView = useSettings((s) => s.tagsView);
  const visited = useTags((s) => s.visited);
  const nonce = useTags((s) => s.nonce);
  const lastLocation = useRef(new Map<string, Location>());
  const scroll = useRef(new Map<string, number>());
  const previousPath = useRef(location.pathname);

  // The map's order is the order of use: the open page moves to its end.
  lastLocation.current.delete(location.pathname);
  lastLocation.current.set(location.pathname, location);

  const keepable = new Set(tagsView ? visited.filter((v) => !v.noCache && v.path !== location.pathname).map((v) => v.path) : []);
  const recent = [...lastLocation.current.keys()].filter((path) => keepable.has(path)).slice(-KEPT_PAGES);
  const kept = visited.filter((v) => recent.includes(v.path));
  // Forget pages whose tab was closed or that fell out of the kept ones, so reopening one starts fresh.
  const live = new Set([location.pathname, ...recent]);
  for (const path of lastLocation.current.keys()) if (!live.has(path)) lastLocation.current.delete(path);

  useLayoutEffect(() => {
    const prev = previousPath.current;
    if (prev === location.pathname) return;
    scroll.current.set(prev, window.scrollY);
    previousPath.current = location.pathname;
    window.scrollTo(0, scroll.current.get(location.pathname) ?? 0);
  }, [location.pathname]);

  const instances = [
    ...kept.map((v) => ({ path: v.path, location: lastLocation.current.get(v.path)!, active: false })),
    { path: location.pathname, location, active: true },
  ];

  return (
    <>
      {instances.map((i) => (
        <Activity key={`${i.path}#${nonce[i.path] ?? 0}`} mode={i.active ? 'visible' : 'hidden'}>
          <RouteView routes={routes} location={i.location} />
        </Activity>
      ))}
    </>
  );
}
