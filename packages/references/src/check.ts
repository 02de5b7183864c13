import { type CitationReport, checkCitations } from './citations.ts';
import { findReferenceList, splitEntries } from './find-list.ts';
import { checkFormat, type FormatProblem } from './format.ts';
import { type ParsedEntry, parseEntry } from './parse.ts';
import type { Lang, RefFields, Standard } from './types.ts';
import { type RecordSource, type Verdict, verifyEntry } from './verify.ts';

/** 参考文献核查 of one list: what the report chapter, the standalone check and `refs:check` print. */
export interface EntryCheck {
  index: number;
  raw: string;
  number: number | null;
  lang: Lang;
  fields: RefFields;
  problems: FormatProblem[];
  corrected: string;
  verdict: Verdict;
}

export interface ReferenceCheck {
  standard: Standard;
  /** False when the paper has no reference list: the chapter says so and nothing else is checked. */
  found: boolean;
  message: string;
  entries: EntryCheck[];
  citations: CitationReport | null;
  /** Sources searched for every entry, and those that did not answer (entries stay 未能核实). */
  searched: string[];
  unavailable: string[];
  summary: { total: number; verified: number; mismatch: number; unverified: number; withProblems: number };
}

export interface CheckOptions {
  standard?: Standard;
  sources?: readonly RecordSource[];
  /** Entries verified at once (online providers are slow; the library is not). */
  concurrency?: number;
}

export const NO_LIST_MESSAGE = '未在文中找到“参考文献”列表，本章未核查。';

export async function checkPaperReferences(
  paragraphs: readonly string[],
  options: CheckOptions = {},
): Promise<ReferenceCheck> {
  const found = findReferenceList(paragraphs);
  if (!found || found.entries.length === 0) return emptyCheck(options.standard ?? '2015', NO_LIST_MESSAGE);
  return checkEntries(found.entries, options, found.body);
}

export async function checkPastedList(text: string, options: CheckOptions = {}): Promise<ReferenceCheck> {
  const entries = splitEntries(text);
  if (entries.length === 0)
    return emptyCheck(options.standard ?? '2015', '没有读到参考文献条目，请每行粘贴一条。');
  return checkEntries(entries, options, null);
}

export async function checkEntries(
  raws: readonly string[],
  options: CheckOptions,
  body: readonly string[] | null,
): Promise<ReferenceCheck> {
  const standard = options.standard ?? '2015';
  const sources = options.sources ?? [];
  const parsed: ParsedEntry[] = raws.map((raw) => parseEntry(raw));
  const verdicts: Verdict[] = new Array(parsed.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < parsed.length) {
      const i = next++;
      verdicts[i] = await verifyEntry(parsed[i] as ParsedEntry, sources);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const entries: EntryCheck[] = parsed.map((p, i) => {
    const format = checkFormat(p, standard);
    return {
      index: i + 1,
      raw: p.raw,
      number: p.number,
      lang: p.lang,
      fields: p.fields,
      problems: format.problems,
      corrected: format.corrected,
      verdict: verdicts[i] as Verdict,
    };
  });
  const searched = new Set<string>();
  const unavailable = new Set<string>();
  for (const v of verdicts) {
    if (v.status === 'unverified') {
      for (const s of v.searched) searched.add(s);
      for (const s of v.unavailable) unavailable.add(s);
    } else searched.add(v.source);
  }
  if (searched.size === 0 && unavailable.size === 0) for (const s of sources) searched.add(s.name);
  return {
    standard,
    found: true,
    message: '',
    entries,
    citations: body ? checkCitations(body, parsed) : null,
    searched: [...searched],
    unavailable: [...unavailable],
    summary: {
      total: entries.length,
      verified: entries.filter((e) => e.verdict.status === 'verified').length,
      mismatch: entries.filter((e) => e.verdict.status === 'mismatch').length,
      unverified: entries.filter((e) => e.verdict.status === 'unverified').length,
      withProblems: entries.filter((e) => e.problems.length > 0).length,
    },
  };
}

function emptyCheck(standard: Standard, message: string): ReferenceCheck {
  return {
    standard,
    found: false,
    message,
    entries: [],
    citations: null,
    searched: [],
    unavailable: [],
    summary: { total: 0, verified: 0, mismatch: 0, unverified: 0, withProblems: 0 },
  };
}
