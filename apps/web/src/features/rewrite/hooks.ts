import { useQuery } from '@tanstack/react-query';
import { type MachineEdition, PriceEntry } from '@paperdesk/contracts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** Unit prices (`price.rewrite.*`), limits (`limit.rewrite.*`) and whether a model serves 降重 (`feature.llm`). */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.sysConfig('machine'),
    queryFn: async () => {
      const entries = (await loadAllByEntity({}, { silent: true })).result;
      const prices: Partial<Record<MachineEdition, number>> = {};
      let maxChars = 100_000;
      let modelAvailable = false;
      for (const e of entries) {
        if (e.key.startsWith('price.rewrite.')) {
          const edition = e.key.slice('price.rewrite.'.length);
          const parsed = PriceEntry.safeParse(e.value);
          if (parsed.success && (edition === 'standard' || edition === 'cnki'))
            prices[edition] = parsed.data.fen;
        } else if (e.key === 'limit.rewrite.maxChars' && typeof e.value === 'number') {
          maxChars = e.value;
        } else if (e.key === 'feature.llm') {
          const features = (e.value as { features?: Record<string, boolean> } | null)?.features;
          modelAvailable = features?.rewrite === true;
        }
      }
      return { prices, maxChars, modelAvailable };
    },
    staleTime: 60_000,
  });
}
