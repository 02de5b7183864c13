import { foldMarks } from './clean.ts';

/** Titles compared as written by different hands: case, width, punctuation and spacing do not count. */
export function normTitle(text: string): string {
  return foldMarks(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
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
