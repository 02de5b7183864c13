import {
  ArrowRightOutlined,
  CheckOutlined,
  CloudUploadOutlined,
  CrownOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  GiftOutlined,
  LockOutlined,
  PayCircleOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFreeCheckOffer } from '../../hooks/usePublicFeature.ts';
import { Link, useNavigate } from 'react-router';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { currentLanguage } from '../../locales/index.ts';
import { pageAvailable } from '../../router/nav.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { formatTime } from '../../utils/time.ts';
import { formatFen, lowestPrices, type PriceLine, serviceKey } from './prices.ts';
import { loadRecent } from './recent.ts';
import SampleReport from './SampleReport.tsx';
import { SERVICES, type ServiceDef } from './services.tsx';
import { queryKeys } from '../../shared/records/queries.ts';
import { useAccount } from '../../shared/account/hooks.ts';

function PriceTag({ line }: { line: PriceLine | undefined }) {
  const { t } = useTranslation('home');
  if (!line) return null;
  return (
    <p className="service-card__price" data-testid="service-price">
      <strong>{formatFen(line.amountFen)}</strong>
      {line.unit && <span> / {line.unit}</span>}
      <span className="service-card__from"> {t('services.from')}</span>
    </p>
  );
}

function ServiceCard({ service, price }: { service: ServiceDef; price: PriceLine | undefined }) {
  const { t } = useTranslation(['home', 'common']);
  const available = pageAvailable(service.path);
  const points = t(`services.${service.i18n}.points`, { returnObjects: true }) as unknown as string[];
  return (
    <article
      className={`service-card tone-${service.tone}${available ? '' : ' is-soon'}`}
      data-service={service.kind}
    >
      <div className="service-card__top">
        <span className="service-card__icon">{service.icon}</span>
      </div>
      <h3 className="service-card__name">{t(`services.${service.i18n}.name`)}</h3>
      <p className="service-card__desc">{t(`services.${service.i18n}.desc`)}</p>
      <ul className="service-card__points">
        {Array.isArray(points) &&
          points.map((p) => (
            <li key={p}>
              <CheckOutlined /> {p}
            </li>
          ))}
      </ul>
      <div className="service-card__foot">
        <PriceTag line={price} />
        {available ? (
          <Link to={service.path} className="service-card__enter">
            {t('services.enter')} <ArrowRightOutlined />
          </Link>
        ) : (
          <Tooltip title={t('common:comingSoonTip')}>
            <span className="service-card__enter is-disabled" aria-disabled="true">
              {t('common:comingSoon')}
            </span>
          </Tooltip>
        )}
      </div>
    </article>
  );
}

function PackagesCard() {
  const { t } = useTranslation(['home', 'common']);
  const available = pageAvailable('/order/taocan');
  return (
    <article className="service-card service-card--promo">
      <div className="service-card__top">
        <span className="service-card__icon">
          <CrownOutlined />
        </span>
      </div>
      <h3 className="service-card__name">{t('services.packages.name')}</h3>
      <p className="service-card__desc">{t('services.packages.desc')}</p>
      <div className="service-card__foot">
        {available ? (
          <Link to="/order/taocan" className="service-card__enter">
            {t('services.packages.enter')} <ArrowRightOutlined />
          </Link>
        ) : (
          <span className="service-card__enter is-disabled" aria-disabled="true">
            {t('common:comingSoon')}
          </span>
        )}
      </div>
    </article>
  );
}

