import type {
  LedgerFilter,
  PageQuery,
  PayOptions,
  PayOptionsQuery,
  JobPayOptionsQuery,
  PaymentProviderKind,
  ProductFilter,
  ProductPackage,
  Quote,
  ServiceKind,
} from '@paperdesk/contracts';
import {
  FREE_CHECK_FEATURE_KEY,
  MODEL_ONLY_SERVICES,
  PAYMENT_FEATURE_KEY,
  QuotaKind,
} from '@paperdesk/contracts';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { ProductsTable } from '../../db/tables/billing.ts';
import { selectPage } from '../../db/paging.ts';
import {
  createPaymentProviders,
  type PaymentProvider,
  paymentFeature,
} from '../../integrations/payments/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { payOptionsIn } from './pay-options.ts';
import type { JobQueue } from '../../queue.ts';
import type { createSysConfig } from '../sys-config.ts';
import { seedCatalogue } from './catalogue.ts';
import {
  type Amounts,
  type ChargeInput,
  type ChargeResult,
  chargeIn,
  loadPrice,
  priceQuote,
  type RefundInput,
  type RefundResult,
  refundIn,
} from './charge.ts';
import { freeCheckFeature, freeCheckPolicy, freeCheckStatus } from './free-check.ts';
import { auditUser, type Executor, listLedger, readWallet, type WalletView } from './ledger.ts';
import type { OnSale, RecordTypeRegistration } from './order-draft.ts';
import type { Logger } from './order-rows.ts';
import { createOrders } from './orders.ts';

export type { Amounts, ChargeInput, ChargeResult, RefundInput, RefundResult } from './charge.ts';
export type { Executor, WalletView } from './ledger.ts';
export type { OrderTerms, RecordPricing, RecordTypeRegistration } from './order-draft.ts';
export { ORDER_TTL_MS } from './orders.ts';
export { shanghaiDay } from './time.ts';

declare module '../../queue.ts' {
  interface JobPayloads {
    /** Finish an order that was paid but not yet credited (start-up recovery after a crash). */
    order_fulfil: { orderId: number };
  }
}

/** Runs `fn` in the caller's transaction, or in a new one when handed the plain database. */
function inTransaction<T>(executor: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return executor.isTransaction ? fn(executor) : executor.transaction().execute(fn);
}

type ProductRow = Omit<Selectable<ProductsTable>, 'active' | 'createdAt'>;

const toProduct = (r: ProductRow, onSale: ReadonlySet<string>): ProductPackage => ({
  id: r.id,
  code: r.code,
  service: r.service as ServiceKind,
  edition: r.edition,
  name: r.name,
  description: r.description,
  quotaKind: r.quotaKind as ServiceKind,
  quotaAmount: Number(r.quotaAmount),
  priceFen: Number(r.priceFen),
  listPriceFen: Number(r.listPriceFen),
  badge: r.badge,
  sort: Number(r.sort),
  available: onSale.has(r.service),
});

/**
 * Billing: packages, orders, payments, wallets and the ledger, and the charging service every paid
 * feature uses. Other services call, inside their own transaction:
 *
 *   await ctx.db.transaction().execute(async (trx) => {
 *     await trx.updateTable('checks').set({ status: 'queued' }).where('id', '=', id).where('status', '=', 'created')…;
 *     await ctx.billing.charge(trx, { userId, service: 'check', edition: 'professional', characters, recordType: 'check', recordId: id });
 *   });
 *
 * and `ctx.billing.refund(trx, { recordType: 'check', recordId: id })` when the job fails.
 */
