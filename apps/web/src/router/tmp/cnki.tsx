import { DatabaseOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** 知网专版降重 (spec §2: database-oriented rewrite page); navigation index 5. */
export const cnkiRoutes: AppRoute[] = [
  {
    path: '/cnki/cnki',
    page: () => import('../../features/rewrite/Cnki.tsx'),
    meta: { title: 'machine:route.cnki', icon: <DatabaseOutlined />, navIndex: 5 },
  },
];
