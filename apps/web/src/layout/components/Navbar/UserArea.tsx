import { DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import PopMenu from '../../../components/PopMenu.tsx';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirect } from '../../../router/guard.ts';
import { hasRoute } from '../../../router/lookup.ts';
import { routes } from '../../../router/routes.tsx';
import { useAppStore } from '../../../store/app.ts';
import { useTagsViewStore } from '../../../store/tagsView.ts';
import { selectLoggedIn, useUserStore } from '../../../store/user.ts';

const ACCOUNT_PATH = '/order/account';

/** Logged out: 登录. Logged in: 用户ID：{id} with 账户中心 and 退出登录 (spec §2). */
export default function UserArea({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useUserStore(selectLoggedIn);
  const id = useUserStore((s) => s.id);
  const avatar = useUserStore((s) => s.avatar);
  const openLogin = useAppStore((s) => s.openLogin);

  if (!loggedIn) {
    return (
      <Button type="primary" className="navbar-login" onClick={openLogin} data-testid="navbar-login">
        {t('navbar:logIn')}
      </Button>
    );
  }

  const accountReady = hasRoute(routes, ACCOUNT_PATH);
  const logout = async () => {
    const here = `${location.pathname}${location.search}`;
    await useUserStore.getState().logout();
    useTagsViewStore.getState().delAllViews();
    navigate(loginRedirect(here));
  };

  return (
    <PopMenu
      placement="bottomRight"
      testId="user-menu"
      items={[
        ...(compact
          ? [
              { key: 'id', label: t('navbar:userId', { id }), disabled: true },
              { type: 'divider' as const, key: 'd0' },
            ]
          : []),
        {
          key: 'account',
          icon: <WalletOutlined />,
          disabled: !accountReady,
          label: accountReady
            ? t('navbar:accountCenter')
            : `${t('navbar:accountCenter')}（${t('common:comingSoon')}）`,
          onClick: () => navigate(ACCOUNT_PATH),
        },
        { type: 'divider', key: 'd1' },
        { key: 'logout', icon: <LogoutOutlined />, label: t('navbar:logOut'), onClick: () => void logout() },
      ]}
    >
      <button type="button" className="user-area" data-testid="user-area">
        <span className="user-area__avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" width={28} height={28} /> : <UserOutlined />}
        </span>
        {!compact && <span className="user-area__id">{t('navbar:userId', { id })}</span>}
        <DownOutlined className="user-area__caret" />
      </button>
    </PopMenu>
  );
}
