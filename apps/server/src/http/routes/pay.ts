import { payEndpoints } from '@paperdesk/contracts';
import { ok } from '../envelope.ts';
import { userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

const tags = ['pay_api 付款方式'];

/** `pay_api`: how one unpaid record can be paid and what each way costs (the confirm page's pay choice). */
export const payRoutes: RouteModule = async (app, ctx) => {
  userRoute(app, tags, payEndpoints.pay_options, async (c) =>
    ok(await ctx.billing.payOptions(c.userId, c.query)),
  );
  userRoute(app, tags, payEndpoints.job_options, async (c) =>
    ok(await ctx.billing.jobPayOptions(c.userId, c.query)),
  );
};
