export {
  type AnalysedList,
  analyseDocument,
  analyseList,
  analysePaper,
  verifyAnalysed,
  type CheckOptions,
  checkEntries,
  checkPaperReferences,
  checkPastedList,
  type EntryCheck,
  NO_LIST_MESSAGE,
  type ReferenceCheck,
} from './check.ts';
export { type CitationReport, checkCitations, citedNumbers } from './citations.ts';
export {
  CITATION_NEEDED,
  formatRecord,
  numberCitations,
  type RepairedText,
  repairCitations,
} from './cite.ts';
export { cleanEntry, decodeText, foldMarks, MAX_ENTRY_CHARS } from './clean.ts';
export { findReferenceList, MAX_ENTRIES, splitEntries } from './find-list.ts';
export {
  checkFormat,
  type FormatCheck,
  type FormatProblem,
  formatFields,
  gbName,
  PROBLEM_KINDS,
  type ProblemKind,
} from './format.ts';
export { detectFormat, type ExportFormat, ImportError, importRecords, MAX_IMPORT_RECORDS } from './import.ts';
export { type ParsedEntry, parseEntry } from './parse.ts';
export { crossrefRecord, openAlexRecord, readCatalogue } from './records.ts';
export { RecordIndex, tokenize } from './retrieve.ts';
export { mainTitle, normTitle, surnameKey, titleKeys, titleMatch, titleSimilarity } from './similarity.ts';
export { CrossrefSource, MemorySource, OpenAlexSource, type ProviderConfig } from './sources.ts';
export {
  emptyFields,
  fieldsOf,
  type Lang,
  type RefFields,
  type RefRecord,
  type Standard,
  TYPE_CODES,
  type TypeCode,
} from './types.ts';
export { type RecordQuery, type RecordSource, type Verdict, verifyEntry } from './verify.ts';
