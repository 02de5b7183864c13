import { useQuery } from '@tanstack/react-query';
import type { MachineEdition } from '@paperdesk/contracts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { editionPrices, numberSetting } from '../../shared/billing/publicConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** Unit prices (`price.rewrite.*`), limits (`limit.rewrite.*`) and whether a model serves 降重 (`feature.llm`). */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.sysConfig('machine'),
    queryFn: async () => {
      const entries = (await loadAllByEntity({}, { silent: true })).result;
      const features = (
        entries.find((e) => e.key === 'feature.llm')?.value as
          | { features?: Record<string, boolean> }
          | null
          | undefined
      )?.features;
      return {
        prices: editionPrices<MachineEdition>(entries, 'rewrite', ['standard', 'cnki']),
        maxChars: numberSetting(entries, 'limit.rewrite.maxChars', 100_000),
        modelAvailable: features?.rewrite === true,
      };
    },
    staleTime: 60_000,
  });
}
