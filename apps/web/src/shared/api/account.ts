import type { AccountSummary } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/**
 * `account_info_api`: balance, quotas and free-check state of the signed-in user. Typed by path, not by the
 * endpoint object, for the same reason as `sysConfig.ts`: the signed-in first screen reads it.
 */
export function getAccount(opts: { silent?: boolean } = {}) {
  return request<AccountSummary>('/api/base/account_info_api/account', {
    method: 'GET',
    silent: opts.silent ?? false,
  });
}
