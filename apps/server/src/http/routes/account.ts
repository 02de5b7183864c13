import { accountEndpoints as ep } from '@paperdesk/contracts';
import { ok } from '../envelope.ts';
import { userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

export const accountRoutes: RouteModule = (app, ctx) => {
  userRoute(app, ['account_info_api 账户'], ep.account, async (c) => ok(await ctx.accountSummary(c.userId)));
};
