/**
 * Loads the AIGC data sets from ../shared/data (or $PAPERDESK_DATA_DIR) for training, tests and the benchmark.
 * Only sets whose licence allows training go into `loadCorpus`; `loadOutOfDistribution` returns the
 * evaluation-only sets, minus any text that also occurs in the training corpus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { canonicalText } from '../src/canonical.ts';
import { type Split, splitOf } from '../src/split.ts';

export const DATA_DIR =
  process.env.PAPERDESK_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/data');

export function hasData(): boolean {
  return (
    fs.existsSync(path.join(DATA_DIR, 'hc3_chinese_subset_cudrt')) &&
    fs.existsSync(path.join(DATA_DIR, 'csl_human_abstracts_zh')) &&
    fs.existsSync(path.join(DATA_DIR, 'ai_academic_zh'))
  );
}

export type Source =
  | 'hc3'
  | 'm4'
  | 'csl-human'
  | 'csl-benchmark'
  | 'ai-abstract'
  | 'ai-polish'
  | 'ai-body'
  | 'human-thesis'
  | 'ai-thesis'
  | 'ai-thesis-polish'
  | 'ai-rewritten';

/** Training strata (balanced loss cells): polished texts and their human originals form one of their own. */
export type Stratum = Register | 'polish';

/** academic: journal abstracts (and the first 100 AI thesis paragraphs); thesis: thesis-body paragraphs. */
export type Register = 'academic' | 'qa' | 'thesis';

export interface CorpusText {
  id: string;
  /** Texts of one group (question, paper title) always share a split. */
  group: string;
  text: string;
  label: 0 | 1;
  source: Source;
  register: Register;
  /** Academic discipline key, e.g. 工学_计算机科学与技术 (academic abstracts only). */
  domain?: string;
  /**
   * For AI-polished texts, the instruction (polish 润色, paraphrase, journal, condense; 'polish' for the first set;
   * polish3: polish, paraphrase, formalize, expand, condense); for AI thesis paragraphs the way the student asked
   * (direct, expand, formal, humanlike, continue, summarize-lit); for our own rewrites 降AIGC or 降重.
   */
  style?: string;
  /** Our own 降AIGC / 降重 outputs (source 'ai-rewritten'): the source of the AI text they were made from. */
  rewrittenFrom?: Source;
  /** Human thesis paragraphs: the thesis (repository) and the paragraph's place in it, for whole-thesis documents. */
  thesis?: { repo: string; order: number };
  /** Human abstracts that have an AI-polished version (the other half of a polished pair). */
  polishedOriginal?: boolean;
  split: Split;
}

/** The balancing cell a text trains in. */
export function stratumOf(t: CorpusText): Stratum {
  return t.source === 'ai-polish' || t.source === 'ai-thesis-polish' || t.polishedOriginal
    ? 'polish'
    : t.register;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));
}

