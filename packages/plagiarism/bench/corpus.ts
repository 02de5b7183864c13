/**
 * Benchmark data: the CSL abstracts from ../shared/data (read at run time, never copied), synthetic suspicious
 * documents with known plagiarism cases (the large generated libraries are in markov.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { rewrite } from '@paperdesk/rewrite';
import { type ParsedDocument, splitSentences } from '@paperdesk/textkit';
import { readHumanAbstracts } from '../../textkit/bench/csl.ts';
import type { LibraryDocument, PlagdetCase } from '../src/index.ts';
import { pick, rng } from '../test/helpers.ts';

export { pick, rng };

export function shuffle<T>(r: () => number, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export interface Abstract {
  id: string;
  title: string;
  text: string;
}

/** All CSL abstracts: csl-benchmark-sample ts_{dev,test}.tsv and csl_human_abstracts_zh/*.json, deduplicated. */
export function loadAbstracts(dataDir: string): Abstract[] {
  const out: Abstract[] = [];
  const seen = new Set<string>();
  const push = (title: string, text: string, id: string) => {
    const t = text.trim();
    if (t.length < 40 || seen.has(t) || seen.has(`title:${title}`)) return;
    seen.add(t);
    seen.add(`title:${title}`);
    out.push({ id, title, text: t });
  };
  const cslDir = path.join(dataDir, 'csl-benchmark-sample');
  for (const f of ['ts_dev.tsv', 'ts_test.tsv']) {
    const lines = fs.readFileSync(path.join(cslDir, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const [, abstract, title] = line.split('\t');
      if (abstract && title) push(title, abstract, `csl-${f.replace('.tsv', '')}-${i}`);
    });
  }
  for (const e of readHumanAbstracts(dataDir)) {
    push(e.title, e.abstract, `human-${e.file.replace('.json', '')}-${e.domain}-${e.index}`);
  }
  return out;
}

export interface PawsPair {
  a: string;
  b: string;
  label: number;
}

export function loadPaws(dataDir: string): PawsPair[] {
  const file = path.join(dataDir, 'pawsx-zh', 'PAWSX.test.data');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((p) => p.length >= 3 && p[0] !== 'NS' && p[1] !== 'NS' && p[0]!.length > 0 && p[1]!.length > 0)
    .map((p) => ({ a: p[0]!, b: p[1]!, label: Number(p[2]) }));
}

/** Hand-written academic synonym pairs used for light edits (both directions). */
const SYNONYMS: Array<[string, string]> = [
  ['研究', '探究'],
  ['分析', '剖析'],
  ['方法', '手段'],
  ['提出', '给出'],
  ['表明', '显示'],
  ['重要', '关键'],
  ['影响', '作用'],
  ['进行', '开展'],
  ['问题', '难题'],
  ['提高', '提升'],
  ['采用', '使用'],
  ['显著', '明显'],
  ['基于', '依据'],
  ['通过', '借助'],
  ['主要', '首要'],
  ['具有', '拥有'],
  ['实现', '达成'],
  ['建立', '构建'],
  ['因素', '要素'],
  ['情况', '状况'],
  ['特点', '特征'],
  ['目的', '目标'],
  ['可以', '能够'],
  ['但是', '然而'],
  ['并且', '而且'],
  ['因此', '所以'],
  ['本文', '该文'],
  ['我国', '中国'],
  ['结果', '结论'],
  ['增加', '增多'],
  ['减少', '降低'],
  ['发现', '察觉'],
  ['选择', '选取'],
  ['同时', '与此同时'],
  ['利用', '运用'],
  ['对比', '比较'],
  ['探讨', '讨论'],
  ['不同', '各异'],
  ['较高', '偏高'],
  ['有效', '有力'],
  ['应用', '运用'],
  ['过程', '进程'],
  ['总结', '归纳'],
  ['认为', '觉得'],
  ['存在', '具有'],
  ['需要', '须要'],
  ['明确', '清楚'],
  ['一定', '某种'],
  ['当前', '目前'],
  ['进一步', '更进一步'],
  ['描述', '叙述'],
  ['获得', '取得'],
  ['评价', '评估'],
  ['调查', '调研'],
  ['设计', '规划'],
  ['改善', '改进'],
  ['促进', '推动'],
  ['作用', '功能'],
  ['方面', '层面'],
  ['数据', '资料'],
];

