/**
 * `npm run bench:refs`: the reference engine against a labelled set built here from real records (records.ts)
 * by a writer and injectors that know what they wrote (labelled.ts). Prints parse F1 (Chinese, English),
 * format-problem precision/recall per kind, verdict accuracy against a fake OpenAlex that knows only the real
 * records, and entries per second. `--show` prints parsed and corrected entries to read.
 */
import {
  checkEntries,
  checkFormat,
  OpenAlexSource,
  type ParsedEntry,
  parseEntry,
  type RefFields,
  normTitle,
} from '../src/index.ts';

import { type BenchRecord, RECORDS } from './records.ts';
import { HELD_OUT } from './heldout.ts';
import { fabricate, type Gold, goldOf, inject, KINDS, type Kind, type Style, write } from './labelled.ts';

const show = process.argv.includes('--show');

// ---- parse F1 ----
const STYLES: Record<'zh' | 'en', Style[]> = {
  zh: ['gb', 'gb-tight', 'gb-fullwidth', 'gb-author-year', 'dotted-label'],
  en: ['gb', 'gb-tight', 'gb-author-year', 'apa', 'dotted-label'],
};
const FIELDS: (keyof Gold)[] = [
  'authors',
  'title',
  'type',
  'container',
  'year',
  'volume',
  'issue',
  'pages',
  'place',
  'publisher',
  'doi',
];

function norm(key: keyof Gold, value: string | string[]): string {
  if (Array.isArray(value)) return value.map((a) => a.replace(/[.,\s]/g, '').toLowerCase()).join('|');
  if (key === 'title' || key === 'container') return normTitle(value);
  if (key === 'issue' || key === 'volume') return value.replace(/^0+(?=\d)/, '');
  return value.replace(/[\s.]/g, '').toLowerCase();
}

function goldFor(r: BenchRecord, style: Style): Gold {
  const gold = goldOf(r);
  if (style === 'apa') {
    gold.place = '';
    if (r.type !== 'J') gold.container = '';
    gold.doi = '';
  }
  return gold;
}

const tally = { zh: { tp: 0, fp: 0, fn: 0 }, en: { tp: 0, fp: 0, fn: 0 } };
const perField = new Map<string, { tp: number; fp: number; fn: number }>();
// --show: five of each language, spread over the set
const parsedSamples = { zh: [] as string[], en: [] as string[] };
let n = 0;
for (const r of RECORDS) {
  for (const style of STYLES[r.lang]) {
    if (style === 'apa' && r.type === 'C') continue;
    const raw = write(r, style, ++n);
    const parsed = parseEntry(raw);
    const gold = goldFor(r, style);
    for (const key of FIELDS) {
      const g = norm(key, gold[key]);
      const got = norm(key, (parsed.fields as unknown as Record<string, string | string[]>)[key] ?? '');
      const t = tally[r.lang];
      const f = perField.get(`${r.lang}.${key}`) ?? { tp: 0, fp: 0, fn: 0 };
      if (g && got === g) {
        t.tp++;
        f.tp++;
      } else {
        if (got) {
          t.fp++;
          f.fp++;
        }
        if (g) {
          t.fn++;
          f.fn++;
        }
      }
      perField.set(`${r.lang}.${key}`, f);
    }
    if (show && parsedSamples[r.lang].length < 5 && n % 7 === 0)
      parsedSamples[r.lang].push(`${raw}\n    → ${brief(parsed.fields)}`);
  }
}
// The hand-typed held-out entries, scored the same way but reported on their own.
const heldTally = { zh: { tp: 0, fp: 0, fn: 0 }, en: { tp: 0, fp: 0, fn: 0 } };
const heldMisses: string[] = [];
for (const h of HELD_OUT) {
  const parsed = parseEntry(h.raw);
  for (const key of FIELDS) {
    const g = norm(key, h.gold[key]);
    const got = norm(key, (parsed.fields as unknown as Record<string, string | string[]>)[key] ?? '');
    const t = heldTally[h.lang];
    if (g && got === g) t.tp++;
    else {
      if (got) t.fp++;
      if (g) t.fn++;
      if (got || g) heldMisses.push(`${key}: want "${g}" got "${got}" in ${h.raw}`);
    }
  }
}
const f1 = (t: { tp: number; fp: number; fn: number }) => (2 * t.tp) / Math.max(1, 2 * t.tp + t.fp + t.fn);

