import { type SysConfigEntity, sysConfigEndpoints as ep } from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';

/** `ai_sys_config_api`: public configuration (prices, limits, PPT options, features). */
export const loadAllByEntity = (entity: SysConfigEntity = {}, opts: { silent?: boolean } = {}) =>
  call(ep.load_all_by_entity, { body: entity, silent: opts.silent ?? false });

export const loadById = (id: string, opts: { silent?: boolean } = {}) =>
  call(ep.load_by_id, { query: { id }, silent: opts.silent ?? false });