function readJsonl(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(path.join(DATA_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** HC3's ChatGPT answers carry literal "\n" sequences. */
function unescapeNewlines(text: string): string {
  return text.replace(/\\n/g, '\n');
}

function titleGroup(title: string): string {
  return `title:${canonicalText(title)}`;
}

interface CslAbstract {
  title: string;
  abstract: string;
}

const CSL_FILES = ['csl_1000_1500_4domain.json', 'csl_1500_2000_4domain.json', 'csl_2000_2500_4domain.json'];

function make(item: Omit<CorpusText, 'split'>): CorpusText {
  return { ...item, split: splitOf(item.group) };
}

function loadHc3(): CorpusText[] {
  const rows = readJson('hc3_chinese_subset_cudrt/hc3zh_tail_val.json') as Array<{
    ID: number;
    human_text?: string;
    AI_text?: string;
    label: 0 | 1;
  }>;
  return rows.map((r) =>
    make({
      id: `hc3:${r.ID}`,
      group: `hc3:${Math.floor(r.ID / 2)}`, // even id human, the next odd id its ChatGPT pair
      text: unescapeNewlines(r.human_text ?? r.AI_text ?? ''),
      label: r.label,
      source: 'hc3',
      register: 'qa',
    }),
  );
}

function loadM4(): CorpusText[] {
  const data = readJson('m4_qazh_chatgpt_glimpse/chinese_chatgpt.raw_data.json') as {
    original: string[];
    sampled: string[];
  };
  const out: CorpusText[] = [];
  for (const [label, list] of [
    [0, data.original],
    [1, data.sampled],
  ] as const) {
    list.forEach((text, i) => {
      out.push(make({ id: `m4:${label}:${i}`, group: `m4:${i}`, text, label, source: 'm4', register: 'qa' }));
    });
  }
  return out;
}

function loadCslHuman(): { texts: CorpusText[]; byFile: Map<string, Record<string, CslAbstract[]>> } {
  const texts: CorpusText[] = [];
  const byFile = new Map<string, Record<string, CslAbstract[]>>();
  for (const file of CSL_FILES) {
    const byDomain = readJson(`csl_human_abstracts_zh/${file}`) as Record<string, CslAbstract[]>;
    byFile.set(file, byDomain);
    for (const [domain, list] of Object.entries(byDomain)) {
      list.forEach((a, i) => {
        texts.push(
          make({
            id: `csl:${file}:${domain}:${i}`,
            group: titleGroup(a.title),
            text: a.abstract.trim(),
            label: 0,
            source: 'csl-human',
            register: 'academic',
            domain,
          }),
        );
      });
    }
  }
  return { texts, byFile };
}

function loadCslBenchmark(): CorpusText[] {
  const out: CorpusText[] = [];
  for (const file of ['ts_dev.tsv', 'ts_test.tsv']) {
    const lines = fs.readFileSync(path.join(DATA_DIR, 'csl-benchmark-sample', file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const [, abstract, title] = line.split('\t');
      if (!abstract || !title) return;
      out.push(
        make({
          id: `cslb:${file}:${i}`,
          group: titleGroup(title),
          text: abstract.trim(),
          label: 0,
          source: 'csl-benchmark',
          register: 'academic',
        }),
      );
    });
  }
  return out;
}

const POLISH2_FILES = ['polish2-cs.jsonl', 'polish2-eco.jsonl', 'polish2-lit.jsonl', 'polish2-med.jsonl'];

function loadAiAcademic(cslByFile: ReadonlyMap<string, Record<string, CslAbstract[]>>): CorpusText[] {
  const files = ['abstracts-cs.jsonl', 'abstracts-eco.jsonl', 'abstracts-lit.jsonl', 'abstracts-med.jsonl'];
  const rows = [...files, 'polish-and-body.jsonl', ...POLISH2_FILES].flatMap((f) =>
    readJsonl(`ai_academic_zh/${f}`),
  );
  return rows.map((r) => {
    const kind = String(r.kind);
    const domain = String(r.domain_key);
    const index = typeof r.source_index === 'number' ? r.source_index : undefined;
    // the first sets pair with the first CSL file; polish2 names its file
    const sourceFile = typeof r.source_file === 'string' ? r.source_file : CSL_FILES[0]!;
    const pairTitle = index !== undefined ? cslByFile.get(sourceFile)?.[domain]?.[index]?.title : undefined;
    const source: Source =
      kind === 'ai-abstract' ? 'ai-abstract' : kind === 'ai-polish' ? 'ai-polish' : 'ai-body';
    return make({
      id: `ai:${String(r.id)}`,
      // abstracts and polished versions share the split of the human abstract of the same title
      group: pairTitle !== undefined ? titleGroup(pairTitle) : `ai:${String(r.id)}`,
      text: String(r.text),
      label: 1,
      source,
      register: 'academic',
      ...(source === 'ai-body' ? {} : { domain }),
      ...(source === 'ai-polish' ? { style: typeof r.style === 'string' ? r.style : 'polish' } : {}),
    });
  });
}

const THESIS_FILE = 'human_thesis_zh/thesis-body.jsonl';

/** A thesis is one group: its paragraphs never straddle splits (they share the author's voice and topic). */
function thesisGroup(repo: string): string {
  return `thesis:${repo}`;
}

/** Human thesis-body paragraphs (training and evaluation inside the project only), in their order per thesis. */
function loadHumanThesis(): CorpusText[] {
  if (!fs.existsSync(path.join(DATA_DIR, THESIS_FILE))) return [];
  const order = new Map<string, number>();
  return readJsonl(THESIS_FILE).map((r) => {
    const repo = String(r.repo);
    const n = order.get(repo) ?? 0;
    order.set(repo, n + 1);
    return make({
      id: `thesis:${String(r.id)}`,
      group: thesisGroup(repo),
      text: String(r.text).trim(),
      label: 0,
      source: 'human-thesis',
      register: 'thesis',
      thesis: { repo, order: n },
    });
  });
}

/**
 * thesis-body2 (AI thesis paragraphs, six ways of asking) and polish3 (AI-polished human thesis paragraphs, each in
 * the split of its original's thesis; the originals are marked as polished pairs).
 */
function loadAiThesis(humanThesis: readonly CorpusText[]): CorpusText[] {
  const out: CorpusText[] = [];
  if (fs.existsSync(path.join(DATA_DIR, 'ai_academic_zh/thesis-body2.jsonl'))) {
    for (const r of readJsonl('ai_academic_zh/thesis-body2.jsonl')) {
      out.push(
        make({
          id: `ai:${String(r.id)}`,
          group: `ai:${String(r.id)}`,
          text: String(r.text),
          label: 1,
          source: 'ai-thesis',
          register: 'thesis',
          style: String(r.prompt_style),
        }),
      );
    }
  }
  if (fs.existsSync(path.join(DATA_DIR, 'ai_academic_zh/polish3-thesis.jsonl'))) {
    const originals = new Map(humanThesis.map((t) => [t.id.slice('thesis:'.length), t]));
    for (const r of readJsonl('ai_academic_zh/polish3-thesis.jsonl')) {
      const original = originals.get(String(r.source_id));
      if (!original) continue;
      original.polishedOriginal = true;
      out.push(
        make({
          id: `ai:${String(r.id)}`,
          group: original.group,
          text: String(r.text),
          label: 1,
          source: 'ai-thesis-polish',
          register: 'thesis',
          style: String(r.style),
        }),
      );
    }
  }
  return out;
}

/** All training-licensed texts with their deterministic split; exact duplicates (canonical form) dropped. */
export function loadCorpus(): CorpusText[] {
  const { texts: cslHuman, byFile } = loadCslHuman();
  const aiAcademic = loadAiAcademic(byFile);
  const polishedGroups = new Set(aiAcademic.filter((t) => t.source === 'ai-polish').map((t) => t.group));
  for (const t of cslHuman) if (polishedGroups.has(t.group)) t.polishedOriginal = true;
  const humanThesis = loadHumanThesis();
  const aiThesis = loadAiThesis(humanThesis);
  const all = [
    ...loadHc3(),
    ...loadM4(),
    ...cslHuman,
    ...loadCslBenchmark(),
    ...aiAcademic,
    ...humanThesis,
    ...aiThesis,
  ];
  const seen = new Set<string>();
  const out: CorpusText[] = [];
  for (const t of all) {
    const key = canonicalText(t.text);
    if (key.length === 0) continue;
    // the same abstract under two ids (the CSL sets overlap) must not straddle splits: keep the first
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

/** The HC3 phrase lists (GB18030 text files), without the English error strings marked with "!". */
export function loadIndicatingWords(): { aiPhrases: string[]; humanPhrases: string[] } {
  const read = (file: string) =>
    new TextDecoder('gb18030')
      .decode(fs.readFileSync(path.join(DATA_DIR, 'hc3_indicating_words', file)))
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0 && !l.startsWith('!') && /[\u4e00-\u9fff]/.test(l));
  return {
    aiPhrases: read('indicating_words_zh_chatgpt.txt'),
    humanPhrases: read('indicating_words_zh_human.txt'),
  };
}

export interface LabelledText {
  text: string;
  label: 0 | 1;
}

export interface EvaluationSet {
  name: string;
  items: LabelledText[];
  /** Texts dropped because the training corpus contains them verbatim. */
  overlapping: number;
}

function parseCsv(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const text = content.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function csvObjects(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(DATA_DIR, file), 'utf8'));
  if (!header) return [];
  return rows
    .filter((r) => r.length === header.length)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!])));
}

