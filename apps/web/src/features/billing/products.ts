import { productEndpoints as ep, type QuotaKind } from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';

/** `product_package_api`: the packages on sale. */
export const queryProducts = (filter: { service?: QuotaKind } = {}, paging = { pageNo: 1, pageSize: 100 }) =>
  call(ep.query_list, { query: paging, body: filter });

export const loadProduct = (id: number) => call(ep.load_by_id, { query: { id } });
