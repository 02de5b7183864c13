import { envelope, IdQuery, PageQuery, page, ProductFilter, ProductPackage } from '@paperdesk/contracts';
import { ok } from '../envelope.ts';
import type { RouteModule } from './types.ts';

/** `product_package_api`: the packages on sale (public: the package page is shown before login too). */
export const productRoutes: RouteModule = (app, ctx) => {
  const BASE = '/api/base/product_package_api';
  const tags = ['product_package_api 套餐'];

  app.post(
    `${BASE}/query_list`,
    {
      schema: {
        tags,
        summary: '套餐列表（分页在查询参数，筛选在请求体：service 按服务）',
        querystring: PageQuery,
        body: ProductFilter,
        response: { 200: envelope(page(ProductPackage)) },
      },
    },
    async (req) => ok(await ctx.billing.listProducts(req.query, req.body)),
  );

  app.post(
    `${BASE}/load_by_id`,
    {
      schema: {
        tags,
        summary: '套餐详情',
        querystring: IdQuery,
        response: { 200: envelope(ProductPackage) },
      },
    },
    async (req) => ok(await ctx.billing.product(req.query.id)),
  );
};
