import { FileDoneOutlined, RobotOutlined, ScanOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** AIGC检测 (spec §2): check at /aigccheck/check, records, and the report view; navigation index 16. */
export const aigccheckRoutes: AppRoute[] = [
  {
    path: '/aigccheck',
    redirect: '/aigccheck/check',
    meta: { title: 'aigc:route.group', icon: <RobotOutlined />, navIndex: 16 },
    children: [
      {
        path: '/aigccheck/check',
        page: () => import('../../features/aigc/Upload.tsx'),
        meta: { title: 'aigc:route.check', icon: <ScanOutlined />, navIndex: 16 },
      },
      {
        path: '/aigccheck/list',
        page: () => import('../../features/aigc/Records.tsx'),
        meta: { title: 'aigc:route.records', icon: <FileDoneOutlined />, navIndex: 16 },
      },
      {
        path: '/aigccheck/content/:id',
        page: () => import('../../features/aigc/Content.tsx'),
        meta: { title: 'aigc:route.content', navIndex: 16, hidden: true, activeMenu: '/aigccheck/list' },
      },
    ],
  },
];
