/**
 * bench:check — quality (PAN plagdet on synthetic cases built from real CSL abstracts), false positives
 * (held-out CSL abstracts, PAWS-X pairs) and speed/memory (indexing; a 30,000-character thesis against libraries
 * of 1 M, 10 M and 100 M characters).
 *
 *   npm run bench:check                 # everything (a few minutes)
 *   npm run bench:check -- --quick      # skip the 100 M library
 *   npm run bench:check -- --scale 1e9  # speed row only, for a library of that size (cached corpus, ~2 GB per 1e9)
 *   npm run bench:check -- --tune       # quality only, over a grid of k / w / sentence threshold
 *   npm run bench:check -- --k 6 --w 8  # other parameters
 *   npm run bench:check -- --fool       # only the "harder to fool" quality rows (see fool.ts)
 *   npm run bench:check -- --scale 1e9 --word-threads-while-adding 2  # both word threads beside the character build
 *
 * Reads only ../shared/data (relative to the repository root, or $PAPERDESK_DATA_DIR); prints the reason and exits 0 when it is absent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CheckOptions,
  type CheckProgress,
  checkDocument,
  type Detection,
  type LibraryDocument,
  loadIndex,
  PlagiarismIndex,
  type PlagdetCase,
  plagdet,
  segmentWordsInBackground,
  type WordIndex,
  warmWordIndex,
} from '../src/index.ts';
import {
  args,
  asDoc,
  benchTmp,
  collectGarbage,
  cpuMs,
  dataDir,
  flag,
  fmt,
  benchAbstracts,
  loadAverage,
  mb,
  median,
  num,
  table,
} from './cli.ts';
import {
  type EditStats,
  loadPaws,
  makeSuspicious,
  type Obfuscation,
  rng,
  type SuspiciousDoc,
  thesis,
  copiedRecall,
} from './corpus.ts';
import { harderToFool } from './fool.ts';
import { generatedCount, generatedDocuments } from './markov.ts';
import { type Split, scaledLibrary, split } from './scaled.ts';

const K = num('k', 6);
const W = num('w', 8);
const SENTENCE_SIM = num('sim', 0.5);
const MIN_MATCHED = num('min', 13);
const SEED = num('seed', 42);
const SUSPICIOUS_PER_TYPE = num('docs', 60);
/** Word threads segmenting beside the character build (`--word-threads-while-adding`; two after it). */
const WORD_THREADS_WHILE_ADDING = num('word-threads-while-adding', 1);

