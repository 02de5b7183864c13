/** AIGC检测 URLs (spec §2). */
export const aigcPaths = {
  group: '/aigccheck',
  upload: '/aigccheck/check',
  records: '/aigccheck/list',
  content: '/aigccheck/content/:id',
} as const;

export const aigcContentPath = (id: number) => `/aigccheck/content/${id}`;
