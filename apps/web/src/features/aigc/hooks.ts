import { useQuery } from '@tanstack/react-query';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { editionPrices, numberSetting } from '../../shared/billing/publicConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** The public unit price (`price.aigc_check.standard`) and upload limit (`limit.aigc.maxUploadMb`). */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.sysConfig('aigc'),
    queryFn: async () => {
      const [prices, limits] = await Promise.all([
        loadAllByEntity({ prefix: 'price.aigc_check.' }, { silent: true }),
        loadAllByEntity({ prefix: 'limit.aigc.' }, { silent: true }),
      ]);
      return {
        unitFen: editionPrices(prices.result, 'aigc_check', ['standard']).standard,
        maxUploadMb: numberSetting(limits.result, 'limit.aigc.maxUploadMb', 20),
      };
    },
    staleTime: 60_000,
  });
}
