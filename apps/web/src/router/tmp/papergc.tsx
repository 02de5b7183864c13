import { EditOutlined, FormOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';
import { paperwirteRoutes } from './paperwirte.tsx';

/** AI 论文写作 (spec §2): start at /papergc/gc, then the /paperwirte/* pages; navigation index 3. */
export const papergcRoutes: AppRoute[] = [
  {
    path: '/papergc',
    redirect: '/papergc/gc',
    meta: { title: 'writing:route.group', icon: <FormOutlined />, navIndex: 3 },
    children: [
      {
        path: '/papergc/gc',
        page: () => import('../../features/writing/Generate.tsx'),
        meta: { title: 'writing:route.generate', icon: <EditOutlined />, navIndex: 3 },
      },
      ...paperwirteRoutes,
    ],
  },
];
