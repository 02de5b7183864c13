import { SettingOutlined } from '@ant-design/icons';
import NavbarButton from '../../../components/NavbarButton.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import ErrorLog from '../../../components/ErrorLog/index.tsx';
import Hamburger from '../../../components/Hamburger.tsx';
import HeaderSearch from '../HeaderSearch/index.tsx';
import LangSelect from '../../../components/LangSelect.tsx';
import Screenfull from '../../../components/Screenfull.tsx';
import SizeSelect from '../../../components/SizeSelect.tsx';
import { useAppStore } from '../../../store/app.ts';
import { useSettingsStore } from '../../../store/settings.ts';
import { useSettingsDrawer } from '../Settings/state.ts';
import { BrandMark } from '../../../components/BrandMark.tsx';
import TopNav from './TopNav.tsx';
import UserArea from './UserArea.tsx';

export default function Navbar() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const openSettings = useSettingsDrawer((s) => s.setOpen);
  const mobile = device === 'mobile';

  return (
    <>
      <header className="navbar">
        <Hamburger isActive={opened} onToggle={toggleSideBar} label={t('navbar:toggleSidebar')} />
        {(mobile || !sidebarLogo) && (
          <Link to="/home" className="navbar-brand" aria-label={t('common:productTitle')}>
            <BrandMark size={28} />
            <span className="navbar-brand__title">{t('common:productTitle')}</span>
          </Link>
        )}
        {!mobile && <TopNav />}
        <div className="right-menu">
          <HeaderSearch />
          <ErrorLog />
          {!mobile && <Screenfull />}
          {!mobile && <SizeSelect />}
          <LangSelect />
          {!mobile && showSettings && (
            <NavbarButton
              title={t('navbar:settings')}
              onClick={() => openSettings(true)}
              testId="open-settings"
            >
              <SettingOutlined />
            </NavbarButton>
          )}
          <UserArea compact={mobile} />
        </div>
      </header>
      {mobile && <TopNav variant="strip" />}
    </>
  );
}
