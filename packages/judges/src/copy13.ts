/**
 * A 知网-style 复制比: a character counts as copied when it lies inside a run of at least 13 consecutive identical
 * characters shared with one library document (letters, digits and Han only; punctuation and spaces ignored, no
 * gaps bridged, no paraphrase stage). Written here from the rule, not from packages/plagiarism, so the bench has a
 * second measure the rewrite loop never optimises.
 */
import { fnv1a } from './hash.ts';

export const RUN = 13;

const clean = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** Every 13-gram of the library, with the one document that holds it (−1 when several do). */
export class ContinuousMatchIndex {
  private readonly owners = new Map<number, number>();
  private readonly ids: string[] = [];

  add(id: string, text: string): void {
    const doc = this.ids.push(id) - 1;
    const chars = clean(text);
    for (let i = 0; i + RUN <= chars.length; i++) {
      const key = this.key(chars, i);
      const owner = this.owners.get(key);
      if (owner === undefined) this.owners.set(key, doc);
      else if (owner !== doc) this.owners.set(key, -1);
    }
  }

  private key(chars: string, start: number): number {
    const gram = chars.slice(start, start + RUN);
    // two independent 32-bit hashes folded to 52 bits: collisions across ~2 M grams are negligible
    return fnv1a(gram) * 2 ** 20 + (fnv1a(gram, 0x9747b28c) >>> 12);
  }

  /** Share (0..1) of the text's characters inside a shared run of ≥ 13; `exclude` = library ids not counted. */
  copyRatio(text: string, exclude: readonly string[] = []): number {
    const chars = clean(text);
    if (chars.length === 0) return 0;
    const excluded = new Set(exclude.map((id) => this.ids.indexOf(id)).filter((d) => d >= 0));
    const covered = new Uint8Array(chars.length);
    for (let i = 0; i + RUN <= chars.length; i++) {
      const owner = this.owners.get(this.key(chars, i));
      if (owner === undefined || excluded.has(owner)) continue;
      covered.fill(1, i, i + RUN);
    }
    let n = 0;
    for (const c of covered) n += c;
    return n / chars.length;
  }
}
