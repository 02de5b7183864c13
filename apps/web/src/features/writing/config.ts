import { PriceEntry } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
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
      const fen = (edition: string) => {
        const p = PriceEntry.safeParse(
          prices.result.find((e) => e.key === `price.writing.${edition}`)?.value,
        );
        return p.success ? p.data.fen : null;
      };
      const perDay = limits.result.find((e) => e.key === 'limit.writing.outlinesPerDay')?.value;
      return {
        standardFen: fen('standard'),
        thesisFen: fen('thesis'),
        outlinesPerDay: typeof perDay === 'number' ? perDay : 10,
      };
    },
    staleTime: 60_000,
  });
}
