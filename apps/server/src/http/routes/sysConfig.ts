import {
  envelope,
  PUBLIC_CONFIG_PREFIXES,
  SysConfigEntity,
  SysConfigEntry,
  SysConfigIdQuery,
} from '@paperdesk/contracts';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { ok } from '../envelope.ts';
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
  app.post(
    '/api/base/ai_sys_config_api/f/load_all_by_entity',
    {
      schema: {
        tags,
        summary: '按条件读取公开配置（价格、字数上限、PPT 选项、可用功能）',
        body: SysConfigEntity.nullable().optional(),
        response: { 200: envelope(z.array(SysConfigEntry)) },
      },
    },
    async (req) => {
      const entity = req.body ?? {};
      const rows = await ctx.sysConfig.list(entity.prefix ?? entity.key ?? '');
      return ok(rows.filter((r) => isPublic(r.key) && (!entity.key || r.key === entity.key)).map(toEntry));
    },
  );
  app.post(
    '/api/base/ai_sys_config_api/f/load_by_id',
    {
      schema: {
        tags,
        summary: '读取一项公开配置',
        querystring: SysConfigIdQuery,
        response: { 200: envelope(SysConfigEntry) },
      },
    },
    async (req) => {
      const [row] = (await ctx.sysConfig.list(req.query.id)).filter((r) => r.key === req.query.id);
      if (!row || !isPublic(row.key)) throw notFound('配置项不存在');
      return ok(toEntry(row));
    },
  );
};
