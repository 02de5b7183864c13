import type { Generated } from 'kysely';

/** Packages on sale; each grants one quota kind. Seeded on first start, editable by admins. */
export interface ProductsTable {
  id: Generated<number>;
  code: string;
  service: string;
  edition: string;
  name: string;
  description: string;
  quotaKind: string;
  quotaAmount: number;
  priceFen: number;
  listPriceFen: number;
  badge: Generated<string>;
  sort: Generated<number>;
  active: Generated<number>;
  createdAt: Generated<string>;
}

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  kind: 'package' | 'topup' | 'record';
  subject: string;
  amountFen: number;
  status: 'created' | 'paid' | 'fulfilled' | 'expired' | 'refunded';
  provider: 'wechat' | 'alipay' | 'sandbox';
  packageId: number | null;
  recordType: string | null;
  recordId: string | null;
  /** JSON `[{ account, amount, label }]`: what fulfilment credits, fixed when the order is created. */
  credits: string;
  qrCode: string;
  createdAt: Generated<string>;
  expiresAt: string;
  paidAt: string | null;
  fulfilledAt: string | null;
  refundedAt: string | null;
  /** Sum of the order's refunds (`order_refunds`); never above `amountFen`. */
  refundedFen: Generated<number>;
  /**
   * A record order: the record's price when the order was made. The QR pays `amountFen` (the price less the balance
   * then), the charge takes the whole price from the balance. Null on older orders (they paid the whole price).
   */
  pricedFen: number | null;
}

/** One refund (whole or partial) of an order; `idemKey` makes a repeated request refund once. */
export interface OrderRefundsTable {
  id: Generated<number>;
  orderId: number;
  amountFen: number;
  reason: string;
  idemKey: string;
  actorUserId: number | null;
  createdAt: Generated<string>;
}

/** One verified payment per order (the provider's trade number and what the notification said). */
export interface PaymentsTable {
  id: Generated<number>;
  orderId: number;
  provider: string;
  tradeNo: string;
  amountFen: number;
  raw: string;
  createdAt: Generated<string>;
}

/** Current balance (account `balance`, fen) and quotas (account = quota kind) per user. Always the ledger's sum. */
export interface WalletsTable {
  userId: number;
  account: string;
  amount: number;
  updatedAt: string;
}

/** Append-only: every change of a wallet account, with reason and reference; `idemKey` makes each change happen once. */
export interface LedgerTable {
  id: Generated<number>;
  userId: number;
  account: string;
  delta: number;
  balanceAfter: number;
  reason: string;
  refType: string;
  refId: string;
  idemKey: string;
  note: Generated<string>;
  createdAt: Generated<string>;
}

/** The free daily professional check: one row per user and Asia/Shanghai calendar day. */
export interface FreeChecksTable {
  userId: number;
  day: string;
  refType: string;
  refId: string;
  createdAt: Generated<string>;
}

/** Self-hosted QR sign-ins: the device (browser cookie, hashed) and network (IP or IPv6 /64, hashed) of each account's latest one. */
export interface SelfQrDevicesTable {
  userId: number;
  deviceHash: string;
  networkHash: string;
  updatedAt: Generated<string>;
}

/** Which device or network (`device:<hash>` / `network:<hash>`) used a free check on an Asia/Shanghai day. */
export interface FreeCheckClaimsTable {
  day: string;
  claimKey: string;
  userId: number;
  refType: string;
  refId: string;
  createdAt: Generated<string>;
}

/**
 * One row per charge of a service record. `activeKey` (`<recordType>:<recordId>`) is unique while the
 * charge stands, so a record is charged once; a refund clears it (NULLs never collide), which lets a
 * failed and refunded record be charged again later.
 */
export interface ChargesTable {
  id: Generated<number>;
  userId: number;
  refType: string;
  refId: string;
  activeKey: string | null;
  service: string;
  edition: string;
  characters: number | null;
  items: number | null;
  source: string;
  fen: number;
  quotaKind: string;
  quotaUnits: number;
  orderId: number | null;
  createdAt: Generated<string>;
  refundedAt: string | null;
}

export interface BillingTables {
  charges: ChargesTable;
  products: ProductsTable;
  orders: OrdersTable;
  orderRefunds: OrderRefundsTable;
  payments: PaymentsTable;
  wallets: WalletsTable;
  ledger: LedgerTable;
  freeChecks: FreeChecksTable;
  selfQrDevices: SelfQrDevicesTable;
  freeCheckClaims: FreeCheckClaimsTable;
}
