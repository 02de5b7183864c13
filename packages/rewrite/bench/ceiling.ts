/**
 * What a word-for-word rewrite can reach at best: each copied abstract with every word of a class replaced by
 * characters the source does not have (protected spans never), measured with the same 普通版 as the loop. It
 * shows how far synonym coverage can take 降重 before the terms, names and numbers that must stay decide it.
 */
import { checkText, type PlagiarismIndex } from '@paperdesk/plagiarism';
import { findProtectedSpans, synonymsOf } from '../src/index.ts';
import { tagWords } from '../src/segment.ts';
import type { BenchText } from './heldout.ts';

/** A character no abstract shares with its source in a run: stands for "this word changed". */
const CHANGED = '龘';

const FUNCTION_TAG = /^(c|p|u|d|r|f|m|q|ad)/;
const PREDICATE_TAG = /^(v|a)/;

export interface Ceiling {
  protectedShare: number;
  /** Mean 普通版 when every word with a synonym-table entry changed. */
  synonyms: number;
  /** ... and every function word too. */
  functionWords: number;
  /** ... and every verb and adjective: only nouns, names and protected spans left as they were. */
  predicates: number;
}

export function substitutionCeiling(index: PlagiarismIndex, texts: readonly BenchText[]): Ceiling {
  const sum = { protectedShare: 0, synonyms: 0, functionWords: 0, predicates: 0 };
  for (const { text } of texts) {
    const locked = new Uint8Array(text.length);
    for (const s of findProtectedSpans(text)) locked.fill(1, s.start, s.end);
    sum.protectedShare += locked.reduce((n, c) => n + c, 0) / Math.max(1, text.length);
    const tokens = tagWords(text);
    const standard = (changes: (word: string, tag: string) => boolean) => {
      const out = tokens
        .map((t) =>
          !locked.subarray(t.start, t.end).some((c) => c === 1) && changes(t.word, t.tag)
            ? CHANGED.repeat(t.word.length)
            : t.word,
        )
        .join('');
      return checkText(out, index, { paraphrase: false }).ratios.total;
    };
    const synonym = (w: string, tag: string) => synonymsOf(w, tag).length > 0;
    const functional = (w: string, tag: string) => synonym(w, tag) || FUNCTION_TAG.test(tag);
    sum.synonyms += standard(synonym);
    sum.functionWords += standard(functional);
    sum.predicates += standard((w, tag) => functional(w, tag) || PREDICATE_TAG.test(tag));
  }
  const n = Math.max(1, texts.length);
  return {
    protectedShare: sum.protectedShare / n,
    synonyms: sum.synonyms / n,
    functionWords: sum.functionWords / n,
    predicates: sum.predicates / n,
  };
}
