import { cleanEntry, foldMarks } from './clean.ts';
import { emptyFields, langOf, type Lang, type RefFields, TYPE_CODES, type TypeCode } from './types.ts';

/** One reference entry as written, and the fields read from it. */
export interface ParsedEntry {
  raw: string;
  /** The cleaned entry without its label. */
  text: string;
  /** [12] / 12. / (12): the number of a 顺序编码制 entry. */
  number: number | null;
  lang: Lang;
  /** The year stands right after the authors (著者-出版年制). */
  authorYear: boolean;
  fields: RefFields;
  /** Where each part sits in `text`, for the format checks that must not look inside a title. */
  spans: { authors: string; title: string; code: string; rest: string };
}

const LABEL = /^\s*(?:[[［【](\d{1,4})[\]］】]|[(（](\d{1,4})[)）]|(\d{1,4})[.．、)）](?!\d))\s*/;
const CODE = new RegExp(`\\[\\s*(${TYPE_CODES.join('|')})\\s*(?:/\\s*(OL|MT|DK|CD))?\\s*\\]`, 'i');
const DOI = /(?:doi\s*[:：]?\s*|https?:\/\/(?:dx\.)?doi\.org\/)(10\.\d{4,9}\/[^\s,，;；]+)/i;
const URL = /https?:\/\/[^\s,，;；]+/i;
// A year is not part of a page range (1735-1780) or a number run.
const YEAR = /(?<![\d-])(1[5-9]\d\d|20\d\d)(?![\d-])/;

export function parseEntry(raw: string): ParsedEntry {
  const cleaned = cleanEntry(raw);
  const label = LABEL.exec(cleaned);
  const number = label ? Number(label[1] ?? label[2] ?? label[3]) : null;
  const text = label ? cleaned.slice(label[0].length) : cleaned;
  const fields = emptyFields();
  const lang = langOf(text);
  let work = foldMarks(text);

  const doi = DOI.exec(work);
  if (doi?.[1]) {
    fields.doi = doi[1].replace(/[.)\]]+$/, '');
    work = work.replace(doi[0], ' ');
  }
  const url = URL.exec(work);
  if (url) {
    fields.url = url[0].replace(/[.)\]]+$/, '');
    work = work.replace(url[0], ' ');
  }
  work = work.replace(/\s*\.?\s*(?:DOI\s*:?)?\s*$/i, '').trim();

  const code = CODE.exec(work);
  let before = work;
  let rest = '';
  let codeText = '';
  if (code) {
    fields.type = code[1]?.toUpperCase() as TypeCode;
    fields.carrier = code[2] ? code[2].toUpperCase() : null;
    codeText = code[0];
    before = work.slice(0, code.index);
    rest = work.slice(code.index + code[0].length);
  }

  let authorYear = false;
  const apa = /^(.+?)\s*\((\d{4})[a-z]?(?:,[^)]*)?\)\.?\s*(.*)$/.exec(before);
  if (!code && apa?.[1] && apa[3] !== undefined && looksLikeAuthors(apa[1].replace(/[.,\s]+$/, ''), lang)) {
    // APA-like "Authors (2015). Title. Journal, 521(7553), 436–444."
    authorYear = true;
    fields.authors = splitAuthors(apa[1], fields);
    fields.year = apa[2] ?? '';
    const titleEnd = sentenceEnd(apa[3]);
    fields.title = apa[3].slice(0, titleEnd).trim();
    rest = apa[3].slice(titleEnd);
    before = `${apa[1]}. ${fields.title}`;
  } else {
    const split = splitAuthorsTitle(before, lang, code !== null);
    let authorsText = split.authors;
    const trailingYear = /[,\s]+(\d{4})[a-z]?$/.exec(authorsText);
    if (trailingYear && authorsText.length > trailingYear[0].length) {
      authorYear = true;
      fields.year = trailingYear[1] ?? '';
      authorsText = authorsText.slice(0, trailingYear.index);
    }
    fields.authors = splitAuthors(authorsText, fields);
    fields.title = split.title;
    if (!code) {
      rest = split.afterTitle;
    }
  }
  fields.title = fields.title.replace(/[.\s]+$/, '').trim();
  readRest(rest, fields, fields.type);
  if (!fields.type) fields.type = inferType(fields, rest);
  if (fields.type === 'EB' && !fields.carrier) fields.carrier = fields.url ? 'OL' : null;

  const spans = spansOf(text, fields.title, codeText);
  // foldMarks maps one character to one, so the title keeps the marks its author wrote (、 ： inside a Chinese title).
  if (spans.title) fields.title = spans.title;
  return { raw, text, number, lang, authorYear, fields, spans };
}