function detectionsOf(
  id: string,
  paragraphs: string[],
  index: PlagiarismIndex,
  options: CheckOptions,
): Detection[] {
  const report = checkDocument(asDoc(paragraphs), index, options);
  // one detection per aligned passage (quoted/copy pieces of one passage share the source range)
  const seen = new Set<string>();
  const out: Detection[] = [];
  for (const m of report.matches) {
    const key = `${m.docId}:${m.sourceStart}:${m.sourceEnd}:${m.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      suspId: id,
      suspStart: m.start,
      suspEnd: m.end,
      srcId: m.docId,
      srcStart: m.sourceStart,
      srcEnd: m.sourceEnd,
    });
  }
  return out;
}

function buildIndex(docs: Iterable<LibraryDocument>, k: number, w: number): PlagiarismIndex {
  const index = new PlagiarismIndex({ k, w });
  for (const d of docs) index.add(d);
  index.commit();
  return index;
}

interface QualityResult {
  rows: Array<Array<string | number>>;
  scores: Record<Obfuscation, number>;
  /** plagdet counting only detections that touch a case (background overlaps of the original text left out). */
  inCase: Record<Obfuscation, number>;
  editRate: number;
  libraryChars: number;
  libraryDocs: number;
  checkMs: number;
}

function quality(s: Split, k: number, w: number, options: CheckOptions): QualityResult {
  const index = buildIndex(s.library, k, w);
  const r = rng(SEED + 1);
  const edits: EditStats = { chars: 0, edits: 0 };
  const types: Obfuscation[] = ['verbatim', 'light', 'reordered', 'mixed'];
  const rows: Array<Array<string | number>> = [];
  const scores = {} as Record<Obfuscation, number>;
  const inCase = {} as Record<Obfuscation, number>;
  const targets: Record<Obfuscation, string> = {
    verbatim: '≥ 0.95',
    light: '≥ 0.85',
    reordered: '≥ 0.70',
    mixed: '-',
    rewriter: '-',
    heavy: '-',
  };
  let checkMs = 0;
  for (const type of types) {
    const docs: SuspiciousDoc[] = [];
    for (let i = 0; i < SUSPICIOUS_PER_TYPE; i++) {
      docs.push(makeSuspicious(r, `${type}-${i}`, type, s.library, s.heldOut, 1 + (i % 3), edits));
    }
    const cases: PlagdetCase[] = docs.flatMap((d) => d.cases);
    const detections: Detection[] = [];
    const t0 = performance.now();
    for (const d of docs) detections.push(...detectionsOf(d.id, d.paragraphs, index, options));
    checkMs += performance.now() - t0;
    const score = plagdet(cases, detections);
    const touching = detections.filter((d) =>
      cases.some((c) => c.suspId === d.suspId && c.suspStart < d.suspEnd && d.suspStart < c.suspEnd),
    );
    const local = plagdet(cases, touching);
    scores[type] = score.plagdet;
    inCase[type] = local.plagdet;
    rows.push([
      type,
      score.cases,
      score.detections,
      fmt(score.precision),
      fmt(score.recall),
      fmt(score.granularity),
      fmt(score.plagdet),
      `${fmt(local.precision)} / ${fmt(local.plagdet)}`,
      targets[type],
    ]);
  }
  const stats = index.stats();
  return {
    rows,
    scores,
    inCase,
    editRate: edits.edits / Math.max(1, edits.chars),
    libraryChars: stats.characters,
    libraryDocs: stats.documents,
    checkMs,
  };
}

function falsePositives(s: Split, options: CheckOptions): Array<Array<string | number>> {
  const rows: Array<Array<string | number>> = [];
  const index = buildIndex(s.library, K, W);
  // held-out CSL abstracts against the library: none of them is in it
  let flagged = 0;
  let flaggedChars = 0;
  let totalChars = 0;
  let ratioSum = 0;
  for (const a of s.heldOut) {
    const rep = checkDocument(asDoc([a.text]), index, options);
    if (rep.matches.length > 0) flagged++;
    flaggedChars += rep.overlapChars;
    totalChars += rep.totalChars;
    ratioSum += rep.ratios.total;
  }
  rows.push([
    'unrelated CSL abstracts (held out)',
    s.heldOut.length,
    `${flagged} (${fmt((100 * flagged) / s.heldOut.length, 1)}%)`,
    `${fmt((100 * ratioSum) / s.heldOut.length, 2)}%`,
    `${fmt((100 * flaggedChars) / Math.max(1, totalChars), 2)}%`,
  ]);
  // PAWS-X: sentence 1 of every pair in a library, sentence 2 checked against it
  const paws = loadPaws(dataDir);
  const pawsIndex = buildIndex(
    paws.map((p, i) => ({ id: `paws-${i}`, title: `PAWS ${i}`, text: p.a })),
    K,
    W,
  );
  for (const label of [1, 0]) {
    // pairs checked, pairs with any match, pairs matched to their own sentence 1, and the summed report numbers
    const sum = { n: 0, hit: 0, hitOwnPair: 0, chars: 0, total: 0, ratios: 0 };
    paws.forEach((p, i) => {
      if (p.label !== label) return;
      sum.n++;
      const rep = checkDocument(asDoc([p.b]), pawsIndex, options);
      if (rep.matches.length > 0) sum.hit++;
      if (rep.matches.some((m) => m.docId === `paws-${i}`)) sum.hitOwnPair++;
      sum.chars += rep.overlapChars;
      sum.total += rep.totalChars;
      sum.ratios += rep.ratios.total;
    });
    rows.push([
      `PAWS-X test, label ${label} (${label ? 'paraphrase' : 'not paraphrase'}); own pair flagged ${sum.hitOwnPair}`,
      sum.n,
      `${sum.hit} (${fmt((100 * sum.hit) / sum.n, 1)}%)`,
      `${fmt((100 * sum.ratios) / sum.n, 2)}%`,
      `${fmt((100 * sum.chars) / Math.max(1, sum.total), 2)}%`,
    ]);
  }
  return rows;
}

interface SpeedRow {
  target: number;
  docs: number;
  textChars: number;
  /** Character index: adding the library until its last segment is sealed, wall (the word threads run beside it). */
  buildS: number;
  /** Everything: characters, the word index finished on every thread after them, and the save; wall and CPU of all threads. */
  totalBuildS: number;
  totalBuildCpuS: number;
  segments: number;
  fingerprints: number;
  indexMb: number;
  textFileMb: number;
  loadS: number;
  queryMs: number[];
  queryCpuMs: number[];
  coldMs: number;
  ratio: number;
  copiedShare: number;
  copiedRecall: number;
  candidates: number;
  rssMb: number;
  peakRssMb: number;
  addS: number;
  addWordS: number;
  addWrittenMb: number;
  /** The reworded stage's word index: wall after the character build until its last thread answered (s), read back after loading (s), MB, share of the library covered. */
  wordBuildS: number;
  wordS: number;
  wordMb: number;
  wordCoverage: number;
  reworded: RewordedFound;
}

interface RewordedFound {
  cases: number;
  /** Share of the reworded cases' characters flagged with their right source: all cases, and those whose source lies past the first 11.2 % of the library. */
  found: number;
  lateCases: number;
  lateFound: number;
}

/**
 * Reworded copying found at scale: documents each holding passages of planted sources rewritten by our own
 * 智能降重 with a word inserted every ≤ 5 characters (no 6-gram survives, so only the reworded stage can find
 * them). The planted sources are spread evenly over the library, so "late" ones lie past the first 11.2 %
 * (what the old 100 M-character bound covered of 1 B).
 */
function rewordedFound(index: PlagiarismIndex, sources: LibraryDocument[], s: Split): RewordedFound {
  const r = rng(SEED + 7);
  const edits: EditStats = { chars: 0, edits: 0 };
  const late = new Set(sources.slice(Math.floor(sources.length * 0.112)).map((d) => d.id));
  let chars = 0;
  let found = 0;
  let lateChars = 0;
  let lateFound = 0;
  let cases = 0;
  let lateCases = 0;
  for (let i = 0; i < 40; i++) {
    const d = makeSuspicious(r, `reworded-${i}`, 'heavy', sources, s.heldOut, 2, edits);
    const detections = detectionsOf(d.id, d.paragraphs, index, {});
    for (const c of d.cases) {
      const flagged = new Uint8Array(c.suspEnd - c.suspStart);
      for (const det of detections)
        if (det.srcId === c.srcId)
          flagged.fill(
            1,
            Math.max(0, det.suspStart - c.suspStart),
            Math.max(0, Math.min(c.suspEnd, det.suspEnd) - c.suspStart),
          );
      const hit = flagged.reduce((a, b) => a + b, 0);
      cases++;
      chars += flagged.length;
      found += hit;
      if (late.has(c.srcId)) {
        lateCases++;
        lateChars += flagged.length;
        lateFound += hit;
      }
    }
  }
  return {
    cases,
    found: found / Math.max(1, chars),
    lateCases,
    lateFound: lateFound / Math.max(1, lateChars),
  };
}

/**
 * A library of `target` characters (Markov-generated documents with the real library abstracts planted among
 * them) built straight into an index folder, as the server keeps it: segments written as they are sealed,
 * size-tiered merges, texts in the files. Then it is loaded again (postings into shared memory, texts left in
 * the files), checked with theses copying from the planted abstracts, and grown by 1,000 documents.
 */
async function speed(s: Split, target: number): Promise<SpeedRow> {
  const log = (m: string) => console.log(m);
  const extra = 1000;
  const { cache, sources, documents } = scaledLibrary(s, target, SEED, log);
  const folder = fs.mkdtempSync(path.join(benchTmp(), 'pdpx-bench-'));
  try {
    let index: PlagiarismIndex | undefined = PlagiarismIndex.open(folder, { k: K, w: W });
    // 专业版's word index (content words of the whole library) is segmented at build time on worker threads and saved
    // with the segments, so no load segments it again: one thread beside the character build, two after it
    let building: WordIndex | undefined = segmentWordsInBackground(index, 2, WORD_THREADS_WHILE_ADDING);
    let docs = 0;
    let textChars = 0;
    // documents are read from the cache outside the timed indexing work
    let readMs = 0;
    let readCpu = 0;
    const t0 = performance.now();
    const t0cpu = cpuMs();
    const all = documents();
    for (;;) {
      const r0 = performance.now();
      const r0cpu = cpuMs();
      const next = all.next();
      readMs += performance.now() - r0;
      readCpu += cpuMs() - r0cpu;
      if (next.done) break;
      index.add(next.value);
      textChars += next.value.text.length;
      docs++;
    }
    index.commit();
    const buildS = (performance.now() - t0 - readMs) / 1000;
    const wb0 = performance.now();
    await building.settle();
    // the built word index goes with the built character index (the serving figures are the loaded ones')
    building = undefined;
    const wordBuildS = (performance.now() - wb0) / 1000;
    index.save(folder);
    const totalBuildS = (performance.now() - t0 - readMs) / 1000;
    const totalBuildCpuS = (cpuMs() - t0cpu - readCpu) / 1000;
    const stats = index.stats();
    index.close();
    index = undefined;
    // the serving figures below should not count the built index's arrays waiting for a collection
    collectGarbage();
    log(`  built ${target / 1e6} M: ${docs} docs, ${fmt(buildS, 1)} s`);

    const l0 = performance.now();
    const loaded = loadIndex(folder);
    const loadS = (performance.now() - l0) / 1000;
    if (loaded.size !== docs) throw new Error('loaded index differs');
    // 专业版 as the server runs it: the check thread reads the reworded stage's word index right after loading
    const w0 = performance.now();
    const words = warmWordIndex(loaded);
    const wordS = (performance.now() - w0) / 1000;
    const wordMb = words.bytes / 1048576;
    const wordCoverage = words.coverage;
    const queryMs: number[] = [];
    const queryCpuMs: number[] = [];
    let ratio = 0;
    let candidates = 0;
    let copiedShare = 0;
    let recall = 0;
    // warm-up, then five different theses
    const c0 = performance.now();
    checkDocument(thesis(SEED + 100, sources, s.heldOut).doc, loaded);
    const coldMs = performance.now() - c0;
    const runs = 5;
    const stageMs = new Map<string, number>();
    for (let q = 0; q < runs; q++) {
      const t = thesis(SEED + 200 + q, sources, s.heldOut);
      const q0 = performance.now();
      const q0cpu = cpuMs();
      // wall time per stage: from a stage's first progress report to the next stage's
      let stage = 'prepare';
      let since = q0;
      const onProgress = (p: CheckProgress) => {
        if (p.stage === stage) return;
        const now = performance.now();
        stageMs.set(stage, (stageMs.get(stage) ?? 0) + (now - since) / runs);
        stage = p.stage;
        since = now;
      };
      const rep = checkDocument(t.doc, loaded, { onProgress });
      stageMs.set(stage, (stageMs.get(stage) ?? 0) + (performance.now() - since) / runs);
      queryMs.push(performance.now() - q0);
      queryCpuMs.push(cpuMs() - q0cpu);
      ratio += rep.ratios.total / runs;
      const cr = copiedRecall(t, rep.spans);
      copiedShare += cr.share / runs;
      recall += cr.recall / runs;
      candidates = Math.max(candidates, rep.engine.candidates);
    }
    const rssMb = process.memoryUsage().rss / 1048576;
    const reworded = rewordedFound(loaded, sources, s);
    log(
      `  ${target / 1e6} M query stages, mean wall ms: ${[...stageMs].map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`,
    );

    // grow the library: 1,000 documents appended as one new segment file and a new manifest
    const first = generatedCount(cache, target);
    const later = [...generatedDocuments(cache, first, first + extra)];
    const before = new Set(fs.readdirSync(folder));
    const a0 = performance.now();
    for (const d of later) loaded.add(d);
    // the save segments the added documents' words (within the word index's bound) and appends them as a block
    const aw0 = performance.now();
    warmWordIndex(loaded);
    const addWordS = (performance.now() - aw0) / 1000;
    loaded.save(folder);
    const addS = (performance.now() - a0) / 1000;
    let addWritten = 0;
    for (const f of fs.readdirSync(folder))
      if (!before.has(f)) addWritten += fs.statSync(path.join(folder, f)).size;
    if (loaded.size !== docs + later.length) throw new Error('added documents are missing');
    loaded.close();
    return {
      target,
      docs,
      textChars,
      buildS,
      totalBuildS,
      totalBuildCpuS,
      segments: stats.segments,
      fingerprints: stats.fingerprints,
      indexMb: stats.bytes / 1048576,
      textFileMb: stats.textFileBytes / 1048576,
      loadS,
      queryMs,
      queryCpuMs,
      coldMs,
      ratio,
      copiedShare,
      copiedRecall: recall,
      candidates,
      rssMb,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      addS,
      addWordS,
      addWrittenMb: addWritten / 1048576,
      wordBuildS,
      wordS,
      wordMb,
      wordCoverage,
      reworded,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function speedTable(sizes: number[], s: Split): Promise<void> {
  const rows: Array<Array<string | number>> = [];
  for (const size of sizes) {
    const row = await speed(s, size);
    const sorted = [...row.queryMs].sort((a, b) => a - b);
    rows.push([
      size >= 1e9 ? `${size / 1e9} B` : `${size / 1e6} M`,
      row.docs,
      row.textChars,
      `${fmt(row.buildS, 1)}; with words ${fmt(row.totalBuildS, 1)} (cpu ${fmt(row.totalBuildCpuS, 1)})`,
      `${fmt(row.textChars / row.buildS / 1e6, 1)} M; with words ${fmt(row.textChars / row.totalBuildS / 1e6, 1)} M`,
      row.segments,
      row.fingerprints,
      `${mb(row.indexMb * 1048576)} / ${mb(row.textFileMb * 1048576)}`,
      `${fmt(row.loadS + row.wordS, 2)} (words ${fmt(row.wordS, 2)})`,
      `${fmt(row.wordBuildS, 1)} / ${Math.round(row.wordMb)} / ${fmt(100 * row.wordCoverage, 1)}%`,
      `${Math.round(median(row.queryMs))} (max ${Math.round(sorted[sorted.length - 1]!)}; cpu ${Math.round(median(row.queryCpuMs))}; first ${Math.round(row.coldMs)})`,
      row.candidates,
      `${fmt(100 * row.copiedShare, 1)}% / ${fmt(100 * row.copiedRecall, 1)}%`,
      `${fmt(100 * row.reworded.found, 1)}% of ${row.reworded.cases}; late ${fmt(100 * row.reworded.lateFound, 1)}% of ${row.reworded.lateCases}`,
      `${fmt(100 * row.ratio, 1)}%`,
      Math.round(row.rssMb),
      Math.round(row.peakRssMb),
      `${fmt(row.addS, 2)} (${fmt(row.addWrittenMb, 1)} MB written; words ${fmt(row.addWordS, 2)})`,
    ]);
    console.log(`  built and queried ${size / 1e6} M ...`);
  }
  table(
    'Speed: a 30,000-character thesis (copied share and the share of it flagged shown) against libraries of Markov-generated text with the real abstracts planted (targets at 1 B: build ≥ 10 M chars/s, load ≤ 10 s, query ≤ 1 s median, RSS ≤ 6 GB, found ≥ 99 %, add 1,000 docs ≤ 2 s)',
    [
      'library',
      'docs',
      'text chars',
      'build s wall: characters; with words (cpu, all threads)',
      'chars/s wall: characters; with words',
      'segments',
      'fingerprints',
      'postings MB / texts on disk MB',
      'load s (characters + words)',
      'word index: s after the characters / MB / covered',
      'query ms: median of 5 wall',
      'candidates',
      'copied / found',
      'reworded found (right source)',
      '总文字复制比',
      'RSS MB serving (loaded, after queries)',
      'peak RSS MB (building)',
      'add 1,000 docs + save s (of it segmenting words)',
    ],
    rows,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const abstracts = benchAbstracts('bench:check');
  if (!abstracts) return;
  const s = split(abstracts, SEED);
  console.log(
    `bench:check — node ${process.version}, ${os.cpus().length} cores, k=${K} w=${W} sentence Dice ≥ ${SENTENCE_SIM}, seed ${SEED}`,
  );
  console.log(
    `corpus: ${abstracts.length} CSL abstracts (deduplicated): library ${s.library.length}, held out ${s.heldOut.length} (original text and unrelated-abstract false positives)`,
  );

  const scale = num('scale', 0);
  if (scale > 0) {
    await speedTable([scale], s);
    console.log(
      `\ntotal ${fmt((performance.now() - started) / 1000, 1)} s wall, ${fmt(cpuMs() / 1000, 1)} s cpu; load: ${loadAverage()}`,
    );
    return;
  }

  if (flag('tune')) {
    const rows: Array<Array<string | number>> = [];
    const run = (k: number, w: number, sim: number, minMatched: number, stockDocs = 3, stockChars = 40) => {
      const q = quality(s, k, w, {
        minSentenceSimilarity: sim,
        minMatchedChars: minMatched,
        commonPhraseDocs: stockDocs,
        commonPhraseMaxChars: stockChars,
      });
      const types: Obfuscation[] = ['verbatim', 'light', 'reordered', 'mixed'];
      rows.push([
        k,
        w,
        k + w - 1,
        sim,
        minMatched,
        stockDocs ? `${stockDocs} / ${stockChars}` : 'off',
        ...types.map((t) => `${fmt(q.scores[t])} / ${fmt(q.inCase[t])}`),
        Math.round(q.checkMs),
      ]);
    };
    for (const k of [5, 6, 8]) for (const w of [4, 8, 12]) run(k, w, SENTENCE_SIM, MIN_MATCHED);
    for (const sim of [0.4, 0.5, 0.6, 0.7]) for (const m of [13, 16, 20]) run(K, W, sim, m);
    for (const [d, c] of [
      [0, 0],
      [2, 25],
      [3, 40],
      [2, 40],
      [2, 60],
    ] as const) {
      run(K, W, SENTENCE_SIM, MIN_MATCHED, d, c);
    }
    table(
      'Tuning grid: plagdet strict / counting only detections that touch a case',
      [
        'k',
        'w',
        'k+w-1',
        'Dice',
        'min chars',
        'stock phrase docs / chars',
        'verbatim',
        'light',
        'reordered',
        'mixed',
        'check ms',
      ],
      rows,
    );
    return;
  }

  const fool = () => {
    const f = harderToFool({
      library: s.library,
      heldOut: s.heldOut,
      paws: loadPaws(dataDir),
      seed: SEED,
      docsPerRow: SUSPICIOUS_PER_TYPE,
      options: {
        minSentenceSimilarity: SENTENCE_SIM,
        minMatchedChars: MIN_MATCHED,
        rewordedOptions: {
          ...(args.includes('--rsim') ? { minSimilarity: num('rsim', 0) } : {}),
          ...(args.includes('--rwords') ? { minSharedWords: num('rwords', 0) } : {}),
          ...(args.includes('--rshare') ? { maxSentenceShare: num('rshare', 0) } : {}),
          ...(args.includes('--rchars') ? { minSentenceChars: num('rchars', 0) } : {}),
          ...(args.includes('--rsingle') ? { singleSentenceSimilarity: num('rsingle', 0) } : {}),
          ...(args.includes('--rstock') ? { stockDocuments: num('rstock', 0) } : {}),
        },
      },
      detectionsOf,
      fmt,
    });
    table(
      `Quality, harder to fool (${SUSPICIOUS_PER_TYPE} documents per row, 专业版 options; "without" = the reworded stage off, or the other half of the row)`,
      ['row', 'cases', 'with the new stages', 'without / other side', 'target'],
      f.rows,
    );
    table(
      'False positives of the reworded stage: held-out CSL abstracts (none is in the library)',
      ['options', 'items', 'items with any match', 'flagged chars', 'target'],
      f.fp,
    );
  };
  if (flag('fool')) {
    fool();
    return;
  }

  const configs: Array<[string, CheckOptions]> = [
    [
      `default (min ${MIN_MATCHED} chars as 知网, Dice ≥ ${SENTENCE_SIM})`,
      { minSentenceSimilarity: SENTENCE_SIM, minMatchedChars: MIN_MATCHED },
    ],
    ['stricter (min 20 chars, Dice ≥ 0.6)', { minSentenceSimilarity: 0.6, minMatchedChars: 20 }],
  ];
  const qualityRows: Array<Array<string | number>> = [];
  const fpRows: Array<Array<string | number>> = [];
  let q: QualityResult | undefined;
  for (const [name, options] of configs) {
    q = quality(s, K, W, options);
    for (const row of q.rows) qualityRows.push([name, ...row]);
    for (const row of falsePositives(s, options)) fpRows.push([name, ...row]);
  }
  table(
    `Quality: PAN plagdet on ${SUSPICIOUS_PER_TYPE} synthetic suspicious documents per type (original text = held-out CSL abstracts; cases ≥ 40 chars), library ${q!.libraryDocs} docs / ${q!.libraryChars} matching chars; light edits at ${fmt(100 * q!.editRate, 1)} edits per 100 chars. "In-case" leaves out detections that touch no case (real stock-phrase overlaps of the original text with the library)`,
    [
      'options',
      'obfuscation',
      'cases',
      'detections',
      'precision',
      'recall',
      'granularity',
      'plagdet',
      'in-case precision / plagdet',
      'target',
    ],
    qualityRows,
  );
  table(
    'False positives (nothing here is copied; PAWS pairs are near-identical wording by construction)',
    ['options', 'set', 'items', 'items with any match', 'mean 总文字复制比', 'flagged chars'],
    fpRows,
  );

  fool();

  await speedTable(flag('quick') ? [1e6, 1e7] : [1e6, 1e7, 1e8], s);
  console.log(
    `\ntotal ${fmt((performance.now() - started) / 1000, 1)} s wall, ${fmt(cpuMs() / 1000, 1)} s cpu (wall >> cpu means other processes were using the cores)`,
  );
}

await main();
