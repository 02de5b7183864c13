import { MessageOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** /gpt: the AI assistant, a standalone page outside the admin layout (spec §2). */
export const gptRoutes: AppRoute[] = [
  {
    path: '/gpt',
    standalone: true,
    page: () => import('../../features/chat/ChatPage.tsx'),
    meta: { title: 'chat:routeTitle', icon: <MessageOutlined /> },
  },
];
