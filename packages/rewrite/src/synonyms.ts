import fs from 'node:fs';
import path from 'node:path';

/** The curated groups (data/synonyms.txt, format described at its top): the core groups first, so they win. */
const SYNONYM_FILE = path.resolve(import.meta.dirname, '../data/synonyms.txt');

/**
 * Words that move a human text towards "AI-written" for our AIGC detector (data/ai-register.txt, measured by
 * scripts/ai-register.ts): not a replacement when the caller avoids the AI register (降AIGC, dual target).
 */
const AI_REGISTER = new Set(
  fs
    .readFileSync(path.resolve(import.meta.dirname, '../data/ai-register.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('#'))
    .map((l) => l.split('\t')[0]),
);

/** Every group line of the table, in file order. */
const TABLE_LINES = fs
  .readFileSync(SYNONYM_FILE, 'utf8')
  .split('\n')
  .filter((l) => !l.startsWith('#') && l.includes('|'));

interface SynonymGroup {
  tags: ReadonlySet<string>;
  words: readonly string[];
  /** One-way line: only `words[0]` is replaced, by the others. */
  oneWay: boolean;
}

/** word → its groups (a word may have a verb group and a noun group), parsed once. */
const GROUPS_BY_WORD = new Map<string, SynonymGroup[]>();
for (const line of TABLE_LINES) {
  const [tagPart, wordPart] = line.split('|');
  if (!tagPart || !wordPart) continue;
  const oneWay = wordPart.includes('>');
  const group: SynonymGroup = {
    tags: new Set(tagPart.split(',')),
    words: wordPart.trim().split(/[\s>]+/),
    oneWay,
  };
  // a single character is replaced only from a one-way line, so a two-way line does not claim it
  for (const w of oneWay ? group.words.slice(0, 1) : group.words.filter((x) => x.length > 1)) {
    const list = GROUPS_BY_WORD.get(w) ?? [];
    // the first group of a word for a tag wins: later groups only add tags it does not have yet
    if (!list.some((g) => [...group.tags].every((t) => g.tags.has(t)))) list.push(group);
    GROUPS_BY_WORD.set(w, list);
  }
}

/** Whether `word` is in the AI register (a swap into it moves a text towards "AI-written" for our detector). */
export function inAiRegister(word: string): boolean {
  return AI_REGISTER.has(word);
}

/** Whether a word is general vocabulary listed in the synonym table (so never a document term). */
export function isSynonymWord(word: string): boolean {
  return GROUPS_BY_WORD.has(word);
}

/**
 * Replacements for `word` carrying the jieba tag `tag` (a single character only from a one-way line), without
 * the AI register's words when `avoidAiRegister`.
 */
export function synonymsOf(word: string, tag: string, avoidAiRegister = false): string[] {
  const group = GROUPS_BY_WORD.get(word)?.find((g) => g.tags.has(tag));
  if (!group || (word.length < 2 && !group.oneWay)) return [];
  return group.words.filter((w) => w !== word && !(avoidAiRegister && AI_REGISTER.has(w)));
}

/** Number of groups, for the README and a sanity test. */
export function synonymGroupCount(): number {
  return TABLE_LINES.length;
}

/** The parsed table lines (tags, words, one-way), for the table sanity tests. */
export function synonymTableLines(): Array<{ tags: string[]; words: string[]; oneWay: boolean }> {
  return TABLE_LINES.map((line) => {
    const [tagPart = '', wordPart = ''] = line.split('|');
    return {
      tags: tagPart.split(','),
      words: wordPart.trim().split(/[\s>]+/),
      oneWay: wordPart.includes('>'),
    };
  });
}
