import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/BrandMark.tsx';

/** Sidebar logo: mark and product title (title hidden when the sidebar is collapsed). */
export default function Logo({ collapse }: { collapse: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`sidebar-logo-container${collapse ? ' collapse' : ''}`}>
      <Link className="sidebar-logo-link" to="/home" aria-label={t('common:productTitle')}>
        <BrandMark />
        {!collapse && <span className="sidebar-title">{t('common:productTitle')}</span>}
      </Link>
    </div>
  );
}
