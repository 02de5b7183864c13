import { routes } from '../endpoint.ts';

/** The paid-record groups' base paths (their endpoints: `endpoints.ts`). */
export const RECORD_BASES = {
  check: '/api/base/check_api',
  aigc: '/api/base/paper_aigc_api',
  machine: '/api/base/machine_api',
  ppt: '/api/base/ai_ppt_info_api',
  writing: '/api/base/paper_info_api',
  reduce: '/api/base/paper_machine_api',
} as const;

const list = (base: string) => routes(base, { query_list: {} }).query_list;

/** Each group's record list: the home page's recent records ask these on the first screen. */
export const recordListRoutes = {
  check: list(RECORD_BASES.check),
  aigc: list(RECORD_BASES.aigc),
  machine: list(RECORD_BASES.machine),
  ppt: list(RECORD_BASES.ppt),
  writing: list(RECORD_BASES.writing),
  reduce: list(RECORD_BASES.reduce),
};
