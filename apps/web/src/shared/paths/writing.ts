/** AI 论文写作 URLs (spec §2). Plain strings, no other imports: the home page's recent list loads this. */
export const writingPaths = {
  generate: '/papergc/gc',
  records: '/paperwirte/report',
  confirm: '/paperwirte/wirte/:id',
  thesis: '/paperwirte/biye',
  content: '/paperwirte/content/:id',
} as const;

/** Where a record is confirmed: the 毕业论文 page takes the id as a query parameter (spec §2). */
export const confirmPath = (r: { id: number; paperType: string }) =>
  r.paperType === 'thesis' ? `${writingPaths.thesis}?id=${r.id}` : `/paperwirte/wirte/${r.id}`;
export const contentPath = (id: number) => `/paperwirte/content/${id}`;
