/**
 * bench:check's "harder to fool" rows: reworded copying (our own 智能降重, the same with an inserted word every
 * 5 characters, PAWS-X paraphrases planted in documents), character tricks, 引用 by reference list, 本人文献 by
 * declared author names, and false positives on held-out abstracts with the new stages on and off.
 */
import {
  type CheckOptions,
  checkDocument,
  type Detection,
  type LibraryDocument,
  PlagiarismIndex,
  type PlagdetCase,
  plagdet,
} from '../src/index.ts';
import {
  type Abstract,
  type EditStats,
  makeSuspicious,
  type Obfuscation,
  type PawsPair,
  pick,
  rng,
  type SuspiciousDoc,
} from './corpus.ts';

export interface FoolContext {
  library: LibraryDocument[];
  heldOut: Abstract[];
  paws: PawsPair[];
  seed: number;
  docsPerRow: number;
  options: CheckOptions;
  detectionsOf: (
    id: string,
    paragraphs: string[],
    index: PlagiarismIndex,
    options: CheckOptions,
  ) => Detection[];
  fmt: (n: number, digits?: number) => string;
}

type Row = Array<string | number>;

/** Share of cases with a detection of the right source covering at least half of the case. */
function rightSource(cases: PlagdetCase[], detections: Detection[]): number {
  let ok = 0;
  for (const c of cases) {
    let covered = 0;
    for (const d of detections) {
      if (d.suspId !== c.suspId || d.srcId !== c.srcId) continue;
      covered += Math.max(0, Math.min(d.suspEnd, c.suspEnd) - Math.max(d.suspStart, c.suspStart));
    }
    if (covered * 2 >= c.suspEnd - c.suspStart) ok++;
  }
  return ok / Math.max(1, cases.length);
}

/** PAWS-X label-1 pairs: sentence a of 4 pairs make a library document; b sentences are planted in documents. */
function pawsSetup(ctx: FoolContext): { docs: LibraryDocument[]; suspicious: SuspiciousDoc[] } {
  const r = rng(ctx.seed + 7);
  const pairs = ctx.paws.filter((p) => p.label === 1 && p.a.length >= 20 && p.b.length >= 20);
  const end = (s: string) => (/[。！？]$/.test(s) ? s : `${s}。`);
  const groups: Array<{ doc: LibraryDocument; a: Array<{ start: number; end: number }>; b: string[] }> = [];
  for (let i = 0; i + 4 <= pairs.length && groups.length < 400; i += 4) {
    let text = '';
    const a: Array<{ start: number; end: number }> = [];
    const b: string[] = [];
    for (const p of pairs.slice(i, i + 4)) {
      a.push({ start: text.length, end: text.length + end(p.a).length });
      text += end(p.a);
      b.push(end(p.b));
    }
    groups.push({ doc: { id: `paws-doc-${groups.length}`, title: `PAWS-X ${groups.length}`, text }, a, b });
  }
  const suspicious: SuspiciousDoc[] = [];
  for (let i = 0; i < ctx.docsPerRow; i++) {
    const g = groups[i % groups.length]!;
    const first = Math.floor(r() * 2);
    const n = 2 + Math.floor(r() * 2);
    const planted = g.b.slice(first, first + n).join('');
    const filler = pick(r, ctx.heldOut).text;
    const cut = filler.indexOf('。') + 1 || filler.length;
    const id = `paws-${i}`;
    suspicious.push({
      id,
      type: 'light',
      paragraphs: [filler.slice(0, cut) + planted + filler.slice(cut)],
      cases: [
        {
          suspId: id,
          suspStart: cut,
          suspEnd: cut + planted.length,
          srcId: g.doc.id,
          srcStart: g.a[first]!.start,
          srcEnd: g.a[Math.min(g.a.length, first + n) - 1]!.end,
        },
      ],
    });
  }
  return { docs: groups.map((g) => g.doc), suspicious };
}

/** Twins that render like the character: Kangxi radicals and compatibility ideographs (by NFKC), Cyrillic. */
function twinTable(): Map<string, string[]> {
  const twins = new Map<string, string[]>();
  const add = (of: string, twin: string) => twins.set(of, [...(twins.get(of) ?? []), twin]);
  for (let c = 0x2f00; c <= 0x2fd5; c++)
    add(String.fromCharCode(c).normalize('NFKC'), String.fromCharCode(c));
  for (let c = 0xf900; c <= 0xfad9; c++) {
    const n = String.fromCharCode(c).normalize('NFKC');
    if (n.length === 1) add(n, String.fromCharCode(c));
  }
  for (const [latin, cyr] of [
    ['a', 'а'],
    ['e', 'е'],
    ['o', 'о'],
    ['p', 'р'],
    ['c', 'с'],
    ['x', 'х'],
  ] as const)
    add(latin, cyr);
  return twins;
}

