import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buildSearchPool, createRouteSearch } from '../../../router/search.ts';
import { useVisibleRoutes } from '../../useVisibleRoutes.ts';

export default function SearchBox({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useVisibleRoutes();
  const [query, setQuery] = useState('');
  const selectRef = useRef<{ focus: () => void } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles change with the language
  const search = useMemo(
    () => createRouteSearch(buildSearchPool(routes, (k) => t(k))),
    [routes, t, i18n.language],
  );
  const options = search(query).map((e) => ({ value: e.path, label: e.title.join(' › ') }));

  useEffect(() => {
    selectRef.current?.focus();
  }, []);

  return (
    <Select
      ref={selectRef as never}
      className="header-search-select"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={t('navbar:searchPlaceholder')}
      options={options}
      notFoundContent={query ? t('navbar:noResult') : null}
      onSelect={(path: string | null) => {
        if (path) navigate(path);
        onClose();
      }}
      onBlur={onClose}
      defaultOpen
      suffixIcon={null}
      aria-label={t('navbar:search')}
      data-testid="header-search-select"
      popupMatchSelectWidth={280}
    />
  );
}
