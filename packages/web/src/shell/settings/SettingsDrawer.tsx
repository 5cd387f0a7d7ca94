import { ColorPicker, Drawer, Radio, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { useApp, type UiSize } from '../stores/app';
import { THEME_PRESETS, useSettings } from '../stores/settings';

/** The settings drawer's controls; each change applies at once and persists. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const settings = useSettings();
  const size = useApp((s) => s.size);
  const setSize = useApp((s) => s.setSize);

  const row = (label: string, control: ReactNode) => (
    <div className="settings-row">
      <span>{label}</span>
      {control}
    </div>
  );

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={320}>
      {row(
        t('settings.theme'),
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: THEME_PRESETS }]}
          onChangeComplete={(c) => settings.change('theme', c.toHexString().slice(0, 7).toUpperCase())}
          aria-label={t('settings.theme')}
        />,
      )}
      {row(t('settings.tagsView'), <Switch aria-label={t('settings.tagsView')} checked={settings.tagsView} onChange={(v) => settings.change('tagsView', v)} />)}
      {row(
        t('settings.fixedHeader'),
        <Switch aria-label={t('settings.fixedHeader')} checked={settings.fixedHeader} onChange={(v) => settings.change('fixedHeader', v)} />,
      )}
      {row(
        t('settings.sidebarLogo'),
        <Switch aria-label={t('settings.sidebarLogo')} checked={settings.sidebarLogo} onChange={(v) => settings.change('sidebarLogo', v)} />,
      )}
      {row(t('settings.darkMode'), <Switch aria-label={t('settings.darkMode')} checked={settings.darkMode} onChange={(v) => settings.change('darkMode', v)} />)}
      {row(t('settings.compact'), <Switch aria-label={t('settings.compact')} checked={settings.compact} onChange={(v) => settings.change('compact', v)} />)}
      {row(
        t('settings.size'),
        <Radio.Group
          size="small"
          optionType="button"
          value={size}
          onChange={(e) => setSize(e.target.value as UiSize)}
          options={(['large', 'medium', 'small'] as const).map((s) => ({ value: s, label: t(`settings.size.${s}`) }))}
        />,
      )}
    </Drawer>
  );
}
