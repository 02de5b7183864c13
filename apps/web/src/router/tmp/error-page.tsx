import type { AppRoute } from '../types.ts';

/** Standalone error pages (spec §2) and /checkvip, where every unknown path lands. */
export const errorPageRoutes: AppRoute[] = [
  {
    path: '/404',
    standalone: true,
    page: () => import('../../features/errors/NotFound.tsx'),
    meta: { title: 'route:page404', hidden: true },
  },
  {
    path: '/401',
    standalone: true,
    page: () => import('../../features/errors/Unauthorized.tsx'),
    meta: { title: 'route:page401', hidden: true },
  },
];

export const checkvipRoutes: AppRoute[] = [
  {
    path: '/checkvip',
    page: () => import('../../features/errors/CheckVip.tsx'),
    meta: { title: 'route:checkvip', hidden: true },
  },
];
