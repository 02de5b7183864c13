import type { Page } from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/**
 * The list call of each record group as plain strings: the home page's recent records load without the
 * contracts' schemas (a lazily loaded 40 KB chunk the first screen does not need). latest.test.ts checks they
 * are exactly the endpoint definitions' paths.
 */
export const LIST_PATHS = {
  check: '/api/base/check_api/query_list',
  aigc: '/api/base/paper_aigc_api/query_list',
  machine: '/api/base/machine_api/query_list',
  ppt: '/api/base/ai_ppt_info_api/query_list',
  writing: '/api/base/paper_info_api/query_list',
  reduce: '/api/base/paper_machine_api/query_list',
} as const;

/** A user's latest records of one group (first page, newest first, silent on failure). */
export async function latestRecords<T>(group: keyof typeof LIST_PATHS, limit: number): Promise<T[]> {
  const page = await request<Page<T>>(LIST_PATHS[group], {
    params: { pageNo: 1, pageSize: limit },
    data: {},
    silent: true,
  });
  return page.result.records;
}
