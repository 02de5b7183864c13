import type { AppRoute } from '../types.ts';

/** Refresh helper: `/redirect/<path>` re-mounts `<path>` (tags view 刷新). */
export const redirectRoutes: AppRoute[] = [
  {
    path: '/redirect/*',
    page: () => import('../RedirectPage.tsx'),
    meta: { title: 'route:redirect', hidden: true },
  },
];
