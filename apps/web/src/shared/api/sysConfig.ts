import type { SysConfigEntity } from '@paperdesk/contracts';
import { sysConfigWire as ep } from '@paperdesk/contracts/wire';
import { call } from '../../utils/request.ts';

/**
 * `ai_sys_config_api`: public configuration (prices, limits, PPT options, features). By the endpoints' wire
 * part: every first screen reads it, and the full endpoints would bring zod into the 300 KB initial bundle
 * (tests/e2e/shell.test.ts).
 */
export function loadAllByEntity(entity: SysConfigEntity = {}, opts: { silent?: boolean } = {}) {
  return call(ep.load_all_by_entity, { body: entity, silent: opts.silent ?? false });
}

export function loadById(id: string, opts: { silent?: boolean } = {}) {
  return call(ep.load_by_id, { query: { id }, silent: opts.silent ?? false });
}
