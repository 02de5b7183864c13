import { FilePptOutlined, HistoryOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** AI生成PPT (spec §2): /aippt/ppt, /aippt/ppttype/:id (a template preselected), /aippt/list; navigation index 9. */
export const aipptRoutes: AppRoute[] = [
  {
    path: '/aippt',
    redirect: '/aippt/ppt',
    meta: { title: 'ppt:route.group', icon: <FilePptOutlined />, navIndex: 9 },
    children: [
      {
        path: '/aippt/ppt',
        page: () => import('../../features/slides/Generate.tsx'),
        meta: { title: 'ppt:route.generate', icon: <FilePptOutlined />, navIndex: 9 },
      },
      {
        path: '/aippt/ppttype/:id',
        page: () => import('../../features/slides/Generate.tsx'),
        meta: { title: 'ppt:route.byTemplate', navIndex: 9, hidden: true, activeMenu: '/aippt/ppt' },
      },
      {
        path: '/aippt/list',
        page: () => import('../../features/slides/Records.tsx'),
        meta: { title: 'ppt:route.records', icon: <HistoryOutlined />, navIndex: 9 },
      },
    ],
  },
];
