export type TextkitErrorCode = 'EMPTY_TEXT' | 'IMAGE_ONLY_PDF' | 'UNREADABLE_FILE' | 'UNSUPPORTED_TYPE';

const MESSAGES: Record<TextkitErrorCode, string> = {
  EMPTY_TEXT: '文档中没有可识别的文字',
  IMAGE_ONLY_PDF: 'PDF 没有文字层（可能是扫描件），请上传可复制文字的 PDF 或 Word',
  UNREADABLE_FILE: '文件已损坏或已加密，无法读取',
  UNSUPPORTED_TYPE: '仅支持 .docx、.pdf、.txt 文件',
};

/** A document could not be read; `message` is shown to the user as is, `code` is for programs. */
export class TextkitError extends Error {
  readonly code: TextkitErrorCode;
  constructor(code: TextkitErrorCode, options?: { cause?: unknown }) {
    super(MESSAGES[code], options);
    this.name = 'TextkitError';
    this.code = code;
  }
}

export function isTextkitError(e: unknown): e is TextkitError {
  return e instanceof TextkitError;
}
