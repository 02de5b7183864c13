import { textToDocument } from '@paperdesk/textkit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckProgress,
  type CheckStage,
  checkDocument,
  checkStages,
  checkText,
  type LibraryDocument,
  PlagiarismIndex,
} from '../src/index.ts';
import { randomText, rng } from './helpers.ts';

const r = rng(2024);
/** 40 characters, no punctuation: the copied run. */
const COPIED = randomText(r, 60)
  .replace(/[，。]/g, '')
  .slice(0, 40);
const SOURCE_BEFORE = randomText(r, 300);
const SOURCE_AFTER = randomText(r, 300);
const SOURCE: LibraryDocument = {
  id: 'src-1',
  title: '来源论文',
  author: '张三',
  source: '测试期刊',
  year: 2020,
  text: `${SOURCE_BEFORE}${COPIED}${SOURCE_AFTER}`,
};

function library(extra: LibraryDocument[] = []): PlagiarismIndex {
  const index = new PlagiarismIndex();
  index.add(SOURCE);
  const u = rng(5);
  for (let i = 0; i < 100; i++)
    index.add({ id: `noise-${i}`, title: `无关文献${i}`, text: randomText(u, 400) });
  for (const d of extra) index.add(d);
  return index;
}

describe('checkDocument: exact copying', () => {
  let index: PlagiarismIndex;
  beforeAll(() => {
    index = library();
  });

  it('finds a copied 40-character run with exact offsets on both sides', () => {
    const before = randomText(r, 150);
    const query = `${before}${COPIED}${randomText(r, 150)}`;
    const report = checkText(query, index);
    expect(report.matches).toHaveLength(1);
    const m = report.matches[0]!;
    expect(m.docId).toBe('src-1');
    expect(m.kind).toBe('copy');
    expect([m.start, m.end]).toEqual([before.length, before.length + 40]);
    expect(m.text).toBe(COPIED);
    expect([m.sourceStart, m.sourceEnd]).toEqual([SOURCE_BEFORE.length, SOURCE_BEFORE.length + 40]);
    expect(m.sourceText).toBe(COPIED);
    expect(m.method).toBe('exact');
    expect(report.overlapChars).toBe(40);
    expect(report.ratios.total).toBeCloseTo(40 / report.totalChars, 4);
    expect(report.ratios.maxSingle).toBe(report.ratios.total);
    expect(report.maxSingleSource?.docId).toBe('src-1');
    expect(report.similarDocuments.map((d) => d.docId)).toEqual(['src-1']);
    expect(report.spans).toEqual([
      { kind: 'copy', start: m.start, end: m.end, text: COPIED, chars: 40, matchIds: [0] },
    ]);
  });

  it('finds the copy through traditional characters, full-width forms and changed punctuation', () => {
    const index2 = new PlagiarismIndex();
    const src = '本研究基于大规模语料库，对学术论文中的文本复用现象进行了系统分析，并提出了改进的检测算法。';
    index2.add({ id: 'zh', title: '简体来源', text: src });
    const report = checkText(
      '前言部分。本研究基於大規模語料庫,對學術論文中的文本複用現象進行了系統分析並提出了改進的檢測算法!',
      index2,
    );
    expect(report.matches).toHaveLength(1);
    // '!' is not '。': the closing mark is not taken along
    expect(report.matches[0]!.text).toBe(
      '本研究基於大規模語料庫,對學術論文中的文本複用現象進行了系統分析並提出了改進的檢測算法',
    );
  });

  it('gives 0% for unrelated text', () => {
    const report = checkText(randomText(rng(31337), 3000), index);
    expect(report.matches).toEqual([]);
    expect(report.ratios).toEqual({ total: 0, excludingQuotes: 0, excludingOwn: 0, maxSingle: 0 });
    expect(report.similarDocuments).toEqual([]);
  });

  it('does not report a run shorter than 13 characters', () => {
    const report = checkText(`${randomText(r, 100)}${COPIED.slice(0, 11)}${randomText(r, 100)}`, index);
    expect(report.matches).toEqual([]);
  });

  it('skips short stock phrases shared by several library documents, and short English runs', () => {
    const stockPhrase = '差异均有统计学意义研究结果表明显著'; // 17 characters
    const lib = new PlagiarismIndex();
    const u = rng(11);
    for (let i = 0; i < 5; i++)
      lib.add({ id: `s${i}`, title: 's', text: `${randomText(u, 100)}${stockPhrase}${randomText(u, 100)}` });
    lib.add({ id: 'en', title: 'en', text: `${randomText(u, 100)} Reconfigurability ${randomText(u, 100)}` });
    const query = `${randomText(u, 80)}${stockPhrase}${randomText(u, 80)} Reconfigurability ${randomText(u, 80)}`;
    expect(checkText(query, lib).matches).toEqual([]);
    const all = checkText(query, lib, { commonPhraseDocs: 0 });
    expect(all.matches.map((m) => m.text)).toEqual([stockPhrase]);
  });

  it('computes per-chapter and per-paragraph ratios', () => {
    const p1 = randomText(r, 200);
    const p2 = `${COPIED}${randomText(r, 60)}`;
    const doc = textToDocument(`论文题目\n第一章 绪论\n${p1}\n第二章 方法\n${p2}`);
    const report = checkDocument(doc, index);
    expect(report.sections.map((s) => s.title)).toEqual(['论文题目', '第一章 绪论', '第二章 方法']);
    const [, ch1, ch2] = report.sections;
    expect(ch1!.overlapChars).toBe(0);
    expect(ch2!.overlapChars).toBe(40);
    const body = report.paragraphs.filter((p) => p.kind === 'paragraph');
    expect(body).toHaveLength(2);
    expect(body[1]!.overlapChars).toBe(40);
    expect(body[1]!.ratio).toBeCloseTo(40 / body[1]!.totalChars, 4);
    // every block, headings too, with the section it belongs to and its flagged piece in block offsets
    expect(report.paragraphs.map((p) => [p.kind, p.level, p.section])).toEqual([
      ['heading', 0, 0],
      ['heading', 1, 1],
      ['paragraph', null, 1],
      ['heading', 1, 2],
      ['paragraph', null, 2],
    ]);
    expect(body[1]!.spans).toEqual([
      {
        start: 0,
        end: 40,
        kind: 'copy',
        source: 0,
        sourceStart: SOURCE_BEFORE.length,
        sourceEnd: SOURCE_BEFORE.length + 40,
        sourceText: COPIED,
        similarity: 1,
      },
    ]);
    expect(report.paragraphs.reduce((n, p) => n + p.totalChars, 0)).toBe(report.totalChars);
  });
});

