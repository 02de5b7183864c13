import { CheckOutlined, GiftOutlined } from '@ant-design/icons';
import { MODEL_ONLY_SERVICES, PriceEntry, type ProductPackage, type QuotaKind } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryProducts } from './products.ts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import AccountStrip from '../../shared/account/AccountStrip.tsx';
import { isQuotaKind, perUnit, quotaText, SERVICES, yuan } from '../../shared/billing/format.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import PaymentNotice from './PaymentNotice.tsx';
import { useFreeCheckOffer } from '../../hooks/usePublicFeature.ts';
import './order.css';
import { queryKeys } from '../../shared/records/queries.ts';
import { type ModelFeature, useModelFeatures } from '../../shared/model/NoModelBanner.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';

/** Per-use prices of a model path of a service that also runs without one (知网专版降重, 降AIGC by model). */
const MODEL_PRICES: Readonly<Record<string, ModelFeature>> = {
  'price.rewrite.cnki': 'rewrite',
  'price.aigc_rewrite.model': 'aigc',
};

function PackageCard({ p, onBuy }: { p: ProductPackage; onBuy: () => void }) {
  const { t } = useTranslation('order');
  const saved = p.listPriceFen - p.priceFen;
  return (
    <article
      className={`pkg-card${p.badge ? ' is-featured' : ''}`}
      data-testid="package-card"
      data-code={p.code}
    >
      {p.badge && <span className="pkg-card__badge">{p.badge}</span>}
      <div className="pkg-card__service">{t(`service.${p.service}`)}</div>
      <h3 className="pkg-card__name">{p.name}</h3>
      <div className="pkg-card__price">
        <strong>{yuan(p.priceFen)}</strong>
        {saved > 0 && <s>{t('taocan.listPrice', { price: yuan(p.listPriceFen) })}</s>}
      </div>
      <div className="pkg-card__meta">
        <span>{perUnit(t, p.quotaKind, p.priceFen, p.quotaAmount)}</span>
        {saved > 0 && <span className="pkg-card__save">{t('taocan.save', { amount: yuan(saved) })}</span>}
      </div>
      <ul className="pkg-card__points">
        <li>
          <CheckOutlined /> {quotaText(t, p.quotaKind, p.quotaAmount)}
        </li>
        {p.description && (
          <li>
            <CheckOutlined /> {p.description}
          </li>
        )}
      </ul>
      <Button type={p.badge ? 'primary' : 'default'} block size="large" onClick={onBuy}>
        {t('taocan.buy')}
      </Button>
    </article>
  );
}

/** /order/taocan: packages grouped by service; buying opens the payment QR dialog. */
export default function Taocan() {
  const freeOffer = useFreeCheckOffer();
  const { t } = useTranslation('order');
  const [service, setService] = useState<QuotaKind | 'all'>('all');
  const [buying, setBuying] = useState<number | null>(null);
  // packages of a service that cannot run here (no model configured) are not offered at all
  const products = useQuery({
    queryKey: queryKeys.products,
    queryFn: async () => (await queryProducts()).result.records.filter((p) => p.available),
  });
  const prices = useQuery({
    queryKey: queryKeys.sysConfig('price.'),
    queryFn: async () => (await loadAllByEntity({ prefix: 'price.' }, { silent: true })).result,
  });

  const groups = useMemo(() => {
    const list = products.data ?? [];
    return SERVICES.map((k) => ({ kind: k, items: list.filter((p) => p.service === k) })).filter(
      (g) => g.items.length > 0 && (service === 'all' || g.kind === service),
    );
  }, [products.data, service]);

  const models = useModelFeatures().data?.features;
  /** A per-use price that needs a model no one configured is shown as not on sale, as its packages are not. */
  const offSale = (key: string, service: QuotaKind): boolean => {
    const feature = MODEL_PRICES[key] ?? MODEL_ONLY_SERVICES[service];
    return !!feature && !!models && models[feature] !== true;
  };
  const priceRows = useMemo(
    () =>
      (prices.data ?? [])
        .map((e) => {
          const [, svc = ''] = e.key.split('.');
          const v = PriceEntry.safeParse(e.value);
          return v.success && isQuotaKind(svc) ? { key: e.key, service: svc, ...v.data } : null;
        })
        .filter((x) => x !== null)
        .sort((a, b) => SERVICES.indexOf(a.service) - SERVICES.indexOf(b.service) || a.fen - b.fen),
    [prices.data],
  );

  const options = [
    { label: t('service.all'), value: 'all' },
    ...SERVICES.filter((k) => products.data?.some((p) => p.service === k)).map((k) => ({
      label: t(`service.${k}`),
      value: k,
    })),
  ];

  return (
    <div className="svc-page order-page">
      <PageHero
        title={t('taocan.title')}
        subtitle={t('taocan.subtitle')}
        aside={
          freeOffer?.qrSignIn && (
            <div className="svc-chip">
              <GiftOutlined /> {t('taocan.freeTip')}
            </div>
          )
        }
      />
      <PaymentNotice />
      <AccountStrip />
      <div className="order-tabs">
        <Segmented options={options} value={service} onChange={(v) => setService(v as QuotaKind | 'all')} />
      </div>
      {products.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : groups.length === 0 ? (
        <Empty description={t('taocan.empty')} />
      ) : (
        groups.map((g) => (
          <section key={g.kind} className="pkg-group" data-service={g.kind}>
            <h2>{t(`service.${g.kind}`)}</h2>
            <div className="pkg-grid">
              {g.items.map((p) => (
                <PackageCard key={p.id} p={p} onBuy={() => setBuying(p.id)} />
              ))}
            </div>
          </section>
        ))
      )}
      {priceRows.length > 0 && (
        <section className="svc-card price-table">
          <h2>{t('taocan.pricesTitle')}</h2>
          <p className="svc-muted">{t('taocan.pricesDesc')}</p>
          <div className="price-table__grid">
            {priceRows.map((r) => (
              <div
                key={r.key}
                className={
                  offSale(r.key, r.service) ? 'price-table__row price-table__row--off' : 'price-table__row'
                }
                data-testid={`price-${r.key}`}
              >
                <span>{t(`service.${r.service}`)}</span>
                <span className="price-table__label">
                  {r.label}
                  {offSale(r.key, r.service) && (
                    <Tag style={{ marginLeft: 6 }} data-testid="price-off">
                      {t('taocan.priceOff')}
                    </Tag>
                  )}
                </span>
              </div>
            ))}
          </div>
        </section>
      )}
      <PayDialog input={buying === null ? null : { packageId: buying }} onClose={() => setBuying(null)} />
    </div>
  );
}
