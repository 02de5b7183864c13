/** AI生成PPT URLs (spec §2). */
export const slidesPaths = {
  group: '/aippt',
  generate: '/aippt/ppt',
  byTemplate: '/aippt/ppttype/:id',
  records: '/aippt/list',
} as const;

/** A deck opens on the generate page, which loads it by id. */
export const deckPath = (id: number) => `/aippt/ppt?id=${id}`;
