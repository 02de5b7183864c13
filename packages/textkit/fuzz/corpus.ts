/**
 * The fuzz corpus: seeded mutations of valid seeds (.docx, .pdf, .txt) plus the fixed bombs, and one runner
 * that reads a case through the real readDocument and classifies the outcome. Shared by the fuzz test and the
 * `npm run fuzz` soak.
 */
import JSZip from 'jszip';
import { readDocument, seededRandom } from '../src/index.ts';
import { TextkitError } from '../src/errors.ts';
import type { ReadLimits } from '../src/limits.ts';
import { buildDocx, buildPdf, encodeGbk, layoutPdf } from '../test/fixtures.ts';
import {
  docxDeepNesting,
  docxEntityExpansion,
  docxManyParagraphs,
  docxParts,
  flipBits,
  oleEncryptedDocx,
  pdfEncrypted,
  pdfEndlessObjectStreams,
  pdfManyPages,
  scannedPdf,
  smashRun,
  truncate,
  validDocx,
  validPdf,
  validTxt,
  writeZip,
} from './bombs.ts';

export type Format = 'docx' | 'pdf' | 'txt';

export interface FuzzCase {
  label: string;
  format: Format;
  filename: string;
  bytes: Uint8Array;
}

export interface Seeds {
  docx: Uint8Array[];
  /** Parts of the seed .docx files, to mutate inside the zip (past the zip layer, into the XML). */
  docxParts: Array<Map<string, Uint8Array>>;
  pdf: Uint8Array[];
  txt: Uint8Array[];
}

const BODY =
  '本文研究了中文学术论文的文本复用检测问题，提出一种基于字符指纹与句子相似度的两阶段方法，在公开数据上取得了较好的效果。';

export async function buildSeeds(): Promise<Seeds> {
  const richDocx = await buildDocx([
    { text: '论文题目', style: 'Title' },
    { text: '摘要' },
    { text: BODY },
    { text: '第一章 绪论', style: 'Heading1' },
    ...Array.from({ length: 30 }, (_, i) => ({ text: `${i + 1}. ${BODY}` })),
    { text: 'Tom & Jerry <test> "quoted"' },
    { text: '参考文献', style: 'Heading1' },
  ]);
  const docx = [await validDocx(), richDocx];
  const docxPartSets: Array<Map<string, Uint8Array>> = [await docxParts()];
  const rich = await JSZip.loadAsync(richDocx);
  const richParts = new Map<string, Uint8Array>();
  for (const name of Object.keys(rich.files)) {
    const f = rich.file(name);
    if (f) richParts.set(name, await f.async('uint8array'));
  }
  docxPartSets.push(richParts);
  const pdf = [
    validPdf(),
    scannedPdf(),
    layoutPdf(
      Array.from({ length: 12 }, (_, i) =>
        i % 4 === 0 ? { text: `第${i + 1}章 方法`, heading: true } : { text: BODY },
      ),
    ),
    buildPdf([
      { lines: [{ text: 'Page one text, in English.', x: 72, y: 700 }] },
      { image: true, lines: [{ text: '图1', x: 72, y: 60 }] },
    ]),
    pdfEncrypted(),
    pdfEndlessObjectStreams(),
    pdfManyPages(30),
  ];
  const txt = [
    validTxt(),
    encodeGbk(`论文题目\n一、引言\n${BODY}\n`),
    new TextEncoder().encode(`\uFEFF${BODY}\r\n${BODY}`),
  ];
  return { docx, docxParts: docxPartSets, pdf, txt };
}

function pick<T>(items: readonly T[], rnd: () => number): T {
  return items[Math.floor(rnd() * items.length)]!;
}

function mutateBytes(bytes: Uint8Array, rnd: () => number): { bytes: Uint8Array; how: string } {
  const r = rnd();
  if (r < 0.4) return { bytes: flipBits(bytes, rnd), how: 'flip' };
  if (r < 0.6) return { bytes: truncate(bytes, rnd), how: 'truncate' };
  if (r < 0.85) return { bytes: smashRun(bytes, rnd), how: 'smash' };
  return { bytes: truncate(flipBits(bytes, rnd), rnd), how: 'flip+truncate' };
}

/** Mutate one XML part of a .docx and zip it again, so the damage reaches the XML parser, not just the zip. */
function mutateDocxPart(
  parts: Map<string, Uint8Array>,
  rnd: () => number,
): { bytes: Uint8Array; how: string } {
  const names = [...parts.keys()];
  const target = pick(names, rnd);
  const { bytes, how } = mutateBytes(parts.get(target)!, rnd);
  const files = names.map((name) => ({ name, data: name === target ? bytes : parts.get(name)! }));
  return { bytes: writeZip(files), how: `${how} in ${target}` };
}

const FORMATS: Format[] = ['docx', 'docx', 'docx', 'pdf', 'pdf', 'txt'];

/** `count` seeded cases; the same seed always yields the same files. A few are cross-format or extreme. */
export function* fuzzCases(seeds: Seeds, seed: number, count: number): Generator<FuzzCase> {
  const rnd = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const format = pick(FORMATS, rnd);
    const wrongName = rnd() < 0.05;
    let bytes: Uint8Array;
    let how: string;
    if (format === 'docx' && rnd() < 0.5) {
      ({ bytes, how } = mutateDocxPart(pick(seeds.docxParts, rnd), rnd));
    } else {
      ({ bytes, how } = mutateBytes(pick(seeds[format], rnd), rnd));
    }
    // now and then the right bytes under the wrong extension
    const filename = wrongName
      ? `case${i}.${pick(['docx', 'pdf', 'txt'] as const, rnd)}`
      : `case${i}.${format}`;
    yield { label: `#${i} ${format} ${how}${wrongName ? ` as ${filename}` : ''}`, format, filename, bytes };
  }
}

/** Extra fixed cases, small enough to run in every test pass (the big bombs live in bombs.ts: allBombs). */
export async function smallBombs(): Promise<FuzzCase[]> {
  return [
    {
      label: 'docx 120k paragraphs',
      format: 'docx',
      filename: 'p.docx',
      bytes: await docxManyParagraphs(120_000),
    },
    { label: 'docx deep nesting', format: 'docx', filename: 'd.docx', bytes: await docxDeepNesting(5000) },
    { label: 'docx billion laughs', format: 'docx', filename: 'l.docx', bytes: await docxEntityExpansion() },
    { label: 'encrypted docx', format: 'docx', filename: 'e.docx', bytes: oleEncryptedDocx() },
  ];
}

export type Outcome =
  | { kind: 'ok'; blocks: number }
  | { kind: 'error'; code: string }
  | { kind: 'other'; error: unknown };

export async function runCase(c: FuzzCase, limits?: Partial<ReadLimits>): Promise<Outcome> {
  try {
    const doc = await readDocument(c.bytes, c.filename, limits);
    return { kind: 'ok', blocks: doc.blocks.length };
  } catch (error) {
    if (error instanceof TextkitError) return { kind: 'error', code: error.code };
    return { kind: 'other', error };
  }
}

export function outcomeName(o: Outcome): string {
  return o.kind === 'ok' ? 'ok' : o.kind === 'error' ? o.code : 'other';
}
