import type { CharacterTricks, HiddenText } from '@paperdesk/textkit';

/**
 * The check report, with the figures 知网 (CNKI) reports. All offsets are UTF-16 indices into `Report.text`
 * (the checked document's blocks joined with '\n', see textkit documentText); all character counts are
 * "normalised" counts (every character except whitespace), the unit of every 复制比.
 */

/**
 * 'copy' is shown red; 'quoted' is shown yellow: inside quotation marks followed by a citation, or matched to a
 * document the paper's reference list names.
 */
export type SpanKind = 'copy' | 'quoted';

export interface SourceRef {
  docId: string;
  title: string;
  author?: string;
  source?: string;
  year?: number;
  /** 本人文献: the library document shares the checked paper's ownerKey, or an author with the declared names. */
  own: boolean;
  /** The paper's reference list names this document: its matches count as cited (kind 'quoted'). */
  cited?: boolean;
}

/** One aligned passage: a range of the checked text and the range of one library document it matches. */
export interface Match extends SourceRef {
  id: number;
  kind: SpanKind;
  start: number;
  end: number;
  text: string;
  /** Normalised character count of [start, end). */
  chars: number;
  sourceStart: number;
  sourceEnd: number;
  sourceText: string;
  /** 'exact': extended fingerprint matches; 'paraphrase': similar sentences (edited or reordered copying). */
  method: 'exact' | 'paraphrase';
  /** 0..1, how closely the passage matches. */
  similarity: number;
}

/** A highlighted, non-overlapping range of the checked text, with the matches that cover it. */
export interface FlaggedSpan {
  kind: SpanKind;
  start: number;
  end: number;
  text: string;
  chars: number;
  matchIds: number[];
}

export interface SimilarDocument extends SourceRef {
  /** Characters of the checked text matched to this document (重合字数 with it). */
  chars: number;
  /** chars / Report.totalChars: this document's 文字复制比. */
  ratio: number;
  matches: number;
}

export interface PartMetric {
  title: string;
  start: number;
  end: number;
  totalChars: number;
  overlapChars: number;
  /** Characters of overlapChars inside quoted-and-cited spans. */
  quotedChars: number;
  /** overlapChars / totalChars (0 when empty). */
  ratio: number;
  /** Same, without quoted-and-cited spans. */
  ratioExcludingQuotes: number;
}

/** A flagged piece of one block, as the report page shows it. */
export interface ParagraphSpan {
  /** Offsets inside the block's text. */
  start: number;
  end: number;
  kind: SpanKind;
  /** Index into Report.similarDocuments of the match covering most of the piece (null: none does). */
  source: number | null;
  sourceStart: number | null;
  sourceEnd: number | null;
  sourceText: string;
  /** 0..1; 1 = verbatim. */
  similarity: number;
}

/**
 * One block of the document (heading or paragraph) with its figures. Characters of the reference list are left
 * out of totalChars, as they are of Report.totalChars, so the blocks' totalChars add up to it.
 */
export interface ParagraphMetric extends PartMetric {
  blockIndex: number;
  kind: 'heading' | 'paragraph';
  /** Headings only: 0 = document title, 1 = chapter, ... */
  level: number | null;
  /** Index into Report.sections. */
  section: number;
  text: string;
  spans: ParagraphSpan[];
}

export interface Report {
  title?: string;
  /** The checked text (blocks joined with '\n'); spans and matches index into it. */
  text: string;
  /** Normalised characters that were checked (the reference list is left out). */
  totalChars: number;
  /** 重合字数: characters inside any flagged span. */
  overlapChars: number;
  /** Characters inside quoted-and-cited flagged spans. */
  quotedChars: number;
  ratios: {
    /** 总文字复制比 */
    total: number;
    /** 去除引用文献复制比: without quoted-and-cited spans. */
    excludingQuotes: number;
    /** 去除本人文献复制比: without matches to documents that share the paper's ownerKey. */
    excludingOwn: number;
    /** 单篇最大文字复制比 */
    maxSingle: number;
  };
  /** The document of 单篇最大文字复制比. */
  maxSingleSource?: SimilarDocument;
  /** 各章节复制比 (split at the top heading level in use). */
  sections: PartMetric[];
  /** Every block (headings too) in document order, with its 复制比 and flagged pieces. */
  paragraphs: ParagraphMetric[];
  /** 相似文献列表, most similar first. */
  similarDocuments: SimilarDocument[];
  matches: Match[];
  spans: FlaggedSpan[];
  /**
   * Ways the paper tries to get past the check, as Turnitin flags them: look-alike and invisible characters
   * (疑似字符替换; matching folds them, so copying is found anyway) and hidden text of a .docx (隐藏文字; left out
   * of the checked text).
   */
  integrity: {
    characters?: CharacterTricks;
    hidden?: HiddenText;
  };
  /** The recognised reference list, excluded from the check. */
  references?: { start: number; end: number; entries: number };
  engine: {
    k: number;
    w: number;
    libraryDocuments: number;
    libraryCharacters: number;
    candidates: number;
    seeds: number;
    elapsedMs: number;
    /**
     * With the reworded stage: share of the library's characters its word index covers (1 unless a bound was
     * asked for with warmWordIndex(index, maxChars), or documents are still being segmented on word threads).
     */
    rewordedCoverage?: number;
  };
}
