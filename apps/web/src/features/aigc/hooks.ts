import { useQuery } from '@tanstack/react-query';
import { PriceEntry } from '@paperdesk/contracts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
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
      const price = PriceEntry.safeParse(
        prices.result.find((e) => e.key === 'price.aigc_check.standard')?.value,
      );
      const mb = limits.result.find((e) => e.key === 'limit.aigc.maxUploadMb')?.value;
      return {
        unitFen: price.success ? price.data.fen : undefined,
        maxUploadMb: typeof mb === 'number' ? mb : 20,
      };
    },
    staleTime: 60_000,
  });
}
