import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The two states every writing record page has before its record is known. */
export function RecordLoading() {
  return (
    <div className="svc-page">
      <section className="svc-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    </div>
  );
}

export function RecordNotFound() {
  const { t } = useTranslation('writing');
  return (
    <div className="svc-page">
      <Result
        status="404"
        title={t('confirm.notFound')}
        extra={<Link to="/paperwirte/report">{t('confirm.toRecords')}</Link>}
      />
    </div>
  );
}