/** The author list ends at the first full stop that is not an initial ("Hinton G. E." keeps going). */
function splitAuthorsTitle(
  before: string,
  lang: Lang,
  coded: boolean,
): { authors: string; title: string; afterTitle: string } {
  const dots = [...before.matchAll(/\.(?=\s|\p{Script=Han}|$)|\.(?=[A-Z][a-z])/gu)].map((m) => m.index ?? 0);
  for (const at of dots) {
    const prefix = before.slice(0, at);
    const next = before.slice(at + 1).trimStart();
    // Another initial follows ("G. E. Hinton", "Hinton G. E."); a title may start with "A " and is not one.
    if (/^[A-Z](?:[.,]|\s+[A-Z](?:[.,\s]|$)|$)/.test(next)) continue;
    if (!looksLikeAuthors(prefix.replace(/[,\s]+\d{4}[a-z]?$/, ''), lang)) continue;
    const remainder = before.slice(at + 1).trim();
    const host = remainder.indexOf('//');
    const titleEnd = host > 0 ? host : sentenceEnd(remainder);
    return { authors: prefix, title: remainder.slice(0, titleEnd), afterTitle: remainder.slice(titleEnd) };
  }
  // A comma where the full stop belongs ("王五，城市治理[J]"): only before a type code, where all that precedes it
  // is authors and title, so a comma cannot be the source's.
  const byComma = coded ? commaAuthors(before, lang) : null;
  if (byComma) return { ...byComma, afterTitle: '' };
  // No author segment: an anonymous work, or a title alone.
  const titleEnd = sentenceEnd(before);
  return { authors: '', title: before.slice(0, titleEnd), afterTitle: before.slice(titleEnd) };
}

// Strict person names for the comma split, where a short title could pass for an organisation: two or three Han
// characters, four with a compound surname, or a transliterated name with its middle dot.
const ZH_PERSON =
  /^(?:\p{Script=Han}{2,3}|(?:欧阳|司马|上官|诸葛|东方|皇甫|尉迟|公孙|慕容|长孙|宇文|司徒|夏侯|令狐|端木|西门|南宫|独孤|轩辕|万俟|申屠|太史|钟离|闻人|呼延)\p{Script=Han}{1,2}|\p{Script=Han}{1,4}[·•]\p{Script=Han}{1,8})$/u;

/**
 * Authors ended by a comma instead of a full stop: the longest run of leading comma items that are names, with at
 * least one item left for the title (a title may hold commas of its own, so it takes every item after the names).
 */
function commaAuthors(before: string, lang: Lang): { authors: string; title: string } | null {
  const parts = before.split(/(\s*,\s*)/);
  let names = 0;
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const item = (parts[i] ?? '').trim();
    const isName =
      ET_AL.test(item) ||
      (lang === 'zh' ? ZH_PERSON.test(item) : EN_NAME.test(item) && !/\s\S+\s/.test(item));
    if (!isName) break;
    names = i + 2;
    if (ET_AL.test(item)) break;
  }
  if (names === 0) return null;
  const authors = parts.slice(0, names - 1).join('');
  const title = parts.slice(names).join('').trim();
  // an English title is more than one capitalised word or two ("Smith J, Deep learning for cities")
  if (!title || (lang === 'en' && EN_NAME.test(title))) return null;
  return { authors, title };
}

/** End of a title: the next ". " (or a Chinese full stop) that is not inside a dotted abbreviation. */
function sentenceEnd(text: string): number {
  const m = /\.(?=\s+[^\s])(?<!\b(?:[A-Z]|vs|No|Vol|pp|al|St|Dr|Jr)\.)|\.(?=\p{Script=Han})/u.exec(text);
  return m ? m.index : text.length;
}

