import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { recordRuntimeError } from '../utils/errorLog.ts';

/** Shown when a view fails to load or render (e.g. a chunk that vanished after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (error) recordRuntimeError(error);
  }, [error]);
  return (
    <div className="error-page" role="alert">
      <div className="error-page__text" style={{ textAlign: 'center' }}>
        <h1 className="error-page__title">{t('common:pageError')}</h1>
        <p className="error-page__desc">{t('common:pageErrorDesc')}</p>
        <div className="error-page__actions" style={{ justifyContent: 'center' }}>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common:reload')}
          </Button>
          <Button href="/home">{t('common:backHome')}</Button>
        </div>
      </div>
    </div>
  );
}