function brief(f: RefFields): string {
  return Object.entries(f)
    .filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Boolean(v)))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : v}`)
    .join('; ');
}

// ---- format problems ----
interface Case {
  raw: string;
  kind: Kind | null;
  lang: 'zh' | 'en';
}
const cases: Case[] = [];
let m = 0;
for (const r of RECORDS) {
  for (const style of ['gb', 'gb-tight', 'dotted-label'] as Style[])
    cases.push({ raw: write(r, style, ++m), kind: null, lang: r.lang });
  for (const kind of KINDS) {
    for (const variant of [0, 1]) {
      const raw = inject(r, kind, ++m + variant);
      if (raw) cases.push({ raw, kind, lang: r.lang });
    }
  }
}
const byKind = new Map<Kind, { tp: number; fp: number; fn: number; n: number }>(
  KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0, n: 0 }]),
);
const correctedSamples = { zh: [] as string[], en: [] as string[] };
const misses: string[] = [];
for (const c of cases) {
  const check = checkFormat(parseEntry(c.raw), '2015');
  const found = new Set(check.problems.map((p) => p.kind));
  for (const k of KINDS) {
    const t = byKind.get(k) as { tp: number; fp: number; fn: number; n: number };
    if (c.kind === k) t.n++;
    if (found.has(k) && c.kind === k) t.tp++;
    else if (found.has(k)) {
      t.fp++;
      misses.push(`FP ${k}: ${c.raw}`);
    } else if (c.kind === k) {
      t.fn++;
      misses.push(`FN ${k}: ${c.raw}`);
    }
  }
  if (show && c.kind && correctedSamples[c.lang].length < 5 && m-- % 5 === 0)
    correctedSamples[c.lang].push(`${c.kind}: ${c.raw}\n    → ${check.corrected}`);
}

// ---- verdicts against a fake OpenAlex that knows only the real records ----
function openAlexWork(r: BenchRecord): Record<string, unknown> {
  const [first, last] = (r.pages ?? '').split('-');
  return {
    id: `https://openalex.org/${r.id}`,
    display_name: r.title,
    publication_year: Number(r.year),
    authorships: r.authors.map((a) => ({
      author: {
        display_name:
          r.lang === 'zh'
            ? a
            : a.replace(
                /^(\S+) (.+)$/,
                (_m, sur: string, ini: string) => `${ini.split(' ').join('. ')}. ${sur}`,
              ),
      },
    })),
    primary_location: r.container ? { source: { display_name: r.container } } : null,
    biblio: {
      volume: r.volume ?? null,
      issue: r.issue ?? null,
      first_page: first ?? null,
      last_page: last ?? null,
    },
    doi: r.doi ? `https://doi.org/${r.doi}` : null,
    type: r.type === 'J' ? 'article' : r.type === 'M' ? 'book' : 'proceedings-article',
  };
}
const fakeOpenAlex: typeof fetch = (async (input: string | URL | Request) => {
  const url = new URL(String(input));
  const doi = /works\/doi:(.+)$/.exec(decodeURIComponent(url.pathname));
  if (doi) {
    const hit = RECORDS.find((r) => r.doi?.toLowerCase() === doi[1]?.toLowerCase());
    return hit ? Response.json(openAlexWork(hit)) : new Response('not found', { status: 404 });
  }
  // A search engine's stand-in: Latin words and Han characters of the title shared with the query.
  const terms = (t: string) => new Set(t.toLowerCase().match(/\p{Script=Han}|[a-z0-9]+/gu) ?? []);
  const asked = terms(url.searchParams.get('search') ?? '');
  const score = (r: BenchRecord) => {
    const own = terms(r.title);
    return [...own].filter((w) => asked.has(w)).length / Math.max(1, own.size);
  };
  const results = RECORDS.map((r) => ({ r, s: score(r) }))
    .filter((x) => x.s > 0.5)
    .sort((a, b) => b.s - a.s)
    .slice(0, 5)
    .map((x) => openAlexWork(x.r));
  return Response.json({ results });
}) as typeof fetch;
const provider = new OpenAlexSource({
  baseUrl: 'http://fake-openalex.local',
  email: 'bench@paperdesk.local',
  fetch: fakeOpenAlex,
});

