import { textToDocument } from '@paperdesk/textkit';
import { describe, expect, it } from 'vitest';
import { checkDocument, checkText, type LibraryDocument, PlagiarismIndex } from '../src/index.ts';
import { authorNames } from '../src/provenance.ts';
import { randomText, rng } from './helpers.ts';

const r = rng(77);
const COPIED = randomText(r, 80)
  .replace(/[，。]/g, '')
  .slice(0, 60);
const THIRD: LibraryDocument = {
  id: 'third',
  title: '基于深度学习的中文文本复用检测研究',
  author: '王五',
  year: 2019,
  text: `${randomText(r, 200)}${COPIED}${randomText(r, 200)}`,
};
// the author's own earlier paper reuses the same passage (and more of the third-party text around it)
const OWN: LibraryDocument = {
  id: 'own',
  title: '我的早期论文',
  author: '李四, 赵六',
  year: 2021,
  text: `${THIRD.text.slice(150, 450)}`,
};

function library(): PlagiarismIndex {
  const index = new PlagiarismIndex();
  const u = rng(3);
  for (let i = 0; i < 50; i++) index.add({ id: `noise-${i}`, title: `无关${i}`, text: randomText(u, 300) });
  index.add(THIRD);
  index.add(OWN);
  return index;
}

describe('本人文献 by declared author names', () => {
  it('splits author fields into comparable names', () => {
    expect(authorNames('李四，赵六 等')).toEqual(['李四', '赵六']);
    expect(authorNames('Zhang San; Li Si et al.')).toEqual(['zhangsan', 'lisi']);
    expect(authorNames('')).toEqual([]);
  });

  it('counts a document with a declared author as own, and its match never hides the third-party one', () => {
    const index = library();
    const query = `${randomText(r, 150)}${COPIED}${randomText(r, 150)}`;
    const plain = checkText(query, index);
    expect(plain.similarDocuments.every((d) => !d.own)).toBe(true);

    const report = checkText(query, index, { ownAuthors: ['赵六'] });
    const own = report.similarDocuments.find((d) => d.docId === 'own');
    const third = report.similarDocuments.find((d) => d.docId === 'third');
    expect(own?.own).toBe(true);
    // both sources are reported for the same stretch: the own paper does not push the third-party one out
    expect(third?.own).toBe(false);
    expect(third!.chars).toBeGreaterThanOrEqual(COPIED.length - 2);
    expect(report.ratios.excludingOwn).toBeCloseTo(report.ratios.total, 3);
    // and the flagged piece is named after the third-party source
    const piece = report.paragraphs.flatMap((p) => p.spans)[0]!;
    expect(report.similarDocuments[piece.source!]!.docId).toBe('third');

    // an ownerKey keeps working as before
    const keyed = new PlagiarismIndex();
    keyed.add({ ...OWN, id: 'mine', ownerKey: 'user:1' });
    expect(checkText(query, keyed, { ownerKey: 'user:1' }).ratios.excludingOwn).toBe(0);
  });
});

describe('引用 by reference list', () => {
  it('counts matches to a document the reference list names as cited, others as copied', () => {
    const index = library();
    const body = `${randomText(r, 150)}${COPIED}${randomText(r, 150)}`;
    const doc = (refs: string[]) => textToDocument(['一、引言', body, '参考文献', ...refs].join('\n'));
    const uncited = checkDocument(doc(['[1] 张三. 一篇无关的文章[J]. 某期刊, 2018, 1(2): 3-4.']), index);
    expect(uncited.ratios.excludingQuotes).toBeGreaterThan(0);
    expect(uncited.matches.every((m) => m.kind === 'copy' && !m.cited)).toBe(true);

    const cited = checkDocument(
      doc([
        '[1] 张三. 一篇无关的文章[J]. 某期刊, 2018, 1(2): 3-4.',
        '[2] 王五. 基于深度学习的中文文本复用检测研究[D]. 北京: 某大学, 2019.',
      ]),
      index,
    );
    expect(cited.ratios.total).toBeCloseTo(uncited.ratios.total, 3);
    const third = cited.matches.filter((m) => m.docId === 'third');
    expect(third.length).toBeGreaterThan(0);
    expect(third.every((m) => m.kind === 'quoted' && m.cited)).toBe(true);
    expect(cited.similarDocuments.find((d) => d.docId === 'third')?.cited).toBe(true);
    // only the third-party stretch is cited: the own paper (not in the list) still counts as copied
    expect(cited.ratios.excludingQuotes).toBeLessThan(uncited.ratios.excludingQuotes);

    // a wrong year does not cite it
    const wrongYear = checkDocument(
      doc(['[1] 王五. 基于深度学习的中文文本复用检测研究[D]. 北京: 某大学, 2015.']),
      index,
    );
    expect(wrongYear.matches.some((m) => m.docId === 'third' && m.cited)).toBe(false);
  });
});

describe('character tricks', () => {
  it('finds copying written with radicals, look-alikes and zero-width characters, and flags them', () => {
    const index = new PlagiarismIndex();
    const copied = `人工智能方法日益成为研究人员的有力工具${COPIED}`;
    index.add({ ...THIRD, text: `${randomText(r, 200)}${copied}${randomText(r, 200)}` });
    // Kangxi radicals for 人 工 方 日 力, a compatibility ideograph for 力 once, zero-width spaces after every hanzi
    const TWINS: Record<string, string> = {
      人: '\u2F08',
      工: '\u2F2F',
      方: '\u2F45',
      日: '\u2F47',
      力: '\uF98A',
    };
    let tricked = '';
    for (const ch of copied) tricked += `${TWINS[ch] ?? ch}\u200B`;
    const query = `${randomText(r, 100)}${tricked}${randomText(r, 100)}`;
    const report = checkText(query, index);
    expect(report.matches.map((m) => m.docId)).toEqual(['third']);
    expect(report.matches[0]!.chars).toBeGreaterThanOrEqual(copied.length - 2);
    // zero-width characters count nothing in the figures
    expect(report.totalChars).toBe(query.replace(/[\u200B]/g, '').length);
    const flags = report.integrity.characters!;
    expect(flags.invisible).toBe(copied.length);
    expect(flags.substituted).toBe(7);
    expect(new Set(flags.spans.map((s) => s.kind))).toEqual(
      new Set(['invisible', 'radical', 'compatibility']),
    );
    expect(checkText(COPIED, index).integrity).toEqual({});
  });

  it('passes hidden .docx text on to the report', () => {
    const index = new PlagiarismIndex();
    index.add(THIRD);
    const hidden = { chars: 4, runs: 2, reasons: ['vanish' as const], samples: ['甲乙', '丙丁'] };
    const report = checkDocument({ ...textToDocument(COPIED), hidden }, index);
    expect(report.integrity.hidden).toEqual(hidden);
  });
});
