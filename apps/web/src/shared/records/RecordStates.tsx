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

/**
 * What a record page shows for a record that is not the user's or no longer exists: `titleKey` and `backKey`
 * in namespace `ns`, and a link back to the records at `recordsPath`.
 */
export function RecordNotFound(props: {
  ns: string;
  titleKey: string;
  backKey: string;
  recordsPath: string;
}) {
  const { t } = useTranslation(props.ns);
  return (
    <div className="svc-page">
      <Result
        status="404"
        title={t(props.titleKey)}
        extra={<Link to={props.recordsPath}>{t(props.backKey)}</Link>}
      />
    </div>
  );
}
