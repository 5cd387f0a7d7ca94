// biome-ignore-all lint/correctness/useJsxKeyInIterable: the elements built in the loops are menu item fields (icon, label), not list children
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { TaskNumResult } from '@waystation/shared/contract/badge';
import { isRegistered } from '../../pages/registry';
import { useLang, useRouteTitle, useT } from '../../i18n';
import { useSession } from '../session';
import { useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { activeMenuOf, findRoute, sidebarTree, type AppRoute, type SidebarNode } from '../routes/model';
import { MenuIcon } from './icons';
import { badgeCount, badgeText, useTaskNum } from './badges';
import './sidebar.css';

type Item = Required<MenuProps>['items'][number];

function MenuBadge({ count }: { count: number | null }) {
  const text = badgeText(count);
  return text ? (
    <span className="menu-badge" data-testid="menu-badge">
      {text}
    </span>
  ) : null;
}

function nodeCount(node: SidebarNode, data: TaskNumResult | undefined): number | null {
  if (node.children) {
    const counts = node.children.map((c) => nodeCount(c, data)).filter((c): c is number => c !== null);
    return counts.length ? counts.reduce((a, b) => a + b, 0) : null;
  }
  return node.route.badge ? badgeCount(data, node.route.badge) : null;
}

function toItems(nodes: SidebarNode[], titleOf: (r: AppRoute) => string, data: TaskNumResult | undefined): Item[] {
  return nodes.map((node): Item => {
    const { route } = node;
    const title = titleOf(route);
    const badge = <MenuBadge count={nodeCount(node, data)} />;
    const icon = <MenuIcon name={route.icon} />;
    if (node.children) {
      return {
        key: node.key,
        icon,
        label: (
          <span className="menu-title">
            {title}
            {badge}
          </span>
        ),
        children: toItems(node.children, titleOf, data),
      };
    }
    const label: ReactNode = route.external ? (
      <a href={route.path} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    ) : (
      <Link to={route.path} title={title}>
        {title}
        {badge}
      </Link>
    );
    return { key: node.key, icon, label, title };
  });
}

/** Keys of the submenus that contain a key. */
function parentKeys(nodes: SidebarNode[], key: string, trail: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.key === key) return trail;
    if (n.children) {
      const found = parentKeys(n.children, key, [...trail, n.key]);
      if (found) return found;
    }
  }
  return null;
}

/** The sidebar's dark menu colours (SPEC §2). */
export const SIDEBAR_MENU_THEME = {
  components: {
    Menu: { darkItemBg: '#304156', darkSubMenuItemBg: '#1f2d3d', darkItemColor: '#bfcbd9', darkPopupBg: '#304156' },
  },
};

/** The permitted menu (SPEC §2): 210 px, collapsible, badges from the work-queue counters. */
export function Sidebar() {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const titleOf = useRouteTitle();
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const flat = useSession((s) => s.flat);
  const opened = useApp((s) => s.sidebarOpened);
  const device = useApp((s) => s.device);
  const sidebarLogo = useSettings((s) => s.sidebarLogo);
  const { data } = useTaskNum();

  const tree = useMemo(() => sidebarTree(routes, isRegistered), [routes]);
  const items = useMemo(() => toItems(tree, titleOf, data), [tree, titleOf, data]);
  const selected = activeMenuOf(findRoute(flat, pathname), pathname);
  const collapsed = !opened && device !== 'mobile';

  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(tree, selected) ?? []);
  useEffect(() => {
    const parents = parentKeys(tree, selected);
    if (parents?.length) setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [tree, selected]);

  return (
    <aside className={`sidebar-container${lang === 'en' && !collapsed ? ' sidebar-wrap' : ''}`} aria-label="sidebar">
      {sidebarLogo && (
        <Link to="/" className="sidebar-logo" data-testid="sidebar-logo">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>{t('appName')}</span>}
        </Link>
      )}
      <ConfigProvider theme={SIDEBAR_MENU_THEME}>
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[selected]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          inlineIndent={20}
        />
      </ConfigProvider>
    </aside>
  );
}
