/**
 * What GB/T 7714 asks of an entry that this one does not give: the one list of format problem kinds. It has no
 * imports, so `@paperdesk/contracts` builds its wire enum from it (`@paperdesk/references/problem-kinds`)
 * without taking in the engine.
 */
export const PROBLEM_KINDS = [
  'author_form',
  'et_al',
  'punctuation',
  'type_code',
  'missing_element',
  'width',
  'access_date',
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];
