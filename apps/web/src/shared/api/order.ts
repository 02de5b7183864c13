import type {
  CreateOrderInput,
  LedgerEntry,
  LedgerFilter,
  OrderCreated,
  OrderFilter,
  OrderView,
  Page,
  PaymentMethod,
} from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/** `order_info_api`: orders, their status, the account centre's order and ledger lists. */
const BASE = '/api/order/order_info_api';

export function createOrder(input: CreateOrderInput) {
  return request<OrderCreated>(`${BASE}/create_order`, { data: input });
}

/** Polled by the payment dialog; silent so a slow network does not toast every 2 s. */
export function loadOrder(id: number, opts: { silent?: boolean } = {}) {
  return request<OrderView>(`${BASE}/load_by_id`, { params: { id }, silent: opts.silent ?? false });
}

export function queryOrders(paging: { pageNo: number; pageSize: number }, filter: OrderFilter = {}) {
  return request<Page<OrderView>>(`${BASE}/query_list`, { params: paging, data: filter });
}

export function queryLedger(paging: { pageNo: number; pageSize: number }, filter: LedgerFilter = {}) {
  return request<Page<LedgerEntry>>(`${BASE}/query_ledger`, { params: paging, data: filter });
}

export function paymentMethods() {
  return request<PaymentMethod[]>(`${BASE}/f/payment_methods`, { silent: true });
}
