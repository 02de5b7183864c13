import { HistoryOutlined } from '@ant-design/icons';
import type { AppRoute } from '../../router/types.ts';

/** 降重 records, the confirm-and-pay view and the before/after result; navigation index 4. */
export const machineRoutes: AppRoute[] = [
  {
    path: '/machine/list',
    page: () => import('./Records.tsx'),
    meta: { title: 'machine:route.records', icon: <HistoryOutlined />, navIndex: 4 },
  },
  {
    path: '/machine/submit/:id',
    page: () => import('./Submit.tsx'),
    meta: { title: 'machine:route.submit', navIndex: 4, hidden: true, activeMenu: '/machine/list' },
  },
  {
    path: '/machine/content/:id',
    page: () => import('./Result.tsx'),
    meta: { title: 'machine:route.result', navIndex: 4, hidden: true, activeMenu: '/machine/list' },
  },
];
