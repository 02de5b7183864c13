import { describe, expect, it } from 'vitest';
import { findCharacterTricks, matchingCodes, normalizeForMatching, readDocument } from '../src/index.ts';
import { buildDocx } from './fixtures.ts';

const PLAIN = '研究人员采用问卷调查法收集数据';
const codes = (s: string) => String.fromCharCode(...matchingCodes(s).codes);

describe('character tricks', () => {
  it('folds Kangxi radicals and compatibility ideographs back to the unified hanzi', () => {
    // ⼈ U+2F08 (Kangxi radical) for 人, ⽅ U+2F45 for 方, 數 U+F969 (compatibility) for 数
    const tricked = '研究\u2F08员采用问卷调查\u2F45法收集\uF969据';
    expect(codes(tricked)).toBe(codes('研究人员采用问卷调查方法收集数据'));
    const t = findCharacterTricks(tricked);
    expect(t.substituted).toBe(3);
    expect(t.spans.map((s) => s.kind)).toEqual(['radical', 'radical', 'compatibility']);
    expect(t.spans[0]!.reads).toBe('人');
  });

  it('folds Cyrillic/Greek letters inside Latin words, and flags them only there', () => {
    const tricked = 'deep l\u0435arning m\u043Edel'; // Cyrillic е, о
    expect(normalizeForMatching(tricked).text).toBe('deeplearningmodel');
    expect(findCharacterTricks(tricked).substituted).toBe(2);
    // a Russian word or a Greek symbol in Chinese text is not a trick
    expect(findCharacterTricks('俄语单词 модель 与 α 系数').substituted).toBe(0);
  });

  it('folds katakana shaped like hanzi between hanzi, not in Japanese text', () => {
    expect(codes('人\u30ED众多')).toBe(codes('人口众多'));
    expect(findCharacterTricks('人\u30ED众多').substituted).toBe(1);
    expect(findCharacterTricks('カタカナ').substituted).toBe(0);
  });

  it('flags invisible characters between visible ones and matching ignores them', () => {
    const tricked = PLAIN.split('').join('\u200B');
    expect(codes(tricked)).toBe(codes(PLAIN));
    const t = findCharacterTricks(tricked);
    expect(t.invisible).toBe(PLAIN.length - 1);
    // bridged into one span
    expect(t.spans).toHaveLength(1);
    expect(findCharacterTricks(`\uFEFF${PLAIN}`).invisible).toBe(0);
    expect(findCharacterTricks(PLAIN).spans).toEqual([]);
  });
});

describe('hidden text in .docx', () => {
  it('leaves hidden, white and 1-pt runs out of the blocks and reports them', async () => {
    const run = (text: string, rPr = '') =>
      `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
    const buf = await buildDocx([
      {
        text: '',
        runs: [
          run('研究人员'),
          run('甲乙', '<w:vanish/>'),
          run('采用问卷'),
          run('丙丁', '<w:color w:val="FFFFFF"/>'),
          run('调查法'),
          run('戊', '<w:sz w:val="2"/>'),
          run('收集数据'),
          run('可见', '<w:vanish w:val="0"/>'),
          run('白底高亮', '<w:color w:val="FFFFFF"/><w:highlight w:val="black"/>'),
        ].join(''),
      },
      { text: '第二段没有隐藏文字。' },
    ]);
    const doc = await readDocument(buf, 'paper.docx');
    expect(doc.blocks[0]!.text).toBe('研究人员采用问卷调查法收集数据可见白底高亮');
    expect(doc.hidden).toEqual({
      chars: 5,
      runs: 3,
      reasons: ['vanish', 'white', 'tiny'],
      samples: ['甲乙', '丙丁', '戊'],
    });
    const clean = await readDocument(await buildDocx([{ text: PLAIN }]), 'clean.docx');
    expect(clean.hidden).toBeUndefined();
  });
});
