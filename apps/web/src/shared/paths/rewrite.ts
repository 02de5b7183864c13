/** 论文降重 URLs (spec §2): 智能降重, 知网专版 and the /machine/* records and results. */
export const rewritePaths = {
  group: '/nlp',
  smart: '/nlp/machine',
  cnki: '/cnki/cnki',
  records: '/machine/list',
  submit: '/machine/submit/:id',
  result: '/machine/content/:id',
} as const;

export const rewriteSubmitPath = (id: number) => `/machine/submit/${id}`;
export const rewriteResultPath = (id: number) => `/machine/content/${id}`;
/** A record waiting for payment opens its confirm page, any other its result. */
export const rewriteRecordPath = (r: { id: number; status: string }) =>
  r.status === 'created' ? rewriteSubmitPath(r.id) : rewriteResultPath(r.id);
