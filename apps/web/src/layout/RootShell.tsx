import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useCurrentRoute } from './useCurrentRoute.ts';

/** Page title: product title plus route title (spec §2). */
export function pageTitle(productTitle: string, routeTitle?: string): string {
  return routeTitle ? `${routeTitle} - ${productTitle}` : productTitle;
}

export function RootShell() {
  const match = useCurrentRoute();
  const { t } = useTranslation();
  const titleKey = match?.route.meta?.title;
  useEffect(() => {
    document.title = pageTitle(t('common:productTitle'), titleKey ? t(titleKey) : undefined);
  }, [titleKey, t]);
  return <Outlet />;
}