describe('checkStages: progress and cancellation', () => {
  const index = library();
  const doc = textToDocument(`${randomText(r, 2000)}${COPIED}${randomText(r, 2000)}`);

  it('passes every stage in order with rising progress and returns the same report as checkDocument', () => {
    const seen: CheckProgress[] = [];
    const report = checkDocument(doc, index, { onProgress: (p) => seen.push(p) });
    const stages = seen.map((p) => p.stage).filter((s, i, a) => a[i - 1] !== s);
    expect(stages).toEqual(['candidates', 'exact', 'paraphrase', 'reworded', 'attribution', 'metrics']);
    const fractions = seen.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBeLessThan(1);
    const steps = checkStages(doc, index);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect({ ...step.value, engine: null }).toEqual({ ...report, engine: null });
    // 普通版 has no paraphrase stage
    const standard: CheckStage[] = [];
    checkDocument(doc, index, { paraphrase: false, onProgress: (p) => standard.push(p.stage) });
    expect(standard).not.toContain('paraphrase');
  });

  it('stops with the abort reason once its signal is aborted', () => {
    const controller = new AbortController();
    let calls = 0;
    const run = () =>
      checkDocument(doc, index, {
        signal: controller.signal,
        onProgress: (p) => {
          calls++;
          if (p.stage === 'exact') controller.abort(new Error('已取消'));
        },
      });
    expect(run).toThrow('已取消');
    expect(calls).toBeLessThan(5);
  });
});

describe('checkDocument: reference list in the figures', () => {
  it('blocks of the reference list count no characters, so blocks add up to totalChars', () => {
    const index = library();
    const text = `${randomText(r, 300)}\n参考文献\n[1] 张三. ${COPIED}[J]. 测试期刊, 2020, 1(2): 3-4.\n[2] 李四. 另一篇文献[M]. 北京: 出版社, 2019.`;
    const report = checkText(text, index);
    expect(report.paragraphs.slice(1).map((p) => p.totalChars)).toEqual([0, 0, 0]);
    expect(report.paragraphs.reduce((n, p) => n + p.totalChars, 0)).toBe(report.totalChars);
    expect(report.sections.reduce((n, s) => n + s.totalChars, 0)).toBe(report.totalChars);
  });
});

