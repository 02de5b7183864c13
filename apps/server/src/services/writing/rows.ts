import type { Selectable } from 'kysely';
import type { WritingRecordsTable, WritingSectionsTable } from '../../db/tables/writing.ts';
import type { PaperBrief } from './model-calls.ts';
import type { FlatSection } from './outline.ts';

export type RecordRow = Selectable<WritingRecordsTable>;
export type SectionRow = Selectable<WritingSectionsTable>;

export const briefOf = (r: RecordRow): PaperBrief => ({
  title: r.title,
  paperType: r.paperType,
  discipline: r.discipline,
  language: r.language,
  targetWords: r.targetWords,
  keywords: r.keywords,
  requirements: r.requirements,
});

export const toFlat = (s: SectionRow): FlatSection => ({
  ord: s.ord,
  path: s.path,
  level: s.level,
  heading: s.heading,
  brief: s.brief,
  leaf: s.leaf === 1,
});
