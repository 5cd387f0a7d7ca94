import { useMemo } from 'react';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { useRouteTitle } from '../../i18n';
import { useSession } from '../session';
import { breadcrumbOf, DASHBOARD_PATH, findRoute } from '../routes/model';

/** SPEC §2 breadcrumb: Dashboard first, titled routes only; last and noRedirect items not clickable. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const flat = useSession((s) => s.flat);
  const titleOf = useRouteTitle();
  const crumbs = useMemo(() => {
    const dashboard = flat.find((r) => r.path === DASHBOARD_PATH);
    if (!dashboard) return [];
    return breadcrumbOf(findRoute(flat, pathname), dashboard);
  }, [flat, pathname]);

  return (
    <AntBreadcrumb
      className="app-breadcrumb"
      items={crumbs.map((c) => ({
        key: c.route.path,
        title: c.to ? <Link to={c.to}>{titleOf(c.route)}</Link> : <span className="no-redirect">{titleOf(c.route)}</span>,
      }))}
    />
  );
}
