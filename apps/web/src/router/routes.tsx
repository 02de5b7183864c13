import {
  AccountBookOutlined,
  AuditOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FilePptOutlined,
  FileSearchOutlined,
  FileSyncOutlined,
  FolderOpenOutlined,
  FormOutlined,
  HistoryOutlined,
  HomeOutlined,
  MessageOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SwapOutlined,
  ThunderboltOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { accountPaths } from '../shared/paths/account.ts';
import { adminPaths } from '../shared/paths/admin.ts';
import { aigcPaths } from '../shared/paths/aigc.ts';
import { billingPaths } from '../shared/paths/billing.ts';
import { chatPaths } from '../shared/paths/chat.ts';
import { checkPaths } from '../shared/paths/check.ts';
import { errorPaths } from '../shared/paths/errors.ts';
import { homePaths } from '../shared/paths/home.ts';
import { loginPaths } from '../shared/paths/login.ts';
import { reducePaths } from '../shared/paths/reduce.ts';
import { rewritePaths } from '../shared/paths/rewrite.ts';
import { slidesPaths } from '../shared/paths/slides.ts';
import { writingPaths } from '../shared/paths/writing.ts';
import type { AppRoute } from './types.ts';

/**
 * Paths the spec's guard lets guests reach (spec §4) for which the app has no page: like any unknown path
 * they lead to /checkvip. They stand here so that the guest list is read from this tree alone.
 */
const guestPathsWithoutPage: AppRoute[] = [
  '/dashboard',
  '/paper/check',
  '/paperwirte/gc',
  '/papermachine/papermachine',
  '/machine/machine',
].map((path) => ({ path, meta: { title: 'route:checkvip', hidden: true, access: 'guest' } }));

/**
 * The route tree (spec §2), the only place routes are declared, in the spec's order. Menu, top navigation,
 * breadcrumb, tags view, route search, page titles and the guard (each record's `meta.access`, judged by
 * `access.ts`) all derive from it; each area's URLs come from its `features/<area>/routes.ts`.
 *
 * Top-navigation items turn from 即将上线 into links as soon as their path has a page here.
 */
export const routes: AppRoute[] = [
  { path: homePaths.root, redirect: homePaths.home },
  {
    path: homePaths.home,
    page: () => import('../features/home/HomePage.tsx'),
    meta: {
      title: 'route:home',
      icon: <HomeOutlined />,
      navIndex: 1,
      affix: true,
      cache: true,
      breadcrumb: false,
      access: 'guest',
    },
  },
  // Refresh helper: `/redirect/<path>` re-mounts `<path>` (tags view 刷新); the guard judges `<path>`.
  {
    path: '/redirect/*',
    page: () => import('./RedirectPage.tsx'),
    meta: { title: 'route:redirect', hidden: true },
  },
  {
    path: loginPaths.login,
    standalone: true,
    page: () => import('../features/login/LoginPage.tsx'),
    meta: { title: 'route:login', hidden: true, access: 'guest' },
  },
  {
    path: loginPaths.authRedirect,
    standalone: true,
    page: () => import('../features/login/AuthRedirect.tsx'),
    meta: { title: 'route:authRedirect', hidden: true, access: 'guest' },
  },
  {
    path: errorPaths.notFound,
    standalone: true,
    page: () => import('../features/errors/NotFound.tsx'),
    meta: { title: 'route:page404', hidden: true },
  },
  {
    path: errorPaths.unauthorized,
    standalone: true,
    page: () => import('../features/errors/Unauthorized.tsx'),
    meta: { title: 'route:page401', hidden: true },
  },
  {
    path: chatPaths.chat,
    standalone: true,
    page: () => import('../features/chat/ChatPage.tsx'),
    meta: { title: 'chat:routeTitle', icon: <MessageOutlined /> },
  },
  {
    path: checkPaths.group,
    redirect: checkPaths.upload,
    meta: { title: 'check:route.group', icon: <SafetyCertificateOutlined />, navIndex: 2, access: 'guest' },
    children: [
      {
        path: checkPaths.upload,
        page: () => import('../features/check/Upload.tsx'),
        meta: { title: 'check:route.check', icon: <FileSearchOutlined />, navIndex: 2, access: 'guest' },
      },
      {
        path: checkPaths.records,
        page: () => import('../features/check/Records.tsx'),
        meta: { title: 'check:route.records', icon: <FileDoneOutlined />, navIndex: 2, access: 'guest' },
      },
      {
        path: checkPaths.personal,
        page: () => import('../features/check/PersonalLibrary.tsx'),
        meta: { title: 'check:route.personal', icon: <FolderOpenOutlined />, navIndex: 2 },
      },
      {
        path: checkPaths.references,
        page: () => import('../features/reference/ReferenceCheck.tsx'),
        meta: { title: 'references:route.check', icon: <AuditOutlined />, navIndex: 2 },
      },
      {
        path: checkPaths.submit,
        page: () => import('../features/check/Submit.tsx'),
        meta: { title: 'check:route.submit', navIndex: 2, hidden: true, activeMenu: checkPaths.records },
      },
      {
        path: checkPaths.report,
        page: () => import('../features/check/Report.tsx'),
        meta: { title: 'check:route.report', navIndex: 2, hidden: true, activeMenu: checkPaths.records },
      },
    ],
  },
  {
    path: '/papergc',
    redirect: writingPaths.generate,
    meta: { title: 'writing:route.group', icon: <FormOutlined />, navIndex: 3 },
    children: [
      {
        path: writingPaths.generate,
        page: () => import('../features/writing/Generate.tsx'),
        meta: { title: 'writing:route.generate', icon: <EditOutlined />, navIndex: 3, access: 'guest' },
      },
      {
        path: writingPaths.records,
        page: () => import('../features/writing/Records.tsx'),
        meta: { title: 'writing:route.records', icon: <HistoryOutlined />, navIndex: 3, access: 'guest' },
      },
      {
        path: writingPaths.confirm,
        page: () => import('../features/writing/Confirm.tsx'),
        meta: { title: 'writing:route.confirm', navIndex: 3, hidden: true, activeMenu: writingPaths.records },
      },
      {
        path: writingPaths.thesis,
        page: () => import('../features/writing/Confirm.tsx'),
        meta: { title: 'writing:route.thesis', navIndex: 3, hidden: true, activeMenu: writingPaths.records },
      },
      {
        path: writingPaths.content,
        page: () => import('../features/writing/Content.tsx'),
        meta: { title: 'writing:route.content', navIndex: 3, hidden: true, activeMenu: writingPaths.records },
      },
    ],
  },
  {
    path: aigcPaths.group,
    redirect: aigcPaths.upload,
    meta: { title: 'aigc:route.group', icon: <RobotOutlined />, navIndex: 16 },
    children: [
      {
        path: aigcPaths.upload,
        page: () => import('../features/aigc/Upload.tsx'),
        meta: { title: 'aigc:route.check', icon: <ScanOutlined />, navIndex: 16 },
      },
      {
        path: aigcPaths.records,
        page: () => import('../features/aigc/Records.tsx'),
        meta: { title: 'aigc:route.records', icon: <FileDoneOutlined />, navIndex: 16 },
      },
      {
        path: aigcPaths.content,
        page: () => import('../features/aigc/Content.tsx'),
        meta: { title: 'aigc:route.content', navIndex: 16, hidden: true, activeMenu: aigcPaths.records },
      },
    ],
  },
  {
    path: slidesPaths.group,
    redirect: slidesPaths.generate,
    meta: { title: 'ppt:route.group', icon: <FilePptOutlined />, navIndex: 9 },
    children: [
      {
        path: slidesPaths.generate,
        page: () => import('../features/slides/Generate.tsx'),
        meta: { title: 'ppt:route.generate', icon: <FilePptOutlined />, navIndex: 9 },
      },
      {
        path: slidesPaths.byTemplate,
        page: () => import('../features/slides/Generate.tsx'),
        meta: { title: 'ppt:route.byTemplate', navIndex: 9, hidden: true, activeMenu: slidesPaths.generate },
      },
      {
        path: slidesPaths.records,
        page: () => import('../features/slides/Records.tsx'),
        meta: { title: 'ppt:route.records', icon: <HistoryOutlined />, navIndex: 9 },
      },
    ],
  },
  {
    path: rewritePaths.group,
    redirect: rewritePaths.smart,
    meta: { title: 'machine:route.group', icon: <SwapOutlined />, navIndex: 4 },
    children: [
      {
        path: rewritePaths.smart,
        page: () => import('../features/rewrite/Smart.tsx'),
        meta: { title: 'machine:route.smart', icon: <EditOutlined />, navIndex: 4 },
      },
      {
        path: rewritePaths.cnki,
        page: () => import('../features/rewrite/Cnki.tsx'),
        meta: { title: 'machine:route.cnki', icon: <DatabaseOutlined />, navIndex: 5 },
      },
      {
        path: rewritePaths.records,
        page: () => import('../features/rewrite/Records.tsx'),
        meta: { title: 'machine:route.records', icon: <HistoryOutlined />, navIndex: 4, access: 'guest' },
      },
      {
        path: rewritePaths.submit,
        page: () => import('../features/rewrite/Submit.tsx'),
        meta: { title: 'machine:route.submit', navIndex: 4, hidden: true, activeMenu: rewritePaths.records },
      },
      {
        path: rewritePaths.result,
        page: () => import('../features/rewrite/Result.tsx'),
        meta: { title: 'machine:route.result', navIndex: 4, hidden: true, activeMenu: rewritePaths.records },
      },
    ],
  },
  {
    path: reducePaths.group,
    redirect: reducePaths.similarity,
    meta: { title: 'reduce:route.group', icon: <ThunderboltOutlined />, navIndex: 4 },
    children: [
      {
        path: reducePaths.similarity,
        page: () => import('../features/reduce/SubmitSimilarity.tsx'),
        meta: { title: 'reduce:route.similarity', icon: <FileSyncOutlined />, navIndex: 4, access: 'guest' },
      },
      {
        path: reducePaths.cnki,
        page: () => import('../features/reduce/Cnki.tsx'),
        meta: { title: 'reduce:route.cnki', icon: <AuditOutlined />, navIndex: 5 },
      },
      {
        path: reducePaths.records,
        page: () => import('../features/reduce/Records.tsx'),
        meta: { title: 'reduce:route.records', icon: <HistoryOutlined />, navIndex: 4, access: 'guest' },
      },
      {
        path: reducePaths.content,
        page: () => import('../features/reduce/Content.tsx'),
        meta: { title: 'reduce:route.content', navIndex: 4, hidden: true, activeMenu: reducePaths.records },
      },
    ],
  },
  {
    path: reducePaths.aigcdownGroup,
    redirect: reducePaths.aigcdown,
    meta: { title: 'reduce:route.aigcGroup', icon: <ExperimentOutlined />, navIndex: 6 },
    children: [
      {
        path: reducePaths.aigcdown,
        page: () => import('../features/reduce/SubmitAigc.tsx'),
        meta: { title: 'reduce:route.aigcdown', icon: <RobotOutlined />, navIndex: 6, access: 'guest' },
      },
      {
        path: reducePaths.aigc,
        page: () => import('../features/reduce/SubmitAigcPaper.tsx'),
        meta: { title: 'reduce:route.aigcPaper', icon: <FileSyncOutlined />, navIndex: 6 },
      },
      {
        path: reducePaths.aigcRecords,
        page: () => import('../features/reduce/AigcRecords.tsx'),
        meta: { title: 'reduce:route.aigcRecords', icon: <HistoryOutlined />, navIndex: 6 },
      },
    ],
  },
  {
    path: billingPaths.group,
    redirect: billingPaths.packages,
    meta: { title: 'order:route.group', icon: <AccountBookOutlined />, navIndex: 7 },
    children: [
      {
        path: billingPaths.packages,
        page: () => import('../features/billing/Taocan.tsx'),
        meta: { title: 'order:route.taocan', icon: <ShoppingOutlined />, navIndex: 7 },
      },
      {
        path: billingPaths.recharge,
        page: () => import('../features/billing/Recharge.tsx'),
        meta: { title: 'order:route.recharge', icon: <WalletOutlined />, navIndex: 7 },
      },
      {
        path: accountPaths.account,
        page: () => import('../features/account/Account.tsx'),
        meta: { title: 'order:route.account', icon: <UserOutlined />, navIndex: 7 },
      },
    ],
  },
  {
    path: adminPaths.group,
    redirect: adminPaths.library,
    meta: { title: 'admin:route.group', icon: <SettingOutlined />, access: 'admin' },
    children: [
      {
        path: adminPaths.library,
        page: () => import('../features/admin/LibraryAdmin.tsx'),
        meta: { title: 'admin:route.library', icon: <DatabaseOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.prices,
        page: () => import('../features/admin/PricesAdmin.tsx'),
        meta: { title: 'admin:route.prices', icon: <TagsOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.packages,
        page: () => import('../features/admin/PackagesAdmin.tsx'),
        meta: { title: 'admin:route.packages', icon: <ShoppingOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.users,
        page: () => import('../features/admin/UsersAdmin.tsx'),
        meta: { title: 'admin:route.users', icon: <TeamOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.orders,
        page: () => import('../features/admin/OrdersAdmin.tsx'),
        meta: { title: 'admin:route.orders', icon: <AccountBookOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.system,
        page: () => import('../features/admin/SystemAdmin.tsx'),
        meta: { title: 'admin:route.system', icon: <DashboardOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.audit,
        page: () => import('../features/admin/AuditAdmin.tsx'),
        meta: { title: 'admin:route.audit', icon: <AuditOutlined />, access: 'admin' },
      },
      {
        path: adminPaths.models,
        page: () => import('../features/admin/ModelsAdmin.tsx'),
        meta: { title: 'admin:route.models', icon: <ExperimentOutlined />, access: 'admin' },
      },
    ],
  },
  {
    path: errorPaths.checkvip,
    page: () => import('../features/errors/CheckVip.tsx'),
    meta: { title: 'route:checkvip', hidden: true },
  },
  ...guestPathsWithoutPage,
];
