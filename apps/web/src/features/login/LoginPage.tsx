import { CheckCircleFilled, GiftOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import LangSelect from '../../components/LangSelect.tsx';
import { useFreeCheckOffer } from '../../hooks/usePublicFeature.ts';
import PasswordForm from './LoginModal/PasswordForm.tsx';
import QrPanel from './LoginModal/QrPanel.tsx';
import { useQrLogin } from './LoginModal/useQrLogin.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { safeRedirect } from '../../router/guard.ts';
import { toast } from '../../utils/feedback.ts';
import { signInWithToken } from '../../store/session.ts';
import RegisterForm from './RegisterForm.tsx';

type Mode = 'password' | 'qr' | 'register';

/** Full-page sign-in: username and password, WeChat QR, or a new account. */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  const target = safeRedirect(params.get('redirect'));

  const done = () => {
    void toast().success(t('login:success'));
    navigate(target, { replace: true });
  };
  const { qr, refresh } = useQrLogin(mode === 'qr', async (token) => {
    await signInWithToken(token);
    done();
  });

  // The free daily check is promised only where a QR sign-in here comes with it.
  const freeOffer = useFreeCheckOffer()?.qrSignIn ?? false;
  const points = freeOffer
    ? (['check', 'aigc', 'write', 'free'] as const)
    : (['check', 'aigc', 'write'] as const);

  return (
    <div className="login-page">
      <aside className="login-page__brand">
        <Link to="/home" className="login-page__logo">
          <BrandMark size={36} />
          <span>{t('common:productTitle')}</span>
        </Link>
        <div className="login-page__pitch">
          <h2>{t('login:page.brandTitle')}</h2>
          <ul>
            {points.map((p) => (
              <li key={p}>
                <CheckCircleFilled /> {t(`login:page.brandPoints.${p}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="login-page__decor" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </aside>
      <main className="login-page__main">
        <div className="login-page__top">
          <Link to="/home" className="login-page__back">
            ← {t('login:page.backHome')}
          </Link>
          <LangSelect />
        </div>
        <div className="login-card">
          <Link to="/home" className="login-card__logo">
            <BrandMark size={40} />
          </Link>
          <h1 className="login-card__title">{t('login:page.welcome')}</h1>
          <p className="login-card__subtitle">{t('login:page.subtitle')}</p>
          {mode !== 'register' ? (
            <>
              <Segmented<Mode>
                block
                size="large"
                className="login-card__tabs"
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'password', label: t('login:page.tabPassword') },
                  { value: 'qr', label: t('login:page.tabQr') },
                ]}
              />
              {mode === 'password' ? (
                <PasswordForm size="large" onSuccess={done} />
              ) : (
                <div className="login-card__qr">
                  <QrPanel qr={qr} onRefresh={() => void refresh()} displaySize={220} />
                  <p className="login-card__qr-hint">{t('login:page.qrHint')}</p>
                  <button type="button" className="link-button" onClick={() => void refresh()}>
                    {t('login:refreshQr')}
                  </button>
                </div>
              )}
              {freeOffer && (
                <p className="login-card__free">
                  <GiftOutlined /> {t('login:freeCheck')}
                </p>
              )}
              <p className="login-card__switch">
                {t('login:page.noAccount')}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setMode('register')}
                  data-testid="to-register"
                >
                  {t('login:page.toRegister')}
                </button>
              </p>
            </>
          ) : (
            <>
              <h2 className="login-card__section">{t('login:page.tabRegister')}</h2>
              <RegisterForm onSuccess={done} />
              <p className="login-card__switch">
                {t('login:page.hasAccount')}
                <button type="button" className="link-button" onClick={() => setMode('password')}>
                  {t('login:page.toLogin')}
                </button>
              </p>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