export function createBilling(deps: {
  db: Db;
  config: Config;
  sysConfig: ReturnType<typeof createSysConfig>;
  jobs: JobQueue;
  log?: Logger;
  providers?: Map<PaymentProviderKind, PaymentProvider>;
  /** Whether a model is configured for an AI feature; lazy because the model gateway is built after billing. */
  modelReady?: () => (feature: string) => Promise<boolean>;
}) {
  const { db } = deps;
  const quiet = deps.config.LOG_LEVEL === 'silent';
  const log: Logger = deps.log ?? {
    warn: (obj, msg) => quiet || console.warn(msg ?? '', obj),
    error: (obj, msg) => quiet || console.error(msg ?? '', obj),
  };
  const providers = deps.providers ?? createPaymentProviders(deps.config);
  const policy = freeCheckPolicy(deps.config);
  const recordTypes = new Map<string, RecordTypeRegistration>();
  const onSale: OnSale = async (service: QuotaKind) => {
    const feature = MODEL_ONLY_SERVICES[service];
    return !feature || !deps.modelReady || (await deps.modelReady()(feature));
  };
  /** The services whose packages can be bought now, asked once per listing. */
  const servicesOnSale = async () => {
    const sale = new Set<string>();
    for (const s of QuotaKind.options) if (await onSale(s)) sale.add(s);
    return sale;
  };
  const orders = createOrders({ db, providers, recordTypes, log, onSale });

  deps.jobs.register('order_fulfil', {
    attempts: 5,
    handler: async ({ orderId }) => {
      await orders.fulfil(orderId);
    },
    recover: async () => (await orders.unfulfilled()).map((orderId) => ({ orderId })),
  });

  return {
    providers,
    orders,

    /** First start: prices, top-up presets and packages (never overwriting an admin's change). */
    async seed() {
      await seedCatalogue(db, deps.sysConfig);
    },

    /**
     * The serving process's start: the public `feature.payment` and `feature.freeCheck` entries, so pages can say
     * when payments are only simulated and promise the free check only where a QR sign-in comes with it.
     */
    async publishFeatures() {
      await deps.sysConfig.set(
        PAYMENT_FEATURE_KEY,
        paymentFeature([...providers.values()]),
        '支付渠道（服务启动时按配置写入，勿手工修改）',
      );
      await deps.sysConfig.set(
        FREE_CHECK_FEATURE_KEY,
        freeCheckFeature(policy),
        '每日免费查重规则（服务启动时按配置写入，勿手工修改）',
      );
    },

    /** Price of a job: `characters` for per-1,000-character services, `items` (default 1) for per-item ones. */
    async quote(service: ServiceKind, edition: string, amounts: Amounts): Promise<Quote> {
      return priceQuote(service, edition, await loadPrice(db, service, edition), amounts);
    },

    /**
     * Charges a record inside the caller's transaction (free check → package quota → balance).
     * Throws 402 with what to buy when credit is short, 409 when the record is already charged.
     */
    charge(trx: Executor, input: ChargeInput): Promise<ChargeResult> {
      return inTransaction(trx, (t) => chargeIn(t, input, policy));
    },

    /** Gives a record's charge back, exactly once; `{ refunded: false }` when there is nothing to refund. */
    refund(trx: Executor, input: RefundInput): Promise<RefundResult> {
      return inTransaction(trx, (t) => refundIn(t, input));
    },

    /**
     * The confirm page's question: what the user's `created` record costs each way and the cheapest (pay-options.ts);
     * `edition` prices another edition of the same service (查重's switch). Nothing is written.
     */
    async payOptions(userId: number, q: PayOptionsQuery): Promise<PayOptions> {
      const reg = recordTypes.get(q.recordType);
      if (!reg) throw badRequest(`不支持的记录类型: ${q.recordType}`);
      const pricing = await reg.resolve(userId, String(q.recordId));
      const edition = q.edition ?? pricing.edition;
      const price = await loadPrice(db, pricing.service, edition);
      const amounts = { characters: pricing.characters, items: pricing.items };
      const input = { userId, service: pricing.service, edition, ...amounts };
      return payOptionsIn(db, input, price, policy, providers.size > 0 && reg.qr !== false);
    },

    /**
     * The same for a job not created yet (the upload page's button says the way the pay choice will preselect):
     * QR counted as open when a provider is, as for any record that can be paid by itself.
     */
    async jobPayOptions(userId: number, q: JobPayOptionsQuery): Promise<PayOptions> {
      const price = await loadPrice(db, q.service, q.edition);
      const input = {
        userId,
        service: q.service,
        edition: q.edition,
        characters: q.characters,
        items: q.items,
      };
      return payOptionsIn(db, input, price, policy, providers.size > 0);
    },

    /** Lets a service's records be paid for one by one (`create_order` with recordType + recordId). */
    registerRecordType(recordType: string, registration: RecordTypeRegistration): void {
      recordTypes.set(recordType, registration);
    },

    /**
     * For `check_order_id`-style calls: the user's order for exactly this record (404 otherwise),
     * refreshed from the provider. `status === 'fulfilled'` means paid and credited; then charge with
     * `{ …, orderId }` to take exactly the paid amount.
     */
    confirmRecordOrder: orders.confirmRecordOrder,

    wallet: (userId: number, executor: Executor = db): Promise<WalletView> => readWallet(executor, userId),
    freeCheckStatus: (userId: number, executor: Executor = db) => freeCheckStatus(executor, userId, policy),
    ledger: (userId: number, paging: PageQuery, filter: LedgerFilter) =>
      listLedger(db, userId, paging, filter),
    /** Wallet amount next to ledger sum per account (tests, admin checks). */
    audit: (userId: number) => auditUser(db, userId),

    async listProducts(paging: PageQuery, filter: ProductFilter) {
      let q = db.selectFrom('products').where('active', '=', 1);
      if (filter.service) q = q.where('service', '=', filter.service);
      const sale = await servicesOnSale();
      return selectPage(q.selectAll().orderBy('sort').orderBy('id'), paging, (r) => toProduct(r, sale));
    },

    async product(id: number): Promise<ProductPackage> {
      const row = await db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!row) throw notFound('套餐不存在或已下架');
      return toProduct(row, await servicesOnSale());
    },
  };
}
export type Billing = ReturnType<typeof createBilling>;