/** Evaluation-only sets (never trained on): agt2025_zh (GPT-4.5, DeepSeek-R1) and hc3plus_zh. */
export function loadOutOfDistribution(corpus: readonly CorpusText[]): EvaluationSet[] {
  const known = new Set(corpus.map((t) => canonicalText(t.text)));
  const label = (v: unknown): 0 | 1 => (String(v) === '1' ? 1 : 0);
  const sets: Array<{ name: string; items: LabelledText[] }> = [];
  const hc3Human = csvObjects('agt2025_zh/hc3_zh_human_sample.csv').map((r) => ({
    text: r.answer!,
    label: 0 as const,
  }));
  const hc3Ai = csvObjects('agt2025_zh/AGT2025_fromHC3_chinese_GPT4.5_DSR1.csv');
  for (const model of ['GPT4.5', 'DeepSeek R']) {
    sets.push({
      name: `agt2025 HC3 questions: ${model === 'GPT4.5' ? 'GPT-4.5' : 'DeepSeek-R1'} vs human`,
      items: [
        ...hc3Human,
        ...hc3Ai.filter((r) => r.model === model).map((r) => ({ text: r.answer!, label: 1 as const })),
      ],
    });
  }
  const m4Human = (readJson('agt2025_zh/M4GT_chinese_human_sample.json') as Array<{ text: string }>).map(
    (r) => ({
      text: r.text,
      label: 0 as const,
    }),
  );
  const m4Ai = readJsonl('agt2025_zh/AGT2025_fromM4GT_chinese_GPT4.5_DSR1.jsonl');
  sets.push({
    name: 'agt2025 M4GT rewrites (GPT-4.5 + DeepSeek-R1) vs human',
    items: [...m4Human, ...m4Ai.map((r) => ({ text: String(r.text), label: 1 as const }))],
  });
  sets.push({
    name: 'hc3plus val QA (ChatGPT vs human)',
    items: readJsonl('hc3plus_zh/val_hc3_QA.jsonl').map((r) => ({
      text: String(r.text),
      label: label(r.label),
    })),
  });
  sets.push({
    name: 'hc3plus val sentence-level (paraphrase/translation/summary)',
    items: readJsonl('hc3plus_zh/val_hc3_si.jsonl').map((r) => ({
      text: String(r.text),
      label: label(r.label),
    })),
  });
  return sets.map(({ name, items }) => {
    const kept = items.filter((i) => i.text.trim().length > 0 && !known.has(canonicalText(i.text)));
    return { name, items: kept, overlapping: items.length - kept.length };
  });
}