const INSERTS = ['的', '了', '较', '更', '其', '也', '均', '都', '所'];

export interface EditStats {
  chars: number;
  edits: number;
}

/** Light edits: synonym swaps (most occurrences), plus one insertion or deletion per ~20 characters. */
export function lightEdit(r: () => number, text: string, stats: EditStats): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    let swapped = false;
    for (const [a, b] of SYNONYMS) {
      const [from, to] = r() < 0.5 ? [a, b] : [b, a];
      if (text.startsWith(from, i) && r() < 0.8) {
        out += to;
        i += from.length;
        stats.edits++;
        swapped = true;
        break;
      }
    }
    if (swapped) continue;
    const ch = text[i]!;
    const isHan = /[\u4e00-\u9fff]/.test(ch);
    const roll = r();
    if (isHan && roll < 0.025) {
      stats.edits++; // deletion
    } else if (isHan && roll < 0.05) {
      out += ch + pick(r, INSERTS);
      stats.edits++;
    } else {
      out += ch;
    }
    i++;
  }
  stats.chars += text.length;
  return out;
}

export interface SentenceRange {
  start: number;
  end: number;
}

export function sentencesOf(text: string): SentenceRange[] {
  return splitSentences(text).map((s) => ({ start: s.start, end: s.end }));
}

/**
 * 'rewriter': our own 智能降重 (packages/rewrite, strength strong); 'heavy': the rewriter's output with a word
 * inserted at a word boundary whenever 5 characters passed unbroken, so no 6-gram of the source survives.
 */
export type Obfuscation = 'verbatim' | 'light' | 'reordered' | 'mixed' | 'rewriter' | 'heavy';

let jieba: Jieba | undefined;

/** Our rewriter at strength strong, then (heavy) an inserted word at least every 5 characters. */
export function reword(r: () => number, text: string, heavy: boolean, stats: EditStats): string {
  const rewritten = rewrite(text, { strength: 'strong', seed: Math.floor(r() * 1e9) }).text;
  stats.chars += text.length;
  if (!heavy) return rewritten;
  jieba ??= Jieba.withDict(dict);
  let out = '';
  let run = 0;
  for (const word of jieba.cut(rewritten, false)) {
    const han = /[\u4e00-\u9fff]/.test(word);
    if (han && run > 0 && run + word.length > 5) {
      out += pick(r, INSERTS);
      stats.edits++;
      run = 0;
    }
    out += word;
    run = han ? run + word.length : 0;
  }
  return out;
}

export interface SuspiciousDoc {
  id: string;
  type: Obfuscation;
  paragraphs: string[];
  cases: PlagdetCase[];
}

/**
 * Build a suspicious document: paragraphs of original text (held-out abstracts, not in the library) with
 * plagiarised passages inserted at sentence boundaries. Case offsets refer to paragraphs.join('\n').
 */
