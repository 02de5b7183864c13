import { describe, expect, it } from 'vitest';
import { checkText, PlagiarismIndex } from '../src/index.ts';
import { REWORDINGS, randomText, rng } from './helpers.ts';

// a classmate's unpublished draft, and the same text reworded (only the reworded stage can find it)
const { source: DRAFT, reworded: REWORDED } = REWORDINGS[0]!;

const OWNER = 'user:1';
const OTHER = 'user:2';

function library(): PlagiarismIndex {
  const index = new PlagiarismIndex();
  const r = rng(9);
  for (let i = 0; i < 40; i++) index.add({ id: `noise-${i}`, title: `无关${i}`, text: randomText(r, 300) });
  index.add({ id: 'draft', title: '同学的未发表初稿', ownerKey: OWNER, private: true, text: DRAFT });
  return index;
}

describe("private (自建库) documents are usable only in their owner's checks", () => {
  // verbatim (exact stage), and reworded (the 专业版 sentence stages)
  const queries = { verbatim: DRAFT, reworded: REWORDED };

  for (const [name, query] of Object.entries(queries)) {
    it(`a ${name} copy: the owner's 专业版 check names the draft, another user's check never does`, () => {
      const index = library();
      const own = checkText(query, index, { ownerKey: OWNER });
      expect(own.matches.some((m) => m.docId === 'draft')).toBe(true);

      for (const options of [{ ownerKey: OTHER }, {}, { ownerKey: OTHER, paraphrase: false }]) {
        const other = checkText(query, index, options);
        expect(other.matches.filter((m) => m.docId === 'draft')).toEqual([]);
        expect(other.similarDocuments.filter((d) => d.docId === 'draft')).toEqual([]);
        expect(other.ratios.total).toBe(0);
        expect(JSON.stringify(other)).not.toContain('同学的未发表初稿');
      }
    });
  }
});
