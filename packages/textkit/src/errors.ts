export type TextkitErrorCode =
  | 'EMPTY_TEXT'
  | 'IMAGE_ONLY_PDF'
  | 'UNREADABLE_FILE'
  | 'UNSUPPORTED_TYPE'
  | 'INFLATED_TOO_LARGE'
  | 'TOO_MANY_BLOCKS'
  | 'TOO_MANY_PAGES'
  | 'TOO_LONG'
  | 'PARSE_TIMEOUT'
  | 'NOT_A_REPORT'
  | 'REPORT_MISMATCH';

/**
 * What kind of refusal a code is, so a caller can choose its answer without knowing every code:
 * 'unsupported' (not a format we read), 'too-large' (a cap was hit), 'unreadable' (anything else).
 */
export type TextkitErrorKind = 'unsupported' | 'too-large' | 'unreadable';

const MESSAGES: Record<TextkitErrorCode, string> = {
  EMPTY_TEXT: '文档中没有可识别的文字',
  IMAGE_ONLY_PDF: 'PDF 没有文字层（可能是扫描件），请上传可复制文字的 PDF 或 Word',
  UNREADABLE_FILE: '文件已损坏或已加密，无法读取',
  UNSUPPORTED_TYPE: '仅支持 .docx、.pdf、.txt 文件',
  INFLATED_TOO_LARGE: '文件解压后过大，可能不是正常的论文文档',
  TOO_MANY_BLOCKS: '文档段落过多，可能不是正常的论文文档',
  TOO_MANY_PAGES: 'PDF 页数过多，超出可处理的上限',
  TOO_LONG: '文档文字过多，超出可处理的上限',
  PARSE_TIMEOUT: '文件解析超时，可能不是正常的论文文档',
  NOT_A_REPORT: '这不是查重报告，请上传知网、维普、万方或 PaperPass 的检测报告（PDF/HTML）',
  REPORT_MISMATCH: '报告内容与论文不一致，请确认上传的是这篇论文的查重报告',
};

const KINDS: Record<TextkitErrorCode, TextkitErrorKind> = {
  EMPTY_TEXT: 'unreadable',
  IMAGE_ONLY_PDF: 'unreadable',
  UNREADABLE_FILE: 'unreadable',
  UNSUPPORTED_TYPE: 'unsupported',
  INFLATED_TOO_LARGE: 'too-large',
  TOO_MANY_BLOCKS: 'too-large',
  TOO_MANY_PAGES: 'too-large',
  TOO_LONG: 'too-large',
  PARSE_TIMEOUT: 'unreadable',
  // a file that reads but is the wrong thing: answered like an unreadable file (422)
  NOT_A_REPORT: 'unreadable',
  REPORT_MISMATCH: 'unreadable',
};

/** Every code, e.g. to rebuild a TextkitError from `{ code }` sent back by a worker thread. */
export const TEXTKIT_ERROR_CODES = Object.keys(MESSAGES) as TextkitErrorCode[];

export function isTextkitErrorCode(value: unknown): value is TextkitErrorCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** The Chinese message shown for a code (the worker pool builds PARSE_TIMEOUT errors from it too). */
export function textkitMessage(code: TextkitErrorCode): string {
  return MESSAGES[code];
}

/** A document could not be read; `message` is shown to the user as is, `code` is for programs. */
export class TextkitError extends Error {
  readonly code: TextkitErrorCode;
  readonly kind: TextkitErrorKind;
  constructor(code: TextkitErrorCode, options?: { cause?: unknown }) {
    super(MESSAGES[code], options);
    this.name = 'TextkitError';
    this.code = code;
    this.kind = KINDS[code];
  }
}

export function isTextkitError(e: unknown): e is TextkitError {
  return e instanceof TextkitError;
}
