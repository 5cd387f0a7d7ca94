import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';

// The dialog loads when opened: the header paints without it.
const ConvertDialog = lazy(() => import('./ConvertDialog'));

/** Header tool (SPEC §2/§5/§8): user ID ⇄ user code, with copy. */
export function ConvertButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('nav.convert')}>
        <Button type="text" icon={<SwapOutlined />} aria-label={t('nav.convert')} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ConvertDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
