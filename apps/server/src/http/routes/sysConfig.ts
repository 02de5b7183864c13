import { PUBLIC_CONFIG_PREFIXES, sysConfigEndpoints as ep } from '@paperdesk/contracts';
import { notFound } from '../errors.ts';
import { ok } from '../envelope.ts';
import { guestRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

const isPublic = (key: string) => PUBLIC_CONFIG_PREFIXES.some((p) => key.startsWith(p));
const toEntry = (row: { key: string; value: string; description: string; updatedAt: string }) => ({
  id: row.key,
  key: row.key,
  value: JSON.parse(row.value) as unknown,
  description: row.description,
  updatedAt: row.updatedAt,
});

export const sysConfigRoutes: RouteModule = (app, ctx) => {
  const tags = ['ai_sys_config_api 配置'];
  guestRoute(app, tags, ep.load_all_by_entity, async (c) => {
    const entity = c.body ?? {};
    const rows = await ctx.sysConfig.list(entity.prefix ?? entity.key ?? '');
    return ok(rows.filter((r) => isPublic(r.key) && (!entity.key || r.key === entity.key)).map(toEntry));
  });
  guestRoute(app, tags, ep.load_by_id, async (c) => {
    const [row] = (await ctx.sysConfig.list(c.query.id)).filter((r) => r.key === c.query.id);
    if (!row || !isPublic(row.key)) throw notFound('配置项不存在');
    return ok(toEntry(row));
  });
};