export function makeSuspicious(
  r: () => number,
  id: string,
  type: Obfuscation,
  library: LibraryDocument[],
  filler: Abstract[],
  passages: number,
  editStats: EditStats,
): SuspiciousDoc {
  const paragraphs: string[] = [];
  const cases: PlagdetCase[] = [];
  let offset = 0;
  const total = passages * 2 + 1;
  let placed = 0;
  for (let p = 0; p < total; p++) {
    let para = pick(r, filler).text;
    if (p % 2 === 1 && placed < passages) {
      placed++;
      // insert after the first sentence of the filler paragraph
      const cut = sentencesOf(para)[0]?.end ?? para.length;
      let inserted = '';
      const base = offset + cut;
      const chunks = type === 'mixed' ? 2 + Math.floor(r() * 2) : 1;
      for (let c = 0; c < chunks; c++) {
        const src = pickSource(r, library, type === 'reordered' ? 3 : type === 'mixed' ? 1 : 2);
        const sents = sentencesOf(src.text);
        const want =
          type === 'mixed'
            ? 1 + Math.floor(r() * 2)
            : type === 'reordered'
              ? 3 + Math.floor(r() * 3)
              : 2 + Math.floor(r() * 4);
        const n = Math.min(want, sents.length);
        let first = Math.floor(r() * (sents.length - n + 1));
        let chosen = sents.slice(first, first + n);
        // a case is at least 40 characters with 20 Chinese ones (not a stray numeric fragment)
        for (
          let tries = 0;
          tries < 20 && !substantial(src.text.slice(chosen[0]!.start, chosen[chosen.length - 1]!.end));
          tries++
        ) {
          first = Math.floor(r() * (sents.length - n + 1));
          chosen = sents.slice(first, first + n);
        }
        const srcStart = chosen[0]!.start;
        const srcEnd = chosen[chosen.length - 1]!.end;
        let pieces = chosen.map((s) => src.text.slice(s.start, s.end));
        if (type === 'reordered') {
          const order = pieces.map((_, i) => i);
          do shuffle(r, order);
          while (order.every((v, i) => v === i));
          pieces = order.map((i) => pieces[i]!);
        }
        if (type === 'light' || (type === 'mixed' && r() < 0.5))
          pieces = pieces.map((s) => lightEdit(r, s, editStats));
        if (type === 'rewriter' || type === 'heavy')
          pieces = [reword(r, pieces.join(''), type === 'heavy', editStats)];
        const passage = pieces.join('');
        cases.push({
          suspId: id,
          suspStart: base + inserted.length,
          suspEnd: base + inserted.length + passage.length,
          srcId: src.id,
          srcStart,
          srcEnd,
        });
        inserted += passage;
      }
      para = para.slice(0, cut) + inserted + para.slice(cut);
    }
    paragraphs.push(para);
    offset += para.length + 1;
  }
  return { id, type, paragraphs, cases };
}

function substantial(text: string): boolean {
  return text.length >= 40 && (text.match(/[\u4e00-\u9fff]/g)?.length ?? 0) >= 20;
}

function pickSource(r: () => number, library: LibraryDocument[], minSentences: number): LibraryDocument {
  for (;;) {
    const d = pick(r, library);
    if (sentencesOf(d.text).length >= minSentences) return d;
  }
}

export interface Thesis {
  doc: ParsedDocument;
  /** Ground truth: copied ranges of documentText(doc). */
  copied: Array<{ start: number; end: number }>;
}

/** A 30,000-character thesis with chapters: held-out text with copied passages (verbatim or lightly edited). */
export function thesis(seed: number, sources: LibraryDocument[], heldOut: Abstract[]): Thesis {
  const r = rng(seed);
  const edits: EditStats = { chars: 0, edits: 0 };
  const blocks: ParsedDocument['blocks'] = [];
  const copied: Thesis['copied'] = [];
  let pos = 0;
  let chars = 0;
  let paragraphs = 0;
  const add = (b: ParsedDocument['blocks'][number]) => {
    if (blocks.length > 0) pos += 1;
    const start = pos;
    blocks.push(b);
    pos += b.text.length;
    return start;
  };
  for (let i = 0; chars < 30_000; i++) {
    const type: Obfuscation = i % 3 === 0 ? 'light' : 'verbatim';
    const d = makeSuspicious(r, `thesis-${seed}`, type, sources, heldOut, 2, edits);
    let local = 0;
    for (const p of d.paragraphs) {
      const text = p.slice(0, Math.max(0, 30_000 - chars));
      if (!text) break;
      if (paragraphs % 12 === 0) add({ kind: 'heading', level: 1, text: `第${paragraphs / 12 + 1}章` });
      const start = add({ kind: 'paragraph', text });
      paragraphs++;
      chars += text.length;
      for (const c of d.cases) {
        if (c.suspStart >= local && c.suspStart < local + text.length) {
          copied.push({
            start: start + c.suspStart - local,
            end: start + Math.min(c.suspEnd, local + text.length) - local,
          });
        }
      }
      local += p.length + 1;
    }
  }
  return { doc: { title: '合成学位论文', blocks }, copied };
}

/** Share of the copied characters that the report flags (any source). */
export function copiedRecall(
  t: Thesis,
  spans: Array<{ start: number; end: number }>,
): { share: number; recall: number; total: number } {
  let total = 0;
  let copied = 0;
  let found = 0;
  for (const b of t.doc.blocks) total += b.text.length;
  for (const c of t.copied) {
    copied += c.end - c.start;
    for (const s of spans) found += Math.max(0, Math.min(s.end, c.end) - Math.max(s.start, c.start));
  }
  return { share: copied / total, recall: found / Math.max(1, copied), total };
}
