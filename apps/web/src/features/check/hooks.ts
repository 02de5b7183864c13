import { useQuery } from '@tanstack/react-query';
import { type CheckEdition, PriceEntry } from '@paperdesk/contracts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** Unit prices from the public `price.check.*` entries (billing seeds them; admins change them). */
export function useUnitPrices() {
  return useQuery({
    queryKey: queryKeys.sysConfig('price.check.'),
    queryFn: async () => {
      const entries = (await loadAllByEntity({ prefix: 'price.check.' }, { silent: true })).result;
      const out: Partial<Record<CheckEdition, number>> = {};
      for (const e of entries) {
        const edition = e.key.slice('price.check.'.length);
        const parsed = PriceEntry.safeParse(e.value);
        if (parsed.success && (edition === 'standard' || edition === 'professional'))
          out[edition] = parsed.data.fen;
      }
      return out;
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
      const get = (k: string, d: number) => {
        const v = entries.find((e) => e.key === `limit.check.${k}`)?.value;
        return typeof v === 'number' ? v : d;
      };
      return { maxUploadMb: get('maxUploadMb', 20), maxChars: get('maxChars', 300_000) };
    },
    staleTime: 60_000,
  });
}
