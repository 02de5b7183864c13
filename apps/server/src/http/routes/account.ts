import { AccountSummary, envelope } from '@paperdesk/contracts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import type { RouteModule } from './types.ts';

export const accountRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/base/account_info_api/account',
    {
      schema: {
        tags: ['account_info_api 账户'],
        summary: '账户概览：余额、各服务额度、每日免费查重状态',
        response: { 200: envelope(AccountSummary) },
      },
    },
    async (req) => ok(await ctx.accountSummary(requireUser(req).id)),
  );
};
