import { referenceEndpoints as ep } from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { userRoute } from './factory.ts';
import type { ZodApp } from './types.ts';

/** reference_api: 参考文献核查 of a list on its own (free; the parse runs in the compute pool). */
export function referenceRoutes(app: ZodApp, ctx: AppContext) {
  const tags = ['reference_api'];
  userRoute(app, tags, ep.check, async ({ userId, body }) =>
    ok(await ctx.checks.references.checkList(userId, body.text, body.standard ?? '2015')),
  );
}
