import {
  PriceEntry,
  REDUCE_PRICING,
  type ReduceKind,
  type ReducePath,
  type ReduceQuote,
} from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { queryKeys } from '../../shared/records/queries.ts';

/** The unit prices (fen per thousand characters) of both paths of a kind, from the public configuration. */
export function usePublicPrices(kind: ReduceKind) {
  return useQuery({
    queryKey: queryKeys.sysConfig(`price.reduce.${kind}`),
    staleTime: 60_000,
    queryFn: async () => {
      const entries = (await loadAllByEntity({}, { silent: true })).result;
      const { service, edition } = REDUCE_PRICING[kind];
      const out: Partial<Record<ReducePath, number>> = {};
      for (const path of ['offline', 'model'] as const) {
        const entry = entries.find((e) => e.key === `price.${service}.${edition[path]}`);
        const parsed = PriceEntry.safeParse(entry?.value);
        if (parsed.success) out[path] = parsed.data.fen;
      }
      return out;
    },
  }).data;
}

export type UnitPrices = Partial<Record<ReducePath, number>>;

/** Unit prices from a count's quotes when there is one, else the public ones. */
export function unitPrices(
  quotes: readonly ReduceQuote[] | undefined,
  fallback: UnitPrices | undefined,
): UnitPrices {
  if (!quotes) return fallback ?? {};
  return Object.fromEntries(quotes.map((q) => [q.path, q.unitPriceFen]));
}
