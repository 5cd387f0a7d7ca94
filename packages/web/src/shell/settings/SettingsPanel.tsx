import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { useSettings } from '../stores/settings';

// The drawer (colour picker, switches) loads when first opened: the header paints without it.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/** SPEC §2 settings panel: theme colour, Open Tags-View, Fixed Header, Sidebar Logo; plus the UI size. */
export function SettingsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const showSettings = useSettings((s) => s.showSettings);
  if (!showSettings) return null;

  return (
    <>
      <Tooltip title={t('nav.settings')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('nav.settings')}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
