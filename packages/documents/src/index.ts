/**
 * @paperdesk/documents: writers for the files users download. Plain library — no HTTP, no database:
 * give it a report (or a document model) and get bytes back.
 */
export {
  type CheckReportPdfOptions,
  type CheckReportVariant,
  renderCheckReportPdf,
} from './check-report-pdf.ts';
export { renderCheckReportHtml } from './check-report-html.ts';
export { FONT_FILES } from './fonts.ts';
export { beijingTime, flaggedSpans, percent, reportNumber, segments, type Segment } from './format.ts';
export {
  type PaperDocument,
  type PaperSection,
  renderPaperDocx,
  type ThesisCover,
} from './paper-docx.ts';
export {
  type RewriteDocument,
  type RewriteParagraph,
  renderRewriteDocx,
} from './rewrite-docx.ts';
export { type DiffPiece, diffRewrite } from './text-diff.ts';
export {
  type Bullet,
  type Deck,
  DeckError,
  type DeckErrorCode,
  type DeckPalette,
  type DeckTemplateInfo,
  layoutDeckSlides,
  listDeckTemplates,
  renderDeck,
  type Slide,
  type SlidePlan,
} from './deck/index.ts';
export {
  AIGC_BAND_COLORS,
  type AigcReportPdfOptions,
  aigcRuns,
  renderAigcReportPdf,
} from './aigc-report-pdf.ts';
export {
  type ParagraphEdit,
  type RewriteDocxOptions,
  type RewriteDocxResult,
  rewriteDocx,
} from './docx-rewrite/index.ts';