const ZH_NAME = /^(?:\p{Script=Han}{2,5}|\p{Script=Han}{1,4}[·•]\p{Script=Han}{1,8})$/u;
const EN_NAME =
  /^(?:[A-Z][A-Za-z'’-]+(?:\s+[A-Z][A-Za-z'’-]+)?(?:,?\s+(?:[A-Z](?:[a-z]{0,2})?\.?[\s-]*){1,4})?|(?:[A-Z]\.\s*){1,3}[A-Z][A-Za-z'’-]+|[A-Z][a-z]+\s+[A-Z][a-z'’-]+|[A-Z][A-Z'’-]+(?:\s+[A-Z][A-Za-z]*){0,3})$/;
const ET_AL = /^(?:等|等等|et\s*al\.?|et\s+al)$/i;
const ORG =
  /(?:大学|学院|研究院|研究所|委员会|部|局|中心|协会|学会|公司|出版社|Organization|Association|Institute|Committee|University|Council|Society)/;

function authorItems(text: string): string[] {
  return text
    .replace(/\s*(?:&|and|与|和)\s+(?=[A-Z\p{Script=Han}])/gu, ', ')
    .split(/\s*[,;]\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function looksLikeAuthors(text: string, lang: Lang): boolean {
  const items = authorItems(text);
  if (items.length === 0 || text.length > 400) return false;
  // APA puts a comma between surname and initials ("LeCun, Y."): rejoin before testing.
  const joined = rejoinInverted(items);
  return joined.every(
    (item) =>
      ET_AL.test(item) ||
      ZH_NAME.test(item) ||
      EN_NAME.test(item) ||
      (ORG.test(item) && item.length <= 40) ||
      (lang === 'zh' && /^\p{Script=Han}{2,12}$/u.test(item)),
  );
}

function rejoinInverted(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const prev = out[out.length - 1];
    if (prev && /^(?:[A-Z]\.?\s*-?){1,4}$/.test(item) && /^[A-Z][A-Za-z'’-]+$/.test(prev)) {
      out[out.length - 1] = `${prev} ${item}`;
    } else out.push(item);
  }
  return out;
}

function splitAuthors(text: string, fields: RefFields): string[] {
  const items = rejoinInverted(authorItems(text.replace(/[.\s]+$/, '')));
  const names: string[] = [];
  for (const item of items) {
    if (ET_AL.test(item)) fields.etAl = true;
    else names.push(item.trim());
  }
  return names;
}

/** The part after the title or type code: source, place: publisher, year, volume(issue): pages, dates. */
function readRest(rest: string, fields: RefFields, type: TypeCode | null): void {
  let s = rest.trim();
  if (!s) return;
  const host = /^\/\/\s*(.*)$/.exec(s);
  if (host) s = host[1] ?? '';
  else s = s.replace(/^[.\s]+/, '');

  const dates = /\((\d{4}(?:-\d{1,2}){0,2})\)\s*\[(\d{4}-\d{1,2}-\d{1,2})\]/.exec(s);
  const cited = /\[(\d{4}-\d{1,2}-\d{1,2})\]/.exec(s);
  if (dates) {
    fields.date = dates[1] ?? '';
    fields.cited = dates[2] ?? '';
    s = s.replace(dates[0], ' ');
  } else if (cited) {
    fields.cited = cited[1] ?? '';
    s = s.replace(cited[0], ' ');
  }

  const edition = /(?:^|\.\s*)(\d+\s*版|第\s*\d+\s*版|\d+(?:st|nd|rd|th)\s+ed\.?)(?=\s*\.|\s*$)/i.exec(s);
  if (edition) {
    fields.edition = (edition[1] ?? '').replace(/\s+/g, '').replace(/^第/, '');
    s = s.replace(edition[1] ?? '', ' ').replace(/^[.\s]+/, '');
  }

  // Journal shape: Container, Year, Vol(Issue): Pages — or APA: Container, Vol(Issue), Pages.
  const journal =
    /^(.*?)\s*,\s*(\d{4})[a-z]?\s*(?:,\s*([A-Za-z]?\d+[A-Za-z]?))?\s*(?:\(\s*([^)]+?)\s*\))?\s*(?::\s*([A-Za-z]?\d+[A-Za-z]?(?:\s*[-+,]\s*[A-Za-z]?\d+[A-Za-z]?)*))?\s*\.?\s*$/.exec(
      s,
    );
  const apaJournal =
    /^(.*?)\s*,\s*(\d+)\s*(?:\(([^)]+)\))?\s*,\s*([A-Za-z]?\d+(?:\s*-\s*[A-Za-z]?\d+)?)\s*\.?\s*$/.exec(s);
  const publisherShape =
    /^(?:(.*?)\.\s*)?([^.:\d()]{1,60}?)\s*:\s*([^:,]+?)\s*(?:,\s*(\d{4})[a-z]?)?\s*(?::\s*([\d\s\-+,A-Za-z]+?))?\s*\.?\s*$/.exec(
      s,
    );
  // A book written "Place, Publisher, Year": the elements are there, the colon is not.
  const commaPublisher =
    type && ['M', 'D', 'R', 'S', 'G'].includes(type)
      ? /^(?:(.*?)\.\s+)?([^.:,\d()]{1,40}),\s*([^,]+?),\s*(\d{4})[a-z]?\s*\.?\s*$/.exec(s)
      : null;
  const yearPages = /^(?:(.*?)\.\s+)?(\d{4})[a-z]?\s*(?::\s*([\d\s\-+,A-Za-z]+?))?\s*\.?\s*$/.exec(s);
  const noYearJournal =
    /^(.*?)\s*,\s*([A-Za-z]?\d+[A-Za-z]?)\s*(?:\(\s*([^)]+?)\s*\))?\s*:\s*([A-Za-z]?\d+[A-Za-z]?(?:\s*[-+,]\s*[A-Za-z]?\d+[A-Za-z]?)*)\s*\.?\s*$/.exec(
      s,
    );
  const newspaper = /^(.*?)\s*,\s*(\d{4}-\d{1,2}-\d{1,2})\s*(?:\(([^)]+)\))?\s*\.?\s*$/.exec(s);

  if (commaPublisher) {
    if (commaPublisher[1]) fields.container = commaPublisher[1].trim();
    fields.place = (commaPublisher[2] ?? '').trim();
    fields.publisher = (commaPublisher[3] ?? '').trim();
    fields.year ||= commaPublisher[4] ?? '';
  } else if (publisherShape && type !== 'J' && !(journal && /^\d/.test(journal[3] ?? 'x'))) {
    if (publisherShape[1]) fields.container = publisherShape[1].trim();
    fields.place = (publisherShape[2] ?? '').trim();
    fields.publisher = (publisherShape[3] ?? '').trim();
    fields.year ||= publisherShape[4] ?? '';
    fields.pages = tidyPages(publisherShape[5] ?? '');
  } else if (newspaper) {
    fields.container = (newspaper[1] ?? '').trim();
    fields.date = newspaper[2] ?? '';
    fields.year ||= (newspaper[2] ?? '').slice(0, 4);
    fields.issue = newspaper[3] ?? '';
  } else if (journal && (journal[1] ?? '').length > 0 && !/[.:]\s/.test(journal[1] ?? '')) {
    fields.container = (journal[1] ?? '').trim();
    fields.year ||= journal[2] ?? '';
    fields.volume = journal[3] ?? '';
    fields.issue = journal[4] ?? '';
    fields.pages = tidyPages(journal[5] ?? '');
  } else if (noYearJournal && fields.year) {
    // 著者-出版年制: the year stood after the authors, so the source has none.
    fields.container = (noYearJournal[1] ?? '').trim();
    fields.volume = noYearJournal[2] ?? '';
    fields.issue = noYearJournal[3] ?? '';
    fields.pages = tidyPages(noYearJournal[4] ?? '');
  } else if (apaJournal && fields.year) {
    fields.container = (apaJournal[1] ?? '').trim();
    fields.volume = apaJournal[2] ?? '';
    fields.issue = apaJournal[3] ?? '';
    fields.pages = tidyPages(apaJournal[4] ?? '');
  } else if (yearPages) {
    if (yearPages[1]) fields.container = yearPages[1].trim();
    fields.year ||= yearPages[2] ?? '';
    fields.pages = tidyPages(yearPages[3] ?? '');
  } else {
    // Anything else (a report number, a patent number, an order the standard does not use): keep what is sure.
    const year = YEAR.exec(s);
    if (year && !fields.year) fields.year = year[1] ?? '';
    const pages = /:\s*(\d+\s*-\s*\d+)/.exec(s);
    if (pages) fields.pages = tidyPages(pages[1] ?? '');
    const vi = /(?:^|[,\s])(\d{1,4})\s*\(\s*(\d{1,4}(?:\s*-\s*\d{1,4})?)\s*\)/.exec(s);
    const volumeOnly = /,\s*(\d{1,4})\s*:/.exec(s);
    if (vi) {
      fields.volume = vi[1] ?? '';
      fields.issue = vi[2] ?? '';
    } else if (volumeOnly) fields.volume = volumeOnly[1] ?? '';
    const issueOnly = vi ? null : /[^\d\s,]\s*\(\s*(\d{1,4})\s*\)/.exec(s);
    if (issueOnly) fields.issue = issueOnly[1] ?? '';
    const first = (s.split(/\s*[,.]\s+|\s*,\s*/)[0] ?? '').replace(/\s*\(\d{1,4}\)$/, '');
    if (first && !YEAR.test(first) && !/^\d/.test(first)) fields.container = first.trim();
  }
  fields.container = fields.container.replace(/[.\s]+$/, '');
}

function tidyPages(pages: string): string {
  return pages.replace(/\s+/g, '').replace(/[-]+/g, '-');
}

function inferType(fields: RefFields, rest: string): TypeCode {
  if (
    /^\s*\/\//.test(rest) ||
    /Proceedings|Conference|Symposium|Workshop|会议|论文集/i.test(fields.container)
  )
    return 'C';
  if (/学位论文|博士|硕士|Dissertation|Thesis/i.test(rest + fields.title)) return 'D';
  if (fields.publisher) return 'M';
  if (fields.volume || fields.issue) return 'J';
  if (fields.url) return 'EB';
  if (fields.container && fields.pages) return 'J';
  return 'Z';
}

function spansOf(text: string, title: string, code: string): ParsedEntry['spans'] {
  const folded = foldMarks(text);
  const titleAt = title ? folded.indexOf(foldMarks(title)) : -1;
  if (titleAt < 0) return { authors: '', title: '', code, rest: text };
  const after = titleAt + title.length;
  return {
    authors: text.slice(0, titleAt),
    title: text.slice(titleAt, after),
    code,
    rest: text.slice(after),
  };
}
