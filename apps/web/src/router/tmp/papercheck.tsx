import { FileSearchOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';
import { paperRoutes } from './paper.tsx';

/** 论文查重 (spec §2): upload at /papercheck/check, then the /paper/* pages; navigation index 2. */
export const papercheckRoutes: AppRoute[] = [
  {
    path: '/papercheck',
    redirect: '/papercheck/check',
    meta: { title: 'check:route.group', icon: <SafetyCertificateOutlined />, navIndex: 2 },
    children: [
      {
        path: '/papercheck/check',
        page: () => import('../../features/check/Upload.tsx'),
        meta: { title: 'check:route.check', icon: <FileSearchOutlined />, navIndex: 2 },
      },
      ...paperRoutes,
    ],
  },
];
