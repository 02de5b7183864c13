import { accountEndpoints } from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';

/** `account_info_api`: balance, quotas and free-check state of the signed-in user. */
export const getAccount = (opts: { silent?: boolean } = {}) =>
  call(accountEndpoints.account, { silent: opts.silent ?? false });
