import {
  type CreateOrderInput,
  type LedgerFilter,
  type OrderFilter,
  orderEndpoints as ep,
} from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';

/** `order_info_api`: orders, their status, the account centre's order and ledger lists. */
type Paging = { pageNo: number; pageSize: number };

/** Silent: the pay dialog shows a refusal (a 409 for changed terms, no online payment) in its own body. */
export const createOrder = (input: CreateOrderInput) => call(ep.create_order, { body: input, silent: true });

/** Polled by the payment dialog; silent so a slow network does not toast every 2 s. */
export const loadOrder = (id: number, opts: { silent?: boolean } = {}) =>
  call(ep.load_by_id, { query: { id }, silent: opts.silent ?? false });

export const queryOrders = (paging: Paging, filter: OrderFilter = {}) =>
  call(ep.query_list, { query: paging, body: filter });

export const queryLedger = (paging: Paging, filter: LedgerFilter = {}) =>
  call(ep.query_ledger, { query: paging, body: filter });

export const paymentMethods = () => call(ep.payment_methods, { silent: true });
