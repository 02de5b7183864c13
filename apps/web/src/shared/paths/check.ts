/** 论文查重 URLs (spec §2). */
export const checkPaths = {
  group: '/papercheck',
  upload: '/papercheck/check',
  records: '/paper/report',
  /** 自建库: the user's private references (not a spec URL; this product's addition). */
  personal: '/papercheck/mylib',
  /** 参考文献核查 of a list on its own (not a spec URL; free, reference_api). */
  references: '/papercheck/refs',
  submit: '/paper/submit/:id',
  report: '/paper/report/:id',
} as const;

export const checkSubmitPath = (id: number) => `/paper/submit/${id}`;
export const checkReportPath = (id: number) => `/paper/report/${id}`;
/** A check waiting for payment opens its confirm page, any other its report. */
export const checkRecordPath = (r: { id: number; status: string }) =>
  r.status === 'created' ? checkSubmitPath(r.id) : checkReportPath(r.id);
