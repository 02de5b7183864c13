import { SearchOutlined } from '@ant-design/icons';
import NavbarButton from '../../../components/NavbarButton.tsx';
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
      <NavbarButton
        title={t('navbar:search')}
        onClick={() => setShow((v) => !v)}
        expanded={show}
        testId="header-search-toggle"
      >
        <SearchOutlined />
      </NavbarButton>
      {show && (
        <Suspense fallback={<span className="header-search-select" />}>
          <SearchBox onClose={() => setShow(false)} />
        </Suspense>
      )}
    </div>
  );
}
