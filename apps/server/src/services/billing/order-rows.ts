import type { OrderView, PaymentProviderKind } from '@paperdesk/contracts';
import type { OrdersTable } from '../../db/tables/billing.ts';

export const PROVIDER_LABELS: Record<PaymentProviderKind, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '测试支付',
};

export interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export type OrderRow = Omit<OrdersTable, 'id' | 'createdAt' | 'refundedFen'> & {
  id: number;
  createdAt: string;
  refundedFen: number;
};

export interface Credit {
  account: string;
  amount: number;
  label: string;
}

export const creditReason = (kind: OrderRow['kind']) =>
  kind === 'package' ? 'package' : kind === 'topup' ? 'topup' : 'order_payment';

export function toView(row: OrderRow): OrderView {
  return {
    id: row.id,
    orderNo: row.orderNo,
    kind: row.kind,
    subject: row.subject,
    amountFen: Number(row.amountFen),
    status: row.status,
    provider: row.provider,
    providerLabel: PROVIDER_LABELS[row.provider],
    packageId: row.packageId === null ? null : Number(row.packageId),
    recordType: row.recordType,
    recordId: row.recordId,
    credits: JSON.parse(row.credits) as Credit[],
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    paidAt: row.paidAt,
    fulfilledAt: row.fulfilledAt,
  };
}
