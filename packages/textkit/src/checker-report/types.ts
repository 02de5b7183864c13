export type CheckerVendor = 'cnki' | 'vip' | 'wanfang' | 'paperpass' | 'paperdesk' | 'unknown';

/** A passage the report marks as copied. Ratios are fractions (0.123 for 12.3 %). */
export interface FlaggedSpan {
  text: string;
  /** The ratio the report prints for the passage or its paragraph/section, when it prints one. */
  ratio?: number;
  /** The similar source the report names for the passage. */
  source?: string;
}

export interface CheckerReport {
  vendor: CheckerVendor;
  /** The headline figure: 总文字复制比 (知网, PaperDesk), 总相似比 / 复写率 (维普, 万方), 相似比 (PaperPass). */
  overall?: number;
  spans: FlaggedSpan[];
}

/** What a PaperDesk report PDF carries in its Info dictionary under PAPERDESK_REPORT_KEY (JSON). */
export const PAPERDESK_REPORT_KEY = 'PaperDeskFlagged';

/** 12.3 or 15.32 (percent, as printed) -> 0.123 / 0.1532, exactly as a ratio rounded to 0.1 % is written. */
export const fromPercent = (value: number) => Math.round(value * 100) / 10000;
