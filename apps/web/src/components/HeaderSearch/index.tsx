import { SearchOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The search box (select + fuse.js) loads on first use, keeping it out of the first page load. */
const SearchBox = lazy(() => import('./SearchBox.tsx'));

/** Route search: fuse.js over page titles (0.7) and paths (0.3), threshold 0.4 (spec §9). */
export default function HeaderSearch() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <div className={`header-search${show ? ' show' : ''}`}>
      <Tooltip title={t('navbar:search')} placement="bottom">
        <button
          type="button"
          className="navbar-icon"
          onClick={() => setShow((v) => !v)}
          aria-label={t('navbar:search')}
          aria-expanded={show}
          data-testid="header-search-toggle"
        >
          <SearchOutlined />
        </button>
      </Tooltip>
      {show && (
        <Suspense fallback={<span className="header-search-select" />}>
          <SearchBox onClose={() => setShow(false)} />
        </Suspense>
      )}
    </div>
  );
}
