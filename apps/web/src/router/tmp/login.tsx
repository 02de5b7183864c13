import type { AppRoute } from '../types.ts';

export const loginRoutes: AppRoute[] = [
  {
    path: '/login',
    standalone: true,
    page: () => import('../../features/login/LoginPage.tsx'),
    meta: { title: 'route:login', hidden: true },
  },
  {
    path: '/auth-redirect',
    standalone: true,
    page: () => import('../../features/login/AuthRedirect.tsx'),
    meta: { title: 'route:authRedirect', hidden: true },
  },
];
