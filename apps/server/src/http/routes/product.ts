import { productEndpoints as ep } from '@paperdesk/contracts';
import { ok } from '../envelope.ts';
import { guestRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

/** `product_package_api`: the packages on sale (public: the package page is shown before login too). */
export const productRoutes: RouteModule = (app, ctx) => {
  const tags = ['product_package_api 套餐'];
  guestRoute(app, tags, ep.query_list, async (c) => ok(await ctx.billing.listProducts(c.query, c.body)));
  guestRoute(app, tags, ep.load_by_id, async (c) => ok(await ctx.billing.product(c.query.id)));
};
