import { EditOutlined } from '@ant-design/icons';
import type { AppRoute } from '../../router/types.ts';

/** AI 论文写作 start page (spec §2 /papergc/gc); navigation index 3. */
export const papergcRoutes: AppRoute[] = [
  {
    path: '/papergc/gc',
    page: () => import('./index.tsx'),
    meta: { title: 'writing:route.generate', icon: <EditOutlined />, navIndex: 3 },
  },
];
