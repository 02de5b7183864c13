import type { SysConfigEntity, SysConfigEntry } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/** `ai_sys_config_api`: public configuration (prices, limits, PPT options, features). */
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