/** Half of the characters that have a twin swapped for it, and a zero-width space after every 3rd hanzi. */
function trick(r: () => number, text: string, twins: Map<string, string[]>): string {
  let out = '';
  let han = 0;
  for (const ch of text) {
    const t = twins.get(ch);
    out += t && r() < 0.5 ? pick(r, t) : ch;
    if (/[\u4e00-\u9fff]/.test(ch) && ++han % 3 === 0) out += '\u200B';
  }
  return out;
}

export function harderToFool(ctx: FoolContext): { rows: Row[]; fp: Row[] } {
  const { fmt } = ctx;
  const paws = pawsSetup(ctx);
  const index = new PlagiarismIndex();
  for (const d of ctx.library) index.add(d);
  for (const d of paws.docs) index.add(d);
  index.commit();
  const on: CheckOptions = { ...ctx.options, paraphrase: true, reworded: true };
  const off: CheckOptions = { ...on, reworded: false };
  const rows: Row[] = [];
  const r = rng(ctx.seed + 3);
  const edits: EditStats = { chars: 0, edits: 0 };

  const score = (docs: SuspiciousDoc[], options: CheckOptions) => {
    const cases = docs.flatMap((d) => d.cases);
    const detections = docs.flatMap((d) => ctx.detectionsOf(d.id, d.paragraphs, index, options));
    return { s: plagdet(cases, detections), right: rightSource(cases, detections) };
  };
  const reworded: Array<[string, SuspiciousDoc[]]> = (['rewriter', 'heavy'] as Obfuscation[]).map((type) => [
    type === 'rewriter'
      ? '智能降重 strong of a library passage (own rewriter)'
      : '智能降重 strong + a word inserted every ≤ 5 chars (no shared 6-gram)',
    Array.from({ length: ctx.docsPerRow }, (_, i) =>
      makeSuspicious(r, `${type}-${i}`, type, ctx.library, ctx.heldOut, 1 + (i % 2), edits),
    ),
  ]);
  reworded.push(['PAWS-X paraphrases (label 1) planted, 2-3 sentences', paws.suspicious]);
  for (const [name, docs] of reworded) {
    const a = score(docs, on);
    const b = score(docs, off);
    rows.push([
      name,
      docs.flatMap((d) => d.cases).length,
      `plagdet ${fmt(a.s.plagdet)} (P ${fmt(a.s.precision)} R ${fmt(a.s.recall)}); right source ${fmt(100 * a.right, 1)}%`,
      `plagdet ${fmt(b.s.plagdet)} (P ${fmt(b.s.precision)} R ${fmt(b.s.recall)}); right source ${fmt(100 * b.right, 1)}%`,
      name.startsWith('智能降重 strong of') ? 'right source ≥ 95%' : '-',
    ]);
  }

  // character tricks on verbatim copying
  const twins = twinTable();
  const untricked: SuspiciousDoc[] = [];
  const tricked = Array.from({ length: ctx.docsPerRow }, (_, i) => {
    const d = makeSuspicious(r, `trick-${i}`, 'verbatim', ctx.library, ctx.heldOut, 1 + (i % 2), edits);
    untricked.push(d);
    // rewrite the cases in place, shifting offsets: one paragraph holds each case (see makeSuspicious)
    const text = d.paragraphs.join('\n');
    let out = '';
    let at = 0;
    const cases: PlagdetCase[] = [];
    for (const c of [...d.cases].sort((x, y) => x.suspStart - y.suspStart)) {
      out += text.slice(at, c.suspStart);
      const t = trick(r, text.slice(c.suspStart, c.suspEnd), twins);
      cases.push({ ...c, suspStart: out.length, suspEnd: out.length + t.length });
      out += t;
      at = c.suspEnd;
    }
    out += text.slice(at);
    return { ...d, paragraphs: out.split('\n'), cases };
  });
  const t = score(tricked, off);
  let flagged = 0;
  for (const d of tricked) {
    const rep = checkDocument({ blocks: d.paragraphs.map((text) => ({ kind: 'paragraph', text })) }, index);
    if (rep.integrity.characters) flagged++;
  }
  let falseFlags = 0;
  for (const a of ctx.heldOut) {
    const rep = checkDocument({ blocks: [{ kind: 'paragraph', text: a.text }] }, index, {
      paraphrase: false,
    });
    if (rep.integrity.characters) falseFlags++;
  }
  rows.push([
    'character tricks: ½ of radical/compat/Cyrillic-twin chars swapped, U+200B every 3 hanzi (verbatim cases)',
    tricked.flatMap((d) => d.cases).length,
    `plagdet ${fmt(t.s.plagdet)} (P ${fmt(t.s.precision)} R ${fmt(t.s.recall)} G ${fmt(t.s.granularity)}), right source ${fmt(100 * t.right, 1)}%; 疑似字符替换 on ${flagged}/${tricked.length} docs`,
    `held-out abstracts flagged: ${falseFlags}/${ctx.heldOut.length}; same cases untricked: plagdet ${fmt(score(untricked, off).s.plagdet)}`,
    'plagdet ≥ 0.95',
  ]);

  // 引用 by reference list: half of the cases' sources listed as references
  let citedChars = 0;
  let citedAsQuoted = 0;
  let uncitedChars = 0;
  let uncitedAsCopy = 0;
  const byId = new Map(ctx.library.map((d) => [d.id, d]));
  for (let i = 0; i < ctx.docsPerRow; i++) {
    const d = makeSuspicious(r, `cite-${i}`, 'verbatim', ctx.library, ctx.heldOut, 2, edits);
    const listed = new Set(d.cases.filter((_, k) => k % 2 === 0).map((c) => c.srcId));
    const refs = [...listed].map(
      (id, k) => `[${k + 1}] 作者. ${byId.get(id)!.title}[J]. 学报, 2020, 1(2): 3-4.`,
    );
    const rep = checkDocument(
      {
        blocks: [
          ...d.paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
          { kind: 'heading', level: 1, text: '参考文献' },
          ...refs.map((text) => ({ kind: 'paragraph' as const, text })),
        ],
      },
      index,
      ctx.options,
    );
    for (const c of d.cases) {
      const len = c.suspEnd - c.suspStart;
      let quoted = 0;
      let copy = 0;
      for (const m of rep.matches) {
        const ov = Math.max(0, Math.min(m.end, c.suspEnd) - Math.max(m.start, c.suspStart));
        if (m.kind === 'quoted') quoted += ov;
        else copy += ov;
      }
      if (listed.has(c.srcId)) {
        citedChars += len;
        citedAsQuoted += Math.min(len, quoted);
      } else {
        uncitedChars += len;
        uncitedAsCopy += Math.min(len, copy);
      }
    }
  }
  rows.push([
    '引用 by reference list: sources of ½ of the cases listed in 参考文献',
    ctx.docsPerRow * 2,
    `cited cases' chars counted as 引用: ${fmt((100 * citedAsQuoted) / Math.max(1, citedChars), 1)}%`,
    `uncited cases' chars still 复制: ${fmt((100 * uncitedAsCopy) / Math.max(1, uncitedChars), 1)}%`,
    '≥ 95% / ≥ 95%',
  ]);

  // 本人文献: the case's source is the author's own paper, and a third party reposted the same passage
  let ownFound = 0;
  let thirdKept = 0;
  const own = new PlagiarismIndex();
  for (const d of ctx.library) own.add(d);
  const ownDocs = Array.from({ length: ctx.docsPerRow }, (_, i) => {
    const d = makeSuspicious(r, `own-${i}`, 'verbatim', ctx.library, ctx.heldOut, 1, edits);
    const src = byId.get(d.cases[0]!.srcId)!;
    own.add({ ...src, id: `own-src-${i}`, author: `本人${i}, 合作者`, text: src.text });
    return { d, i };
  });
  for (const { d, i } of ownDocs) {
    const rep = checkDocument({ blocks: d.paragraphs.map((text) => ({ kind: 'paragraph', text })) }, own, {
      ...ctx.options,
      ownAuthors: [`本人${i}`],
    });
    const c = d.cases[0]!;
    const overlaps = (docId: string) =>
      rep.matches.some((m) => m.docId === docId && m.start < c.suspEnd && m.end > c.suspStart);
    if (overlaps(`own-src-${i}`) && rep.similarDocuments.find((x) => x.docId === `own-src-${i}`)?.own)
      ownFound++;
    if (overlaps(c.srcId)) thirdKept++;
  }
  rows.push([
    '本人文献 by declared author: own paper + the same passage in a third-party document',
    ctx.docsPerRow,
    `own paper found and marked 本人: ${ownFound}/${ctx.docsPerRow}`,
    `third-party source still reported: ${thirdKept}/${ctx.docsPerRow}`,
    'all / all',
  ]);

  // false positives with every stage on, and with the reworded stage off
  const fp: Row[] = [];
  for (const [name, options] of [
    ['专业版 with reworded stage', on],
    ['专业版 without reworded stage', off],
  ] as const) {
    let any = 0;
    let chars = 0;
    let total = 0;
    for (const a of ctx.heldOut) {
      const rep = checkDocument({ blocks: [{ kind: 'paragraph', text: a.text }] }, index, options);
      if (rep.matches.length > 0) any++;
      chars += rep.overlapChars;
      total += rep.totalChars;
    }
    fp.push([
      name,
      ctx.heldOut.length,
      `${any} (${fmt((100 * any) / ctx.heldOut.length, 1)}%)`,
      `${fmt((100 * chars) / Math.max(1, total), 2)}%`,
      '≤ 4.8% with any match',
    ]);
  }
  return { rows, fp };
}
