/** A bullet, optionally with second-level points under it. */
export type Bullet = string | { text: string; sub?: string[] };

export type Slide =
  /** the opening slide; falls back to the deck's title, subtitle, author and date */
  | { kind: 'title'; title?: string; subtitle?: string; notes?: string }
  /** 目录: numbered items, one or two columns, split over slides beyond 12 */
  | { kind: 'agenda'; title?: string; items: string[]; notes?: string }
  /** section header; `number` defaults to its position among the deck's section slides */
  | { kind: 'section'; title: string; subtitle?: string; number?: number; notes?: string }
  /**
   * bullet points; `right` makes two columns (left = bullets), `columns: 2` flows one list over two.
   * Too many bullets continue on further slides titled “（续）”.
   */
  | {
      kind: 'bullets';
      title: string;
      bullets: Bullet[];
      right?: Bullet[];
      leftTitle?: string;
      rightTitle?: string;
      columns?: 1 | 2;
      notes?: string;
    }
  /** text beside a key figure (e.g. 94.2% / Rank-1 准确率) or a quote */
  | {
      kind: 'highlight';
      title: string;
      text: string;
      figure?: { value: string; label: string };
      quote?: { text: string; source?: string };
      notes?: string;
    }
  /** a table; long tables continue on further slides with the header repeated */
  | { kind: 'table'; title: string; header: string[]; rows: string[][]; note?: string; notes?: string }
  /** 谢谢 / Q&A */
  | { kind: 'closing'; title?: string; subtitle?: string; notes?: string };

export interface Deck {
  title: string;
  subtitle?: string;
  author?: string;
  date?: string;
  slides: Slide[];
}

export type DeckErrorCode = 'unknown_template' | 'unknown_slide_kind';

/** Thrown for input a deck cannot be made from; everything else is fitted, split or defaulted. */
export class DeckError extends Error {
  readonly code: DeckErrorCode;
  constructor(code: DeckErrorCode, message: string) {
    super(message);
    this.name = 'DeckError';
    this.code = code;
  }
}