function Workspace() {
  const { t } = useTranslation('home');
  const name = useUserStore((s) => s.name);
  const account = useAccount();
  const recent = useQuery({ queryKey: queryKeys.homeRecent, queryFn: () => loadRecent() });
  const rechargeReady = pageAvailable('/order/recharge');
  const accountReady = pageAvailable('/order/account');
  const free = account.data?.freeCheck;
  const freeText = !free
    ? null
    : !free.eligible
      ? (free.reason ?? t('workspace.freeNotEligible'))
      : free.availableToday
        ? t('workspace.freeAvailable')
        : t('workspace.freeUsed');

  return (
    <section className="home-section home-workspace" data-testid="home-workspace">
      <header className="home-section__head home-section__head--row">
        <div>
          <h2>{t('workspace.title')}</h2>
          <p>{t('workspace.hello', { name })}</p>
        </div>
      </header>
      <div className="workspace-grid">
        <div className="workspace-card workspace-card--account">
          {account.isLoading ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <>
              <div className="workspace-stat">
                <span className="workspace-stat__icon">
                  <WalletOutlined />
                </span>
                <div>
                  <span className="workspace-stat__label">{t('workspace.balance')}</span>
                  <strong className="workspace-stat__value" data-testid="home-balance">
                    {account.data ? formatFen(account.data.balance) : '—'}
                  </strong>
                </div>
              </div>
              <div className="workspace-stat">
                <span className="workspace-stat__icon workspace-stat__icon--gift">
                  <GiftOutlined />
                </span>
                <div>
                  <span className="workspace-stat__label">{t('workspace.freeCheck')}</span>
                  <strong className="workspace-stat__value workspace-stat__value--text">
                    {freeText ?? '—'}
                  </strong>
                </div>
              </div>
              <div className="workspace-card__actions">
                {rechargeReady && (
                  <Link to="/order/recharge">
                    <Button type="primary">{t('workspace.recharge')}</Button>
                  </Link>
                )}
                {accountReady && (
                  <Link to="/order/account">
                    <Button>{t('workspace.account')}</Button>
                  </Link>
                )}
              </div>
            </>
          )}
        </div>
        <div className="workspace-card workspace-card--recent">
          <h3 className="workspace-card__title">{t('workspace.recent')}</h3>
          {recent.isLoading ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : recent.data && recent.data.length > 0 ? (
            <ul className="recent-list">
              {recent.data.map((r) => (
                <li key={r.key}>
                  <Link to={r.to} className="recent-list__item">
                    <FileTextOutlined />
                    <span className="recent-list__title">{r.title}</span>
                    <span className="recent-list__service">{t(r.service)}</span>
                    {r.status && <span className="recent-list__status">{r.status}</span>}
                    <time dateTime={r.time}>
                      {formatTime(r.time, '{y}-{m}-{d}', { lang: currentLanguage() })}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.recentEmpty')} />
          )}
        </div>
      </div>
    </section>
  );
}

function GuestBanner({ freeOffered }: { freeOffered: boolean }) {
  const { t } = useTranslation('home');
  const openLogin = useAppStore((s) => s.openLogin);
  return (
    <section className="home-guest" data-testid="home-guest">
      <div>
        <h2>{t('workspace.guestTitle')}</h2>
        <p>{t(freeOffered ? 'workspace.guestDesc' : 'workspace.guestDescPaid')}</p>
      </div>
      <Button
        type="primary"
        size="large"
        onClick={openLogin}
        icon={freeOffered ? <GiftOutlined /> : undefined}
      >
        {t('workspace.guestAction')}
      </Button>
    </section>
  );
}

/** Landing page: hero, what each service does with its price line, the user's workspace. */
export default function Home() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const prices = useQuery({
    queryKey: queryKeys.sysConfig('price.'),
    queryFn: () =>
      loadAllByEntity({ prefix: 'price.' }, { silent: true }).then((r) => lowestPrices(r.result)),
    staleTime: 5 * 60_000,
  });
  const checkReady = pageAvailable('/papercheck/check');
  // every free-check promise on this page reads the one public flag the server publishes
  const freeOffered = useFreeCheckOffer()?.qrSignIn === true;
  const scrollToServices = () =>
    document.getElementById('services')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const trust = [
    { key: 'metrics', icon: <FileProtectOutlined /> },
    { key: 'privacy', icon: <LockOutlined /> },
    { key: 'price', icon: <PayCircleOutlined /> },
    ...(freeOffered ? [{ key: 'free', icon: <SafetyCertificateOutlined /> } as const] : []),
  ];
  const steps = [
    { key: 'upload', icon: <CloudUploadOutlined /> },
    { key: 'pay', icon: <PayCircleOutlined /> },
    { key: 'report', icon: <FileProtectOutlined /> },
  ] as const;

  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero__text">
          <span className="home-hero__eyebrow">{t('hero.eyebrow')}</span>
          <h1 className="home-hero__title">
            <span>{t('hero.title')}</span>
            <span className="home-hero__accent">{t('hero.titleAccent')}</span>
          </h1>
          <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
          <div className="home-hero__actions">
            {checkReady ? (
              <Button
                type="primary"
                size="large"
                onClick={() => navigate('/papercheck/check')}
                data-testid="hero-primary"
              >
                {t('hero.primary')} <ArrowRightOutlined />
              </Button>
            ) : !loggedIn ? (
              <Button
                type="primary"
                size="large"
                icon={<GiftOutlined />}
                onClick={openLogin}
                data-testid="hero-primary"
              >
                {t(freeOffered ? 'hero.loginFree' : 'hero.login')}
              </Button>
            ) : null}
            <Button size="large" onClick={scrollToServices} className="home-hero__secondary">
              {t('hero.secondary')}
            </Button>
          </div>
          {freeOffered && (
            <p className="home-hero__badge" data-testid="home-free-badge">
              <GiftOutlined /> {t('hero.freeBadge')}
            </p>
          )}
        </div>
        <div className="home-hero__visual">
          <SampleReport />
        </div>
      </section>

      <section className="home-trust">
        {trust.map((item) => (
          <div className="home-trust__item" key={item.key}>
            <span className="home-trust__icon">{item.icon}</span>
            <div>
              <strong>{t(`trust.${item.key}.title`)}</strong>
              <span className="home-trust__desc">{t(`trust.${item.key}.desc`)}</span>
            </div>
          </div>
        ))}
      </section>

      {loggedIn && <Workspace />}

      <section className="home-section" id="services">
        <header className="home-section__head">
          <h2>{t('services.title')}</h2>
          <p>{t('services.subtitle')}</p>
        </header>
        <div className="service-grid">
          {SERVICES.map((s) => (
            <ServiceCard key={s.kind} service={s} price={prices.data?.get(serviceKey(s.kind))} />
          ))}
          <PackagesCard />
        </div>
      </section>

      <section className="home-section home-steps">
        <header className="home-section__head">
          <h2>{t('steps.title')}</h2>
        </header>
        <ol className="steps">
          {steps.map((s, i) => (
            <li className="steps__item" key={s.key}>
              <span className="steps__num">{i + 1}</span>
              <span className="steps__icon">{s.icon}</span>
              <strong>{t(`steps.${s.key}.title`)}</strong>
              <span className="steps__desc">{t(`steps.${s.key}.desc`)}</span>
            </li>
          ))}
        </ol>
      </section>

      {!loggedIn && <GuestBanner freeOffered={freeOffered} />}

      <footer className="home-footer">
        <span>
          © {new Date().getFullYear()} {t('footer.rights')}
        </span>
        <span>{t('footer.disclaimer')}</span>
      </footer>
    </div>
  );
}
