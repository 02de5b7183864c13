import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/** Paging travels in the query string of every `query_list` call (spec §7: query params plus a data body). */
export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码，从 1 开始'),
  pageSize: z.coerce.number().int().min(1).max(100).default(10).describe('每页条数，最多 100'),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { records: T[]; total: number; pageNo: number; pageSize: number };

/** Any record list call: paging in the query, a filter in the body, a page of records answered. */
export type ListEndpoint = Endpoint<typeof PageQuery, z.ZodType, z.ZodType<Page<unknown>>>;

/** `?id=` on load_by_id / delete style calls. */
export const IdQuery = z.object({ id: z.coerce.number().int().positive().describe('记录 ID') });
export type IdQuery = z.infer<typeof IdQuery>;
