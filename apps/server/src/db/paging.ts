import type { Page, PageQuery } from '@paperdesk/contracts';
import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a list query plus the total count. `rows` is the filtered query with its selection and
 * ordering; the count runs on the same query with both cleared (PostgreSQL refuses ORDER BY next to count(*)).
 */
export async function selectPage<DB, TB extends keyof DB, O, R>(
  rows: SelectQueryBuilder<DB, TB, O>,
  paging: PageQuery,
  map: (row: O) => R,
): Promise<Page<R>> {
  // With a generic DB Kysely cannot narrow the row type of the count; it is `{ n }` (a string on PostgreSQL).
  const total = (await rows
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()) as { n: number | string } | undefined;
  const page = await rows
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize)
    .execute();
  return {
    records: page.map(map),
    total: Number(total?.n ?? 0),
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
}

/** `s` for a LIKE pattern with its wildcards taken literally (the query says `escape '\\'`). */
export const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
