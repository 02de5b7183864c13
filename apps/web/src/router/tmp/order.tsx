import { AccountBookOutlined, ShoppingOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import type { AppRoute } from '../types.ts';

/** Packages, top-up and the account centre (spec §2); order pages highlight navigation item 7. */
export const orderRoutes: AppRoute[] = [
  {
    path: '/order',
    redirect: '/order/taocan',
    meta: { title: 'order:route.group', icon: <AccountBookOutlined />, navIndex: 7 },
    children: [
      {
        path: '/order/taocan',
        page: () => import('../../features/billing/Taocan.tsx'),
        meta: { title: 'order:route.taocan', icon: <ShoppingOutlined />, navIndex: 7 },
      },
      {
        path: '/order/recharge',
        page: () => import('../../features/billing/Recharge.tsx'),
        meta: { title: 'order:route.recharge', icon: <WalletOutlined />, navIndex: 7 },
      },
      {
        path: '/order/account',
        page: () => import('../../features/account/Account.tsx'),
        meta: { title: 'order:route.account', icon: <UserOutlined />, navIndex: 7 },
      },
    ],
  },
];
