import { foldMarks } from './clean.ts';

/** Titles compared as written by different hands: case, width, punctuation and spacing do not count. */
export function normTitle(text: string): string {
  return foldMarks(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Where a subtitle starts: a colon, a dash (——, —, --, " - ") — how Chinese and English titles add one. */
const SUBTITLE = /\s*(?:[:：]|——|—|--|\s-\s)\s*/;
/** A main title shorter than this (normalised) says too little to stand for the whole title. */
export const MIN_MAIN_TITLE = 8;
/** The score of a subtitle dropped: above the verdict's title threshold, below an exact title. */
export const SUBTITLE_DROPPED = 0.95;

/** The title before its subtitle ("城市治理研究：以某市为例" → "城市治理研究"); the whole title when it has none. */
export function mainTitle(title: string): string {
  const m = SUBTITLE.exec(title.trim());
  if (!m || m.index === 0) return title.trim();
  const rest = title.trim().slice(m.index + m[0].length);
  return rest ? title.trim().slice(0, m.index) : title.trim();
}

/**
 * The keys a title is looked up by: the whole title and its main title, normalised (case, width, punctuation and
 * spacing do not count). A library stores both, so a citation that drops or adds a subtitle finds its record.
 */
export function titleKeys(title: string): { full: string; main: string } {
  return { full: normTitle(title), main: normTitle(mainTitle(title)) };
}

/**
 * How well a cited title names a record's: the bigram similarity, or a near-certain match when one of them is the
 * other with its subtitle dropped (both subtitled and different is not a match: "…：以甲为例" is not "…：以乙为例").
 */
export function titleMatch(cited: string, recorded: string): number {
  const score = titleSimilarity(cited, recorded);
  if (score >= 1) return score;
  const a = titleKeys(cited);
  const b = titleKeys(recorded);
  const aSub = a.main !== a.full;
  const bSub = b.main !== b.full;
  if (aSub === bSub) return score;
  const dropped = aSub ? a.main === b.full : b.main === a.full;
  return dropped && (aSub ? b.full : a.full).length >= MIN_MAIN_TITLE
    ? Math.max(score, SUBTITLE_DROPPED)
    : score;
}

export function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const g = text.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient over character bigrams of the normalised titles: 1 for the same title. */
export function titleSimilarity(a: string, b: string): number {
  const x = normTitle(a);
  const y = normTitle(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [g, n] of gx) shared += Math.min(n, gy.get(g) ?? 0);
  return (2 * shared) / (Math.max(1, x.length - 1) + Math.max(1, y.length - 1));
}

/** A surname as a key: "LeCun Y", "Yann LeCun", "LECUN, Y." → "lecun"; a Chinese name stays whole. */
export function surnameKey(name: string): string {
  const n = name.trim();
  if (/\p{Script=Han}/u.test(n)) return n.replace(/\s+/g, '');
  const inverted = /^([A-Za-z'’-]+(?: [A-Za-z'’-]{2,})?),/.exec(n);
  if (inverted?.[1]) return inverted[1].toLowerCase();
  const words = n.replace(/\./g, ' ').split(/\s+/).filter(Boolean);
  // "LeCun Y A" has its surname first; "Yann LeCun" last.
  const last = words[words.length - 1] ?? '';
  const first = words[0] ?? '';
  return (words.length > 1 && last.length > 1 && /[a-z]/.test(last) ? last : first).toLowerCase();
}
