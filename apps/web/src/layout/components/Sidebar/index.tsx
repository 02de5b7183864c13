import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../../useCurrentRoute.ts';
import { useDeclaredNavPlace } from '../../../hooks/useNavPlace.ts';
import { useFreeCheckOffer } from '../../../hooks/usePublicFeature.ts';
import { useAppStore } from '../../../store/app.ts';
import { useVisibleRoutes } from '../../useVisibleRoutes.ts';
import { useSettingsStore } from '../../../store/settings.ts';
import { selectLoggedIn, useUserStore } from '../../../store/user.ts';
import Logo from './Logo.tsx';
import SidebarMenu from './SidebarMenu.tsx';

export default function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const match = useCurrentRoute();
  const routes = useVisibleRoutes();
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const openLogin = useAppStore((s) => s.openLogin);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const loggedIn = useUserStore(selectLoggedIn);
  const freeOffer = useFreeCheckOffer();
  const collapsed = !opened && device !== 'mobile';
  const declared = useDeclaredNavPlace(pathname);
  const active = declared?.activeMenu ?? match?.route.meta?.activeMenu ?? pathname;

  return (
    <aside
      className={`sidebar-container${showLogo ? ' has-logo' : ''}`}
      aria-label="sidebar"
      data-testid="sidebar"
    >
      {showLogo && <Logo collapse={collapsed} />}
      <div className="sidebar-scroll">
        <SidebarMenu routes={routes} active={active} collapsed={collapsed} />
      </div>
      {!loggedIn && !collapsed && (
        <button type="button" className="sidebar-promo" onClick={openLogin}>
          <QrcodeOutlined className="sidebar-promo__icon" />
          <span className="sidebar-promo__text">
            {freeOffer?.qrSignIn ? t('login:freeCheck') : t('login:page.tabQr')}
          </span>
        </button>
      )}
    </aside>
  );
}
