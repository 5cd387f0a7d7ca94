import { App, Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { SEED_ROLES } from '@waystation/shared/menu';
import { demoSwitch } from '../../api/admin';
import { queryClient } from '../../api/queryClient';
import { useLang, useT, type Lang } from '../../i18n';
import { loginUrl, logout, useSession } from '../session';
import { useApp } from '../stores/app';
import { useTags } from '../stores/tags';
import { ErrorLogButton } from '../errorLog/ErrorLogButton';
import { ConvertButton } from '../convert/ConvertButton';
import { RouteSearch } from '../search/RouteSearch';
import { SettingsButton } from '../settings/SettingsPanel';
import { Breadcrumb } from './Breadcrumb';

function UserMenu() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useSession((s) => s.info);
  const { lang, setLang } = useLang();

  const items: MenuProps['items'] = [
    { key: 'profile', label: t('user.profile') },
    { key: 'dashboard', label: t('user.dashboard') },
    {
      key: 'lang',
      label: t('user.language'),
      children: [
        { key: 'lang:zh', label: '中文', disabled: lang === 'zh' },
        { key: 'lang:en', label: 'English', disabled: lang === 'en' },
      ],
    },
    ...(info?.demo
      ? [
          {
            key: 'demo',
            label: t('user.demoSwitch'),
            children: SEED_ROLES.filter((r) => info.demoRoles.includes(r.key)).map((r) => ({
              key: `demo:${r.key}`,
              label: `${r.name} (${r.key})`,
              disabled: info.roles.includes(r.key),
            })),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('user.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate('/profile/index');
    else if (key === 'dashboard') navigate('/');
    else if (key.startsWith('lang:')) setLang(key.slice(5) as Lang);
    else if (key.startsWith('demo:')) {
      const role = key.slice(5);
      // A new session for the chosen role (the server sets its cookies): the guard reloads user info and routes.
      await demoSwitch(role);
      useTags.getState().reset();
      queryClient.clear();
      useSession.setState({ info: null, menu: null, routes: [], flat: [] });
      navigate('/dashboard', { replace: true });
      message.success(t('user.demoSwitched', { role }));
    } else if (key === 'logout') {
      const redirect = loginUrl(location.pathname, location.search);
      await logout();
      navigate(redirect, { replace: true });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="user-menu-trigger" data-testid="user-menu">
        {/* A plain circle, not antd's Avatar: that one measures its text after mounting (a forced layout on the first screen). */}
        <span className="user-avatar" aria-hidden>
          {info?.avatar ? <img src={info.avatar} alt="" /> : info?.name?.slice(0, 1)}
        </span>
        <span className="user-name">{info?.name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** Header (SPEC §2): hamburger, breadcrumb, tools (not on mobile), user dropdown. */
export function Navbar() {
  const t = useT();
  const opened = useApp((s) => s.sidebarOpened);
  const device = useApp((s) => s.device);
  const toggle = useApp((s) => s.toggleSidebar);
  return (
    <div className="navbar">
      <Button
        type="text"
        className="hamburger"
        aria-label={t('nav.toggleSidebar')}
        aria-expanded={opened}
        data-testid="hamburger"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggle}
      />
      <Breadcrumb />
      <div className="right-menu">
        {device !== 'mobile' && (
          <div className="header-tools" data-testid="header-tools">
            <RouteSearch />
            <ErrorLogButton />
            <ConvertButton />
          </div>
        )}
        <SettingsButton />
        <UserMenu />
      </div>
    </div>
  );
}
