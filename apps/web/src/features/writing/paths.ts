/** Where a record is confirmed: the 毕业论文 page takes the id as a query parameter (spec §2). */
export const confirmPath = (r: { id: number; paperType: string }) =>
  r.paperType === 'thesis' ? `/paperwirte/biye?id=${r.id}` : `/paperwirte/wirte/${r.id}`;
export const contentPath = (id: number) => `/paperwirte/content/${id}`;
