import { accountWire as ep } from '@paperdesk/contracts/wire';
import { call } from '../../utils/request.ts';

/**
 * `account_info_api`: balance, quotas and free-check state of the signed-in user. By the endpoint's wire part,
 * as `sysConfig.ts`: the signed-in first screen reads it.
 */
export function getAccount(opts: { silent?: boolean } = {}) {
  return call(ep.account, { silent: opts.silent ?? false });
}