describe('checkDocument: quotations, own documents, references', () => {
  it('marks a quoted-and-cited copy yellow and leaves it out of 去除引用文献复制比', () => {
    const index = library();
    const query = `${randomText(r, 200)}正如文献所述“${COPIED}”[1]。${randomText(r, 200)}`;
    const report = checkText(query, index);
    expect(report.matches).toHaveLength(1);
    expect(report.matches[0]!.kind).toBe('quoted');
    expect(report.spans.map((s) => s.kind)).toEqual(['quoted']);
    expect(report.quotedChars).toBe(40);
    expect(report.ratios.total).toBeGreaterThan(0);
    expect(report.ratios.excludingQuotes).toBe(0);

    // the same text without a citation marker is plain copying
    const plain = checkText(query.replace('”[1]', '”'), index);
    expect(plain.matches[0]!.kind).toBe('copy');
    expect(plain.ratios.excludingQuotes).toBe(plain.ratios.total);
  });

  it('leaves the author’s own earlier papers out of 去除本人文献复制比', () => {
    const own = randomText(r, 60)
      .replace(/[，。]/g, '')
      .slice(0, 50);
    const index = library([
      { id: 'mine', title: '我的旧文', ownerKey: 'user:7', text: `${randomText(r, 100)}${own}` },
    ]);
    const query = `${randomText(r, 100)}${COPIED}${randomText(r, 100)}${own}${randomText(r, 100)}`;
    const report = checkText(query, index, { ownerKey: 'user:7' });
    expect(report.similarDocuments.map((d) => [d.docId, d.own])).toEqual([
      ['mine', true],
      ['src-1', false],
    ]);
    expect(report.overlapChars).toBe(90);
    expect(report.ratios.excludingOwn).toBeCloseTo(40 / report.totalChars, 4);
    expect(report.ratios.total).toBeCloseTo(90 / report.totalChars, 4);
    // another user: nothing is own
    const other = checkText(query, index, { ownerKey: 'user:8' });
    expect(other.ratios.excludingOwn).toBe(other.ratios.total);
    // or exclude a document entirely
    const excluded = checkText(query, index, { excludeDocIds: ['mine'] });
    expect(excluded.similarDocuments.map((d) => d.docId)).toEqual(['src-1']);
  });

  it('does not check the reference list', () => {
    const index = library();
    const body = randomText(r, 300);
    const doc = `${body}\n参考文献\n[1] 张三. ${COPIED}[J]. 测试期刊, 2020, 1(2): 3-4.\n[2] 李四. 另一篇文献[M]. 北京: 出版社, 2019.`;
    const report = checkText(doc, index);
    expect(report.references?.entries).toBe(2);
    expect(report.matches).toEqual([]);
    expect(report.totalChars).toBeLessThan(body.length + 5);
    expect(checkText(doc, index, { excludeReferences: false }).matches).toHaveLength(1);
  });
});

describe('checkDocument: edited and reordered copying', () => {
  const sentences = Array.from({ length: 6 }, () =>
    randomText(r, 30)
      .replace(/[，。]/g, '')
      .slice(0, 30),
  );
  const passage = sentences.map((s) => `${s}。`).join('');
  const index = new PlagiarismIndex();
  index.add({ id: 'p', title: '段落来源', text: `${randomText(r, 200)}${passage}${randomText(r, 200)}` });
  const u = rng(77);
  for (let i = 0; i < 50; i++) index.add({ id: `n${i}`, title: 'n', text: randomText(u, 400) });

  it('finds a lightly edited passage (a replaced character every 7) as one match', () => {
    const edit = rng(3);
    const edited = sentences
      .map((s) =>
        Array.from(s)
          .map((ch, i) => (i % 7 === 3 ? '改替换删增变动'[Math.floor(edit() * 7)]! : ch))
          .join(''),
      )
      .map((s) => `${s}。`)
      .join('');
    const before = randomText(r, 200);
    const report = checkText(`${before}${edited}${randomText(r, 200)}`, index);
    expect(report.matches.filter((m) => m.docId === 'p')).toHaveLength(1);
    const m = report.matches[0]!;
    expect(m.start).toBeLessThanOrEqual(before.length + 1);
    expect(m.end).toBeGreaterThanOrEqual(before.length + edited.length - 2);
  });

  it('finds a passage whose sentences were shuffled as one match', () => {
    const shuffled = [3, 0, 5, 1, 4, 2].map((i) => `${sentences[i]}。`).join('');
    const before = randomText(r, 200);
    const report = checkText(`${before}${shuffled}${randomText(r, 200)}`, index);
    const ms = report.matches.filter((x) => x.docId === 'p');
    expect(ms).toHaveLength(1);
    expect(ms[0]!.start).toBe(before.length);
    expect(ms[0]!.end).toBe(before.length + shuffled.length);
  });

  it('the exact stage alone misses a more heavily edited passage (the sentence stage is doing the work)', () => {
    // a 7-character run at the start of each sentence seeds the candidate; after it every 4th character is replaced
    const edited = sentences
      .map(
        (s) =>
          `${Array.from(s)
            .map((ch, i) => (i >= 7 && i % 4 === 1 ? '改' : ch))
            .join('')}。`,
      )
      .join('');
    const without = checkText(edited, index, { paraphrase: false });
    const withStage = checkText(edited, index);
    expect(without.overlapChars).toBe(0);
    expect(withStage.matches.map((m) => m.method)).toEqual(['paraphrase']);
    expect(withStage.overlapChars).toBeGreaterThan(edited.length * 0.9);
  });
});
