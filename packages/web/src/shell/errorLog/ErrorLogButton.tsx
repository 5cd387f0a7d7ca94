import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { useErrorLog } from './store';

// The dialog (a table) loads when opened: the header paints without it.
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** Header error-log viewer (SPEC §2): shown only when errors exist; Clear All empties it. */
export function ErrorLogButton() {
  const t = useT();
  const count = useErrorLog((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;

  return (
    <>
      <Tooltip title={t('nav.errorLog')}>
        <Badge dot>
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('nav.errorLog')} data-testid="error-log-button" onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
