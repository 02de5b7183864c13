import { z } from 'zod';
import { withSchemas } from './endpoint.ts';
import { sysConfigRoutes } from './routes/sysConfig.ts';

/**
 * `ai_sys_config_api`: settings the pages may read (prices, limits, PPT options, which AI features
 * are available). Only keys under the public prefixes are served; the rest stay server-side.
 */
export const PUBLIC_CONFIG_PREFIXES = ['price.', 'limit.', 'site.', 'ppt.', 'feature.'] as const;

export const SysConfigEntity = z
  .object({
    key: z.string().max(100).optional().describe('精确匹配的键'),
    prefix: z.string().max(100).optional().describe('键前缀，如 price. 读取全部价格'),
  })
  .default({});
export type SysConfigEntity = z.infer<typeof SysConfigEntity>;

export const SysConfigEntry = z.object({
  id: z.string().describe('与 key 相同（load_by_id 按它读取）'),
  key: z.string(),
  value: z.unknown().describe('JSON 值'),
  description: z.string(),
  updatedAt: z.string(),
});
export type SysConfigEntry = z.infer<typeof SysConfigEntry>;

export const SysConfigIdQuery = z.object({ id: z.string().min(1).max(100) });

/** ai_sys_config_api: the public settings (prices, limits, PPT options, features on). */
export const sysConfigEndpoints = withSchemas(sysConfigRoutes, {
  load_all_by_entity: {
    summary: '按条件读取公开配置（价格、字数上限、PPT 选项、可用功能）',
    body: SysConfigEntity.nullable().optional(),
    result: z.array(SysConfigEntry),
  },
  load_by_id: { summary: '读取一项公开配置', query: SysConfigIdQuery, result: SysConfigEntry },
});
