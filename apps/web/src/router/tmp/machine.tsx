import { HistoryOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** 降重 records, the confirm-and-pay view and the before/after result; navigation index 4. */
export const machineRoutes: AppRoute[] = [
  {
    path: '/machine/list',
    page: () => import('../../features/rewrite/Records.tsx'),
    meta: { title: 'machine:route.records', icon: <HistoryOutlined />, navIndex: 4 },
  },
  {
    path: '/machine/submit/:id',
    page: () => import('../../features/rewrite/Submit.tsx'),
    meta: { title: 'machine:route.submit', navIndex: 4, hidden: true, activeMenu: '/machine/list' },
  },
  {
    path: '/machine/content/:id',
    page: () => import('../../features/rewrite/Result.tsx'),
    meta: { title: 'machine:route.result', navIndex: 4, hidden: true, activeMenu: '/machine/list' },
  },
];
