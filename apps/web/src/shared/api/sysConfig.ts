import type { SysConfigEntity, SysConfigEntry } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/**
 * `ai_sys_config_api`: public configuration (prices, limits, PPT options, features). Typed by path rather than
 * by the contracts' endpoint objects: every first screen reads it, and the endpoints carry the zod schemas,
 * which would put zod into the 300 KB initial bundle (tests/e2e/shell.test.ts).
 */
const BASE = '/api/base/ai_sys_config_api';

export function loadAllByEntity(entity: SysConfigEntity = {}, opts: { silent?: boolean } = {}) {
  return request<SysConfigEntry[]>(`${BASE}/f/load_all_by_entity`, {
    data: entity,
    silent: opts.silent ?? false,
  });
}

export function loadById(id: string, opts: { silent?: boolean } = {}) {
  return request<SysConfigEntry>(`${BASE}/f/load_by_id`, { params: { id }, silent: opts.silent ?? false });
}
