import type { AccountSummary } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/** `account_info_api`: balance, quotas and free-check state of the signed-in user. */
export function getAccount(opts: { silent?: boolean } = {}) {
  return request<AccountSummary>('/api/base/account_info_api/account', {
    method: 'GET',
    silent: opts.silent ?? false,
  });
}