const realEntries: string[] = [];
let k = 0;
for (const r of RECORDS)
  for (const style of STYLES[r.lang])
    if (!(style === 'apa' && r.type === 'C')) realEntries.push(write(r, style, ++k));
for (const c of cases) if (c.kind && c.kind !== 'missing_element') realEntries.push(c.raw);
const fabricated = Array.from({ length: 300 }, (_, i) => fabricate(RECORDS, i));

const t0 = performance.now();
const realCheck = await checkEntries(realEntries, { sources: [provider] }, null);
const fakeCheck = await checkEntries(fabricated, { sources: [provider] }, null);
const seconds = (performance.now() - t0) / 1000;
const realUnverified = realCheck.entries.filter((e) => e.verdict.status === 'unverified');
const realVerified = realCheck.entries.filter((e) => e.verdict.status === 'verified').length;
const fakeVerified = fakeCheck.entries.filter((e) => e.verdict.status === 'verified');

// ---- throughput of parse + format alone (the offline part of every report) ----
const many = Array.from({ length: 2_000 }, (_, i) => cases[i % cases.length]?.raw ?? '');
const t1 = performance.now();
for (const raw of many) checkFormat(parseEntry(raw) as ParsedEntry, '2015');
const offlinePerSecond = many.length / ((performance.now() - t1) / 1000);

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(
  `records: ${RECORDS.length} real (${RECORDS.filter((r) => r.lang === 'zh').length} zh, ${RECORDS.filter((r) => r.lang === 'en').length} en)`,
);
console.log(
  `parse F1  zh ${f1(tally.zh).toFixed(3)} (${n} entries in ${STYLES.zh.length} styles / en ${STYLES.en.length}), en ${f1(tally.en).toFixed(3)}  [goal ≥ 0.95]`,
);
console.log(
  `parse F1 on ${HELD_OUT.length} hand-typed held-out entries (CNKI/Scholar/APA shapes): zh ${f1(heldTally.zh).toFixed(3)}, en ${f1(heldTally.en).toFixed(3)}`,
);
const weak = [...perField]
  .filter(([, t]) => t.tp + t.fn > 0 && f1(t) < 0.95)
  .map(([key, t]) => `${key} ${f1(t).toFixed(2)}`);
if (weak.length) console.log(`  fields under 0.95: ${weak.join(', ')}`);
console.log(
  `format problems (${cases.length} entries, ${cases.filter((c) => !c.kind).length} correct)  [goal P ≥ 0.95, R ≥ 0.90]`,
);
for (const [kind, t] of byKind) {
  const p = t.tp / Math.max(1, t.tp + t.fp);
  const r = t.tp / Math.max(1, t.tp + t.fn);
  console.log(`  ${kind.padEnd(16)} n=${String(t.n).padStart(3)}  P ${p.toFixed(3)}  R ${r.toFixed(3)}`);
}
console.log(`verdicts vs fake OpenAlex (knows only the ${RECORDS.length} real records):`);
console.log(
  `  real entries ${realEntries.length}: 已核实 ${realVerified}, 信息不符 ${realCheck.summary.mismatch}, 未能核实 ${realUnverified.length} (${pct(realUnverified.length / realEntries.length)})  [goal ≤ 2 %]`,
);
console.log(
  `  fabricated entries ${fabricated.length}: 已核实 ${fakeVerified.length}  [goal 0], 信息不符 ${fakeCheck.summary.mismatch}, 未能核实 ${fakeCheck.summary.unverified}`,
);
console.log(
  `throughput: ${Math.round((realEntries.length + fabricated.length) / seconds)} entries/s with verification (fake provider in-process), ${Math.round(offlinePerSecond)} entries/s parse + format`,
);
if (show) {
  console.log('\n-- parsed --');
  for (const s of [...parsedSamples.zh, ...parsedSamples.en]) console.log(s);
  console.log('\n-- corrected --');
  for (const s of [...correctedSamples.zh, ...correctedSamples.en]) console.log(s);
  console.log('\n-- misses --');
  for (const s of heldMisses) console.log(`held-out ${s}`);
  for (const s of misses.slice(0, 60)) console.log(s);
  for (const e of realUnverified.slice(0, 10)) console.log(`real 未能核实: ${e.raw}`);
  for (const e of fakeVerified.slice(0, 10))
    console.log(
      `fabricated 已核实: ${e.raw} ← ${e.verdict.status === 'verified' ? e.verdict.record.title : ''}`,
    );
}
