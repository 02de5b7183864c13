import { CloseOutlined, GiftOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFreeCheckOffer } from '../../../hooks/usePublicFeature.ts';
import { LOGIN_DIALOG_WIDTH } from '../../../settings.ts';
import { useAppStore } from '../../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../../store/user.ts';
import { getToken } from '../../../utils/auth.ts';
import { toast } from '../../../utils/feedback.ts';
import { loadSession, signInWithToken } from '../../../store/session.ts';
import PasswordForm from './PasswordForm.tsx';
import QrPanel from './QrPanel.tsx';
import { useQrLogin } from './useQrLogin.ts';

/**
 * The login panel (spec §2, §4): WeChat QR with 3000 ms polling, username and password, a link to
 * /login and 拒绝登录，随便看看. Opens by itself on load when no token is stored. A light dialog of its
 * own (Esc, mask click and the close button dismiss it) because every guest downloads it on arrival.
 */
export default function LoginModal() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.loginOpen);
  const openLogin = useAppStore((s) => s.openLogin);
  const closeLogin = useAppStore((s) => s.closeLogin);
  const loggedIn = useUserStore(selectLoggedIn);
  const visible = open && !loggedIn;
  const freeOffer = useFreeCheckOffer();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!getToken()) openLogin();
  }, [openLogin]);

  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeLogin();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [visible, closeLogin]);

  const succeed = async () => {
    closeLogin();
    void toast().success(t('login:success'));
  };

  const { qr, refresh } = useQrLogin(visible, async (token) => {
    await signInWithToken(token);
    await succeed();
  });

  if (!visible) return null;
  return createPortal(
    <div className="login-dialog-root">
      <div className="login-dialog-mask" onClick={closeLogin} aria-hidden="true" />
      <div
        ref={dialogRef}
        className="login-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width: LOGIN_DIALOG_WIDTH }}
        data-testid="login-panel"
      >
        <header className="login-dialog__head">
          <h2 id={titleId} className="login-dialog__title">
            {t('login:title')}
          </h2>
          <button
            type="button"
            className="login-dialog__close"
            onClick={closeLogin}
            aria-label={t('login:refuse')}
          >
            <CloseOutlined />
          </button>
        </header>
        <div className="login-modal">
          <QrPanel qr={qr} onRefresh={() => void refresh()} />
          <p className="login-modal__scan">
            {t('login:scanTip')}
            <span className="login-modal__sep">·</span>
            <button
              type="button"
              className="link-button"
              onClick={() => void refresh()}
              data-testid="qr-refresh"
            >
              {t('login:refreshQr')}
            </button>
          </p>
          {freeOffer?.qrSignIn && (
            <p className="login-modal__free">
              <GiftOutlined /> {t('login:freeCheck')}
            </p>
          )}
          <div className="login-modal__divider">
            <span>{t('login:orPassword')}</span>
          </div>
          <PasswordForm
            onSuccess={async () => {
              await loadSession();
              await succeed();
            }}
          />
          <div className="login-modal__links">
            <Link to="/login" onClick={closeLogin} data-testid="to-login-page">
              {t('login:passwordLogin')}
            </Link>
            <button
              type="button"
              className="link-button link-button--muted"
              onClick={closeLogin}
              data-testid="refuse-login"
            >
              {t('login:refuse')}
            </button>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
