/** 0.1234 -> "12.3%" (one decimal, as 知网 prints it). */
export function pct(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined) return '—';
  return `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;
}

export type Level = 'high' | 'mid' | 'low' | 'none';

/** Colour band of a ratio: red ≥ 50%, orange ≥ 20%, green > 0, grey 0. */
export function level(ratio: number): Level {
  if (ratio >= 0.5) return 'high';
  if (ratio >= 0.2) return 'mid';
  if (ratio > 0) return 'low';
  return 'none';
}

export const LEVEL_COLORS: Record<Level, string> = {
  high: '#e5484d',
  mid: '#f76b15',
  low: '#11a983',
  none: '#8590a6',
};

export function num(n: number): string {
  return n.toLocaleString('en-US');
}

export function yuan(fen: number): string {
  return fen % 100 === 0 ? `¥${fen / 100}` : `¥${(fen / 100).toFixed(2)}`;
}
