import { EditOutlined } from '@ant-design/icons';
import type { AppRoute } from '../../router/types.ts';

/** 智能降重 submit (spec §2); navigation index 4 (paper rewriting). */
export const nlpRoutes: AppRoute[] = [
  {
    path: '/nlp/machine',
    page: () => import('./index.tsx'),
    meta: { title: 'machine:route.smart', icon: <EditOutlined />, navIndex: 4 },
  },
];
