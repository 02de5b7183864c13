export { billingCharCount, isSpaceCode, normalizedCharCount } from './count.ts';
export { decodeText, type TextEncodingName } from './decode.ts';
export {
  type Block,
  type BlockKind,
  type DocumentText,
  documentText,
  type ParsedDocument,
  type PlacedBlock,
  textToDocument,
} from './document.ts';
export {
  isTextkitError,
  isTextkitErrorCode,
  TEXTKIT_ERROR_CODES,
  TextkitError,
  type TextkitErrorCode,
  type TextkitErrorKind,
  textkitMessage,
} from './errors.ts';
export { fmix32, type Random, seededRandom } from './hash.ts';
export { headingLevel } from './headings.ts';
export type { HiddenReason, HiddenText } from './hidden-text.ts';
export { DEFAULT_READ_LIMITS, type ReadLimits } from './limits.ts';
export {
  type MatchingCodes,
  matchingCodes,
  type NormalizedText,
  type NormalizeOptions,
  normalize,
  normalizeForMatching,
  normalizeText,
  toOriginalRange,
} from './normalize.ts';
export { type DocumentFormat, documentFormat, readDocument, readPastedText } from './read.ts';
export {
  findQuotedCitations,
  findReferences,
  parseReferenceEntry,
  type QuotedCitation,
  type ReferenceEntry,
  type ReferenceSection,
} from './references.ts';
export { type SentenceSpan, splitSentences } from './sentences.ts';
// reading and writing back a user's .docx package (packages/documents rewrites its paragraphs)
export { readMainDocumentPart } from './docx-package.ts';
export { resolveLimits } from './limits.ts';
export { inflateEntry, readZipDirectory, replaceZipEntry, type ZipEntry } from './zip.ts';
// a plagiarism checker's report (知网, 维普, 万方, PaperPass, PaperDesk) and where its flagged passages are in a paper
export {
  type CheckerReport,
  type CheckerVendor,
  type FlaggedRange,
  type FlaggedSpan,
  matchReportToPaper,
  PAPERDESK_REPORT_KEY,
  parseCheckerReportHtml,
  parseCheckerReportText,
  type ReportPaperMatch,
  readCheckerReport,
} from './checker-report/index.ts';
export {
  type CharacterTricks,
  findCharacterTricks,
  foldTable,
  isInvisibleCode,
  type TrickKind,
  type TrickSpan,
} from './tricks.ts';
export { type DiffOp, type DiffOptions, diffText, foldIslands } from './diff.ts';
