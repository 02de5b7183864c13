import { PriceEntry } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadAllByEntity } from '../../api/sysConfig.ts';

/** Where a record is confirmed: the 毕业论文 page takes the id as a query parameter (spec §2). */
export const confirmPath = (r: { id: number; paperType: string }) =>
  r.paperType === 'thesis' ? `/paperwirte/biye?id=${r.id}` : `/paperwirte/wirte/${r.id}`;
export const contentPath = (id: number) => `/paperwirte/content/${id}`;

/** Public prices (`price.writing.*`) and the free outline allowance (`limit.writing.outlinesPerDay`). */
export function useWritingConfig() {
  return useQuery({
    queryKey: ['sysConfig', 'writing'],
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
