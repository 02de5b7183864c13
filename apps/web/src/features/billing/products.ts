import type { Page, ProductPackage, QuotaKind } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/** `product_package_api`: the packages on sale. */
const BASE = '/api/base/product_package_api';

export function queryProducts(filter: { service?: QuotaKind } = {}, paging = { pageNo: 1, pageSize: 100 }) {
  return request<Page<ProductPackage>>(`${BASE}/query_list`, { params: paging, data: filter });
}

export function loadProduct(id: number) {
  return request<ProductPackage>(`${BASE}/load_by_id`, { params: { id } });
}
