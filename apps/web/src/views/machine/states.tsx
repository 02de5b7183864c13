import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a record page shows while its record loads. */
export function RecordLoading() {
  return (
    <div className="svc-page">
      <section className="svc-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    </div>
  );
}

/** What a record page shows for a record that is not the user's or no longer exists. */
export function RecordNotFound() {
  const { t } = useTranslation('machine');
  return (
    <div className="svc-page">
      <Result
        status="404"
        title={t('submit.notFound')}
        extra={<Link to="/machine/list">{t('submit.toRecords')}</Link>}
      />
    </div>
  );
}
