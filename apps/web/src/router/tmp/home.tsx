import { HomeOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

export const homeRoutes: AppRoute[] = [
  { path: '/', redirect: '/home' },
  {
    path: '/home',
    page: () => import('../../features/home/HomePage.tsx'),
    meta: {
      title: 'route:home',
      icon: <HomeOutlined />,
      navIndex: 1,
      affix: true,
      cache: true,
      breadcrumb: false,
    },
  },
];
