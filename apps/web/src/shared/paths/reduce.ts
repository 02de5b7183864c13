/**
 * Whole-paper 降重 and 降AIGC URLs (spec §2): the submit pages, the report-aimed 知网 page, the records and
 * the side-by-side result. Plain strings, no other imports: the home page's recent list loads this.
 */
export const reducePaths = {
  group: '/papermachinesubmit',
  similarity: '/papermachinesubmit/papermachine',
  aigc: '/papermachinesubmit/aigc',
  machineGroup: '/papermachine',
  records: '/papermachine/list',
  cnki: '/papermachine/cnki',
  content: '/papermachine/content/:id',
  aigcdownGroup: '/aigcdown',
  aigcdown: '/aigcdown/machine',
  aigcRecords: '/aigc/list',
} as const;

/** The top navigation's 降AIGC item (spec §2), where a 降AIGC record's page stands. */
export const AIGC_NAV_INDEX = 6;

export const reduceContentPath = (id: number) => `/papermachine/content/${id}`;
