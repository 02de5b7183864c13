import type { AppRoute } from '../../router/types.ts';

/** Refresh helper: `/redirect/<path>` re-mounts `<path>` (tags view 刷新). */
export const redirectRoutes: AppRoute[] = [
  { path: '/redirect/*', page: () => import('./index.tsx'), meta: { title: 'route:redirect', hidden: true } },
];
