import type { AppRoute } from '../../router/types.ts';

export const loginRoutes: AppRoute[] = [
  {
    path: '/login',
    standalone: true,
    page: () => import('./index.tsx'),
    meta: { title: 'route:login', hidden: true },
  },
  {
    path: '/auth-redirect',
    standalone: true,
    page: () => import('./AuthRedirect.tsx'),
    meta: { title: 'route:authRedirect', hidden: true },
  },
];
