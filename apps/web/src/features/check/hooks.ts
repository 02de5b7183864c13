import { useQuery } from '@tanstack/react-query';
import type { CheckEdition } from '@paperdesk/contracts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { editionPrices, numberSetting } from '../../shared/billing/publicConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** Unit prices from the public `price.check.*` entries (billing seeds them; admins change them). */
export function useUnitPrices() {
  return useQuery({
    queryKey: queryKeys.sysConfig('price.check.'),
    queryFn: async () => {
      const entries = (await loadAllByEntity({ prefix: 'price.check.' }, { silent: true })).result;
      return editionPrices<CheckEdition>(entries, 'check', ['standard', 'professional']);
    },
    staleTime: 60_000,
  });
}

/** Public limits (`limit.check.*`): upload size and the longest paper. */
export function useLimits() {
  return useQuery({
    queryKey: queryKeys.sysConfig('limit.check.'),
    queryFn: async () => {
      const entries = (await loadAllByEntity({ prefix: 'limit.check.' }, { silent: true })).result;
      return {
        maxUploadMb: numberSetting(entries, 'limit.check.maxUploadMb', 20),
        maxChars: numberSetting(entries, 'limit.check.maxChars', 300_000),
      };
    },
    staleTime: 60_000,
  });
}
