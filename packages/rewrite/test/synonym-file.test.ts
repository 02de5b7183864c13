import { describe, expect, it } from 'vitest';
import { SYNONYM_TABLE } from '../src/synonym-table.ts';
import { MORE_TABLE } from '../src/synonym-table-more.ts';
import { VERB_TABLE } from '../src/synonym-table-verbs.ts';
import { synonymTableLines } from '../src/synonyms.ts';

describe('data/synonyms.txt', () => {
  it('holds exactly the groups of the three TypeScript tables, in the same order', () => {
    const previous = [SYNONYM_TABLE, VERB_TABLE, MORE_TABLE]
      .flatMap((t) => t.split('\n'))
      .filter((l) => l.includes('|'))
      .map((line) => {
        const [tagPart = '', wordPart = ''] = line.split('|');
        return {
          tags: tagPart.split(','),
          words: wordPart.trim().split(/[\s>]+/),
          oneWay: wordPart.includes('>'),
        };
      });
    expect(previous.length).toBe(695);
    expect(synonymTableLines()).toEqual(previous);
  });
});
