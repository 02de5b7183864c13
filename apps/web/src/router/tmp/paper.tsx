import { FileDoneOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** Check records, the confirm-and-pay page and the report view; all highlight navigation item 2. */
export const paperRoutes: AppRoute[] = [
  {
    path: '/paper/report',
    page: () => import('../../features/check/Records.tsx'),
    meta: { title: 'check:route.records', icon: <FileDoneOutlined />, navIndex: 2 },
  },
  {
    path: '/paper/submit/:id',
    page: () => import('../../features/check/Submit.tsx'),
    meta: { title: 'check:route.submit', navIndex: 2, hidden: true, activeMenu: '/paper/report' },
  },
  {
    path: '/paper/report/:id',
    page: () => import('../../features/check/Report.tsx'),
    meta: { title: 'check:route.report', navIndex: 2, hidden: true, activeMenu: '/paper/report' },
  },
];
