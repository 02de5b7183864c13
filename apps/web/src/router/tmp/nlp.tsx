import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';
import { cnkiRoutes } from './cnki.tsx';
import { machineRoutes } from './machine.tsx';

/**
 * 论文降重 (spec §2): 智能降重 at /nlp/machine (navigation index 4), 知网专版 at /cnki/cnki (index 5), and the
 * /machine/* records and results, grouped in one menu.
 */
export const nlpRoutes: AppRoute[] = [
  {
    path: '/nlp',
    redirect: '/nlp/machine',
    meta: { title: 'machine:route.group', icon: <SwapOutlined />, navIndex: 4 },
    children: [
      {
        path: '/nlp/machine',
        page: () => import('../../features/rewrite/Smart.tsx'),
        meta: { title: 'machine:route.smart', icon: <EditOutlined />, navIndex: 4 },
      },
      ...cnkiRoutes,
      ...machineRoutes,
    ],
  },
];
