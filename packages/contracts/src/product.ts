import { z } from 'zod';
import { QuotaKind } from './account.ts';
import { group } from './endpoint.ts';
import { IdQuery, PageQuery, page } from './paging.ts';

/** `product_package_api`: the packages on sale. One package grants one quota kind. */
export const ProductPackage = z.object({
  id: z.number().int(),
  code: z.string().describe('稳定的套餐代码，如 check_pro_5'),
  service: QuotaKind.describe('所属服务'),
  edition: z.string().describe('适用版本，如 professional'),
  name: z.string(),
  description: z.string(),
  quotaKind: QuotaKind,
  quotaAmount: z.number().int().describe('到账额度（次/字/篇/份/条）'),
  priceFen: z.number().int().describe('售价（分）'),
  listPriceFen: z.number().int().describe('按单价折算的原价（分），用于显示优惠'),
  badge: z.string().describe('角标，如「推荐」；可为空'),
  sort: z.number().int(),
  available: z.boolean().describe('服务已上线、可购买；否则显示「即将上线」'),
});
export type ProductPackage = z.infer<typeof ProductPackage>;

/** Body of `query_list` (paging travels in the query string). */
export const ProductFilter = z
  .object({ service: QuotaKind.optional().describe('按服务筛选') })
  .nullable()
  .optional()
  .transform((v) => v ?? {});
export type ProductFilter = z.infer<typeof ProductFilter>;

/** product_package_api: the packages on sale (public: the package page is shown before login too). */
export const productEndpoints = group(
  '/api/base/product_package_api',
  {
    query_list: {
      summary: '套餐列表（分页在查询参数，筛选在请求体：service 按服务）',
      query: PageQuery,
      body: ProductFilter,
      result: page(ProductPackage),
    },
    load_by_id: { summary: '套餐详情', query: IdQuery, result: ProductPackage },
  },
  'guest',
);
