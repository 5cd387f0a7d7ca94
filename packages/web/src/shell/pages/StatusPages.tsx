import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { addErrorLog } from '../errorLog/store';

function BackHome() {
  const t = useT();
  return (
    <Link to="/dashboard">
      <Button type="primary">{t('page.backHome')}</Button>
    </Link>
  );
}

export function NotFound() {
  const t = useT();
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <strong>{t('page.notFound.title')}</strong>
          <br />
          {t('page.notFound.desc')}
        </>
      }
      extra={<BackHome />}
    />
  );
}

export function Forbidden() {
  const t = useT();
  return (
    <Result
      status="403"
      title="403"
      subTitle={
        <>
          <strong>{t('page.forbidden.title')}</strong>
          <br />
          {t('page.forbidden.desc')}
        </>
      }
      extra={<BackHome />}
    />
  );
}

/**
 * A permitted route whose screen is not built yet: say so plainly and record it, since the server offered
 * a route the web app cannot show.
 */
export function PageUnavailable({ component }: { component: string }) {
  const t = useT();
  useEffect(() => {
    addErrorLog({ message: `页面暂未开放 / page not available: ${component}`, info: 'page not available' });
  }, [component]);
  return (
    <Result
      status="warning"
      title={t('page.unavailable.title')}
      subTitle={t('page.unavailable.desc', { component })}
      extra={<BackHome />}
      data-testid="page-unavailable"
    />
  );
}
