import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useResizeHandler } from '../hooks/useResizeHandler.ts';
import { useAppStore } from '../store/app.ts';
import { useSettingsStore } from '../store/settings.ts';
import { useUserStore } from '../store/user.ts';
import AppMain from './components/AppMain.tsx';
import Navbar from './components/Navbar/index.tsx';
import { useSettingsDrawer } from './components/Settings/state.ts';
import Sidebar from './components/Sidebar/index.tsx';
import TagsView from './components/TagsView/index.tsx';

const Settings = lazy(() => import('./components/Settings/index.tsx'));
const LoginModal = lazy(() => import('../features/login/LoginModal/index.tsx'));

/** The admin-style frame (spec §1): sidebar, navbar with top navigation, tags view, page area. */
export default function Layout() {
  useResizeHandler();
  const { t } = useTranslation();
  const sidebar = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const loginOpen = useAppStore((s) => s.loginOpen);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const settingsOpen = useSettingsDrawer((s) => s.open);
  const hasToken = useUserStore((s) => Boolean(s.token));

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation ? 'withoutAnimation' : '',
    device === 'mobile' ? 'mobile' : 'desktop',
  ].join(' ');

  return (
    <div className={classes} data-device={device}>
      {device === 'mobile' && sidebar.opened && (
        <button
          type="button"
          className="drawer-bg"
          aria-label={t('navbar:toggleSidebar')}
          data-testid="drawer-bg"
          onClick={() => closeSideBar({ withoutAnimation: false })}
        />
      )}
      <Sidebar />
      <div
        className={`main-container${tagsView ? ' hasTagsView' : ''}${fixedHeader ? ' hasFixedHeader' : ''}`}
      >
        <div className={fixedHeader ? 'fixed-header' : 'static-header'}>
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
      <Suspense fallback={null}>{settingsOpen && <Settings />}</Suspense>
      <Suspense fallback={null}>{(loginOpen || !hasToken) && <LoginModal />}</Suspense>
    </div>
  );
}
