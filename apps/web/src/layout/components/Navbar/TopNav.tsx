import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentRoute } from '../../useCurrentRoute.ts';
import { useDeclaredNavPlace } from '../../../hooks/useNavPlace.ts';
import { navIndexFor, navItemAvailable, TOP_NAV } from '../../../router/nav.ts';
import { routes as tableRoutes } from '../../../router/routes.tsx';
import { useVisibleRoutes } from '../../useVisibleRoutes.ts';

/**
 * Top navigation in the spec's order, highlighted by the index of the current page (spec §2). Items
 * whose page is not in the route table yet are shown disabled as 即将上线.
 */
export default function TopNav({ variant = 'bar' }: { variant?: 'bar' | 'strip' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const match = useCurrentRoute();
  const permitted = useVisibleRoutes();
  const routes = permitted.length > 0 ? permitted : tableRoutes;
  const declared = useDeclaredNavPlace(pathname);
  const active = declared?.navIndex ?? navIndexFor(pathname, match);
  return (
    <nav
      className={`top-nav top-nav--${variant}`}
      aria-label={t('navbar:mainNav')}
      data-active-index={active ?? ''}
    >
      {TOP_NAV.map((item) => {
        const title = t(`navbar:${item.titleKey}`);
        if (!navItemAvailable(routes, item)) {
          return (
            <Tooltip key={item.index} title={t('common:comingSoon')} placement="bottom">
              <span className="top-nav__item is-disabled" aria-disabled="true" data-nav-index={item.index}>
                {title}
              </span>
            </Tooltip>
          );
        }
        const isActive = item.index === active;
        return (
          <Link
            key={item.index}
            to={item.path}
            className={`top-nav__item${isActive ? ' is-active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
            data-nav-index={item.index}
          >
            {title}
          </Link>
        );
      })}
    </nav>
  );
}
