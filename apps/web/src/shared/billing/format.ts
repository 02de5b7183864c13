import { QUOTA_UNITS, type QuotaKind, QuotaKind as QuotaKinds } from '@paperdesk/contracts';
import type { TFunction } from 'i18next';

export const SERVICES: readonly QuotaKind[] = QuotaKinds.options;

/** ¥29, ¥12.90 */
export function yuan(fen: number): string {
  return fen % 100 === 0 ? `¥${fen / 100}` : `¥${(fen / 100).toFixed(2)}`;
}

/** Unit word of a quota kind: 次 / 字 / 篇 / 份 / 条. */
export function unitLabel(t: TFunction, kind: QuotaKind): string {
  const unit = QUOTA_UNITS[kind].unit;
  return unit === 'items' ? t(`order:unit.items.${kind}`) : t(`order:unit.${unit}`);
}

/** 5 次, 50,000 字 */
export function quotaText(t: TFunction, kind: QuotaKind, amount: number): string {
  return `${amount.toLocaleString('en-US')} ${unitLabel(t, kind)}`;
}

export const isQuotaKind = (s: string): s is QuotaKind => (SERVICES as readonly string[]).includes(s);

/** Per-unit price of a package: ¥25.80/次, or per 1,000 characters for character quotas. */
export function perUnit(t: TFunction, kind: QuotaKind, priceFen: number, amount: number): string {
  if (QUOTA_UNITS[kind].unit === 'chars') {
    return t('order:taocan.perUnit', {
      price: yuan(Math.round((priceFen * 1000) / amount)),
      unit: `1000 ${unitLabel(t, kind)}`,
    });
  }
  return t('order:taocan.perUnit', { price: yuan(Math.round(priceFen / amount)), unit: unitLabel(t, kind) });
}
