import { useQuery } from '@tanstack/react-query';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { editionPrices, numberSetting } from '../../shared/billing/publicConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

export { confirmPath, contentPath } from '../../shared/paths/writing.ts';

/** Public prices (`price.writing.*`) and the free outline allowance (`limit.writing.outlinesPerDay`). */
export function useWritingConfig() {
  return useQuery({
    queryKey: queryKeys.sysConfig('writing'),
    queryFn: async () => {
      const [prices, limits] = await Promise.all([
        loadAllByEntity({ prefix: 'price.writing.' }, { silent: true }),
        loadAllByEntity({ prefix: 'limit.writing.' }, { silent: true }),
      ]);
      const fen = editionPrices(prices.result, 'writing', ['standard', 'thesis']);
      return {
        standardFen: fen.standard ?? null,
        thesisFen: fen.thesis ?? null,
        outlinesPerDay: numberSetting(limits.result, 'limit.writing.outlinesPerDay', 10),
      };
    },
    staleTime: 60_000,
  });
}
