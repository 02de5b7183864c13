import type { ProtectedSpan } from './protect.ts';

/** Private-use characters stand for protected spans while rules run: one character per span, never cut. */
const FIRST_PLACEHOLDER = 0xe000;
export const MAX_PLACEHOLDERS = 0xf8ff - FIRST_PLACEHOLDER + 1;
const PLACEHOLDER = /[\ue000-\uf8ff]/;
const PLACEHOLDERS = /[\ue000-\uf8ff]/g;

export interface MaskedText {
  masked: string;
  /** Put the protected spans back (placeholders may have moved with the words around them). */
  unmask(text: string): string;
}

/**
 * Mask `text[start, end)`: each protected span inside becomes a placeholder character. Returns undefined when
 * the text already uses private-use characters or has more spans than placeholders (it is then left as is).
 */
export function maskRange(
  text: string,
  start: number,
  end: number,
  spans: readonly ProtectedSpan[],
): MaskedText | undefined {
  const slice = text.slice(start, end);
  if (PLACEHOLDER.test(slice)) return undefined;
  const inside: ProtectedSpan[] = [];
  for (let k = firstEndingAfter(spans, start); k < spans.length; k++) {
    const s = spans[k];
    if (!s || s.start >= end) break;
    inside.push(s);
  }
  if (inside.length > MAX_PLACEHOLDERS) return undefined;
  let masked = '';
  let pos = start;
  inside.forEach((s, i) => {
    masked += text.slice(pos, Math.max(pos, s.start)) + String.fromCharCode(FIRST_PLACEHOLDER + i);
    pos = Math.max(pos, s.end);
  });
  masked += text.slice(pos, end);
  // ranges come from a split that never cuts a span, so a span is either inside or outside
  const texts = inside.map((s) => text.slice(Math.max(s.start, start), Math.min(s.end, end)));
  return {
    masked,
    unmask: (out) => out.replace(PLACEHOLDERS, (ch) => texts[ch.charCodeAt(0) - FIRST_PLACEHOLDER] ?? ch),
  };
}

export function hasPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}

/** Index of the first span (sorted, non-overlapping) that ends after `offset`: a binary search. */
function firstEndingAfter(spans: readonly ProtectedSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid]?.end ?? 0) <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
