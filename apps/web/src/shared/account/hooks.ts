import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../records/queries.ts';
import { getAccount } from '../api/account.ts';

/** The signed-in user's wallet, quota and free-check state, shared by every page under one key (errors silent). */
export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: async () => (await getAccount({ silent: true })).result,
    enabled: options.enabled ?? true,
  });
}
