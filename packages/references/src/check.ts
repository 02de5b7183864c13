import { type CitationReport, checkCitations } from './citations.ts';
import { cleanEntry } from './clean.ts';
import { formatRecord } from './cite.ts';
import { findReferenceList, splitEntries } from './find-list.ts';
import { checkFormat, type FormatCheck, type FormatProblem } from './format.ts';
import { detectFormat, ImportError, importRecords } from './import.ts';
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

/**
 * The offline half of a check (parse, format, citation consistency): synchronous, plain data, so a server runs
 * it in a worker thread and verifies on its own thread, where the record sources are.
 */
export interface AnalysedList {
  standard: Standard;
  found: boolean;
  message: string;
  parsed: ParsedEntry[];
  formats: FormatCheck[];
  citations: CitationReport | null;
}

export function analysePaper(paragraphs: readonly string[], standard: Standard = '2015'): AnalysedList {
  const found = findReferenceList(paragraphs);
  if (!found || found.entries.length === 0) return emptyAnalysis(standard, NO_LIST_MESSAGE);
  return analyse(found.entries, standard, found.body);
}

/**
 * A file uploaded on its own: a paper (text before its 参考文献 heading) is checked with its citations; anything
 * else — a bare list, with or without a heading, or an export file's text — is read as a list.
 */
export function analyseDocument(paragraphs: readonly string[], standard: Standard = '2015'): AnalysedList {
  const found = findReferenceList(paragraphs);
  if (found && found.entries.length > 0 && found.body.some((p) => cleanEntry(p).length > 0))
    return analyse(found.entries, standard, found.body);
  return analyseList(paragraphs.join('\n'), standard);
}

/** A pasted list, one entry per line — or the content of a reference-manager export, read by its format. */
export function analyseList(text: string, standard: Standard = '2015'): AnalysedList {
  const format = detectFormat(text);
  if (format) {
    try {
      const records = importRecords(text, 'upload');
      return analyse(
        records.map((r) => formatRecord(r, standard)),
        standard,
        null,
      );
    } catch (err) {
      return emptyAnalysis(
        standard,
        err instanceof ImportError ? err.message : `文件按 ${format} 格式无法读取，请检查文件内容。`,
      );
    }
  }
  const entries = splitEntries(text);
  if (entries.length === 0) return emptyAnalysis(standard, '没有读到参考文献条目，请每行粘贴一条。');
  return analyse(entries, standard, null);
}

function analyse(raws: readonly string[], standard: Standard, body: readonly string[] | null): AnalysedList {
  const parsed = raws.map((raw) => parseEntry(raw));
  return {
    standard,
    found: true,
    message: '',
    parsed,
    formats: parsed.map((p) => checkFormat(p, standard)),
    citations: body ? checkCitations(body, parsed) : null,
  };
}

function emptyAnalysis(standard: Standard, message: string): AnalysedList {
  return { standard, found: false, message, parsed: [], formats: [], citations: null };
}

/** The online half: every entry against the record sources, a few at a time. */
export async function verifyAnalysed(
  analysed: AnalysedList,
  options: Omit<CheckOptions, 'standard'> = {},
): Promise<ReferenceCheck> {
  const sources = options.sources ?? [];
  const { parsed } = analysed;
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
    const format = analysed.formats[i] as FormatCheck;
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
    standard: analysed.standard,
    found: analysed.found,
    message: analysed.message,
    entries,
    citations: analysed.citations,
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

export async function checkPaperReferences(
  paragraphs: readonly string[],
  options: CheckOptions = {},
): Promise<ReferenceCheck> {
  return verifyAnalysed(analysePaper(paragraphs, options.standard), options);
}

export async function checkPastedList(text: string, options: CheckOptions = {}): Promise<ReferenceCheck> {
  return verifyAnalysed(analyseList(text, options.standard), options);
}

export async function checkEntries(
  raws: readonly string[],
  options: CheckOptions,
  body: readonly string[] | null,
): Promise<ReferenceCheck> {
  return verifyAnalysed(analyse(raws, options.standard ?? '2015', body), options);
}
