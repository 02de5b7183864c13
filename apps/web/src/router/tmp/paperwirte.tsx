import { HistoryOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** AI 论文写作 records, the confirm pages (paper / 毕业论文) and the paper as it is written; navigation index 3. */
export const paperwirteRoutes: AppRoute[] = [
  {
    path: '/paperwirte/report',
    page: () => import('../../features/writing/Records.tsx'),
    meta: { title: 'writing:route.records', icon: <HistoryOutlined />, navIndex: 3 },
  },
  {
    path: '/paperwirte/wirte/:id',
    page: () => import('../../features/writing/Confirm.tsx'),
    meta: { title: 'writing:route.confirm', navIndex: 3, hidden: true, activeMenu: '/paperwirte/report' },
  },
  {
    path: '/paperwirte/biye',
    page: () => import('../../features/writing/Confirm.tsx'),
    meta: { title: 'writing:route.thesis', navIndex: 3, hidden: true, activeMenu: '/paperwirte/report' },
  },
  {
    path: '/paperwirte/content/:id',
    page: () => import('../../features/writing/Content.tsx'),
    meta: { title: 'writing:route.content', navIndex: 3, hidden: true, activeMenu: '/paperwirte/report' },
  },
];
