import { RightOutlined } from '@ant-design/icons';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentRoute } from '../useCurrentRoute.ts';
import { useDeclaredNavPlace } from '../../hooks/useNavPlace.ts';
import { breadcrumbFor, matchAppRoute } from '../../router/lookup.ts';
import { routes } from '../../router/routes.tsx';

/** 首页 › menu group › page, from the route table. Hidden where `meta.breadcrumb === false`. */
export default function Breadcrumb() {
  const { t } = useTranslation();
  const match = useCurrentRoute();
  const declared = useDeclaredNavPlace(useLocation().pathname);
  if (!match || match.route.meta?.breadcrumb === false) return null;
  const chain = breadcrumbFor(match, declared ? matchAppRoute(routes, declared.activeMenu) : null);
  if (chain.length === 0) return null;
  const items = [
    ...(chain[0]?.path === '/home'
      ? []
      : [{ key: '/home', title: t('route:home'), to: '/home' as string | undefined }]),
    ...chain.map((r) => ({
      key: r.path,
      title: t(r.meta!.title),
      to: r.redirect ?? (r.page ? r.path : undefined),
    })),
  ];
  return (
    <nav className="app-breadcrumb" aria-label="breadcrumb">
      {items.map((item, i) => {
        const last = i === items.length - 1;
        return (
          <Fragment key={item.key}>
            {i > 0 && <RightOutlined className="app-breadcrumb__sep" />}
            {last || !item.to ? (
              <span
                className={last ? 'app-breadcrumb__current' : undefined}
                aria-current={last ? 'page' : undefined}
              >
                {item.title}
              </span>
            ) : (
              <Link to={item.to}>{item.title}</Link>
            )}
          </Fragment>
        );
      })}
    </nav>
  );
}
