import { foldMarks, hasFullWidthMarks } from './clean.ts';
import type { ParsedEntry } from './parse.ts';
import type { ProblemKind } from './problem-kinds.ts';
import { type Lang, type RefFields, type Standard, TYPE_CODES_2025_ONLY } from './types.ts';

export { PROBLEM_KINDS, type ProblemKind } from './problem-kinds.ts';

export interface FormatProblem {
  kind: ProblemKind;
  message: string;
}

export interface FormatCheck {
  problems: FormatProblem[];
  /** The entry as GB/T 7714 writes it, from the parsed fields (its number kept). */
  corrected: string;
}

/** Surname first, initials without dots: "Geoffrey E. Hinton" and "Hinton, G. E." both become "Hinton G E". */
export function gbName(name: string, lang: Lang): string {
  const n = name.trim().replace(/\s+/g, ' ');
  if (/\p{Script=Han}/u.test(n) || (lang === 'zh' && !/[A-Za-z]/.test(n))) return n.replace(/\s+/g, '');
  const inverted = /^([A-Z][A-Za-z'’-]+(?: [A-Z][A-Za-z'’-]+)?),? ((?:[A-Z]\.?[ -]*){1,4})$/.exec(n);
  if (inverted) return `${inverted[1]} ${initials(inverted[2] ?? '')}`;
  // "Smith, John A.", "van der Berg, Anna": how BibTeX and RIS exports write a name (surname with its particles)
  const invertedFull =
    /^((?:[a-z]+ )*[A-Z][A-Za-z'’-]+(?: [A-Z][A-Za-z'’-]+)?), ((?:[A-Z][a-z'’]*\.?[ -]*){1,4})$/.exec(n);
  if (invertedFull)
    return `${invertedFull[1]} ${(invertedFull[2] ?? '')
      .split(/[ .-]+/)
      .filter(Boolean)
      .map((g) => g[0])
      .join(' ')}`;
  const givenFirst =
    /^((?:[A-Z][a-z]+|[A-Z]\.)(?:[ -](?:[A-Z][a-z]+|[A-Z]\.?))*) ([A-Z][a-z'’-]*[A-Za-z'’-]+)$/.exec(n);
  if (givenFirst) {
    const given = (givenFirst[1] ?? '')
      .split(/[ -]+/)
      .map((g) => g[0] ?? '')
      .join(' ');
    return `${givenFirst[2]} ${given}`;
  }
  return n;
}

function initials(text: string): string {
  return text.replace(/[.-]/g, ' ').trim().split(/\s+/).join(' ');
}

function authorList(fields: RefFields, lang: Lang): string {
  if (fields.authors.length === 0) return '';
  const names = fields.authors.slice(0, 3).map((a) => gbName(a, lang));
  if (fields.authors.length > 3 || fields.etAl) names.push(lang === 'zh' ? '等' : 'et al');
  return names.join(', ');
}

function codeOf(fields: RefFields): string {
  const type = fields.type ?? 'Z';
  const carrier = fields.carrier ?? (type === 'EB' ? 'OL' : null);
  return `[${type}${carrier ? `/${carrier}` : ''}]`;
}

function publication(fields: RefFields): string {
  const where =
    fields.place && fields.publisher
      ? `${fields.place}: ${fields.publisher}`
      : fields.publisher || fields.place;
  const year = fields.year + (fields.pages ? `: ${fields.pages}` : '');
  return [where, year].filter(Boolean).join(', ');
}

/** One entry in GB/T 7714 form (顺序编码制 unless `authorYear`), without its number. */
export function formatFields(fields: RefFields, lang: Lang, standard: Standard, authorYear = false): string {
  const authors = authorList(fields, lang);
  const head =
    authorYear && fields.year ? `${authors || '佚名'}, ${fields.year}. ` : authors ? `${authors}. ` : '';
  const year = authorYear ? '' : fields.year;
  const title = `${fields.title}${codeOf(fields)}`;
  let body: string;
  switch (fields.type) {
    case 'J': {
      const vi = `${fields.volume ? `, ${fields.volume}` : ''}${fields.issue ? `(${fields.issue})` : ''}`;
      body = `${title}. ${fields.container}${year ? `, ${year}` : ''}${vi}${fields.pages ? `: ${fields.pages}` : ''}`;
      break;
    }
    case 'C':
      body = `${title}//${fields.container}. ${publication({ ...fields, year })}`;
      break;
    case 'N':
      body = `${title}. ${fields.container}, ${fields.date || year}${fields.issue ? `(${fields.issue})` : ''}`;
      break;
    case 'EB':
      body = `${title}. ${fields.date ? `(${fields.date})` : ''}${fields.cited ? `[${fields.cited}]` : ''}`;
      break;
    default: {
      const edition = fields.edition ? `${fields.edition}. ` : '';
      const container = fields.container && !fields.publisher ? `${fields.container}, ` : '';
      body = `${title}. ${edition}${container}${publication({ ...fields, year })}`;
    }
  }
  let out = `${head}${body.replace(/[.\s]+$/, '')}.`;
  if (fields.url && !(standard === '2025' && fields.doi)) out += ` ${fields.url}.`;
  if (fields.doi) out += ` DOI:${fields.doi}.`;
  return out.replace(/\.\s*\./g, '.').replace(/\s{2,}/g, ' ');
}

const REQUIRED: Partial<Record<string, (keyof RefFields)[]>> = {
  J: ['container', 'year', 'pages'],
  M: ['place', 'publisher', 'year'],
  C: ['container', 'year'],
  D: ['publisher', 'year'],
  N: ['container', 'date'],
  EB: ['url', 'cited'],
};
const ELEMENT_NAMES: Record<string, string> = {
  container: '刊名/出处',
  year: '出版年',
  pages: '页码',
  place: '出版地',
  publisher: '出版者',
  date: '出版日期',
  url: '获取和访问路径',
  cited: '引用日期',
  title: '题名',
  volume: '卷或期',
};

/** Format problems of one parsed entry against GB/T 7714-2015 (or 2025), and the corrected entry. */
export function checkFormat(entry: ParsedEntry, standard: Standard): FormatCheck {
  const { fields, lang } = entry;
  const problems: FormatProblem[] = [];
  const corrected = `${entry.number !== null ? `[${entry.number}] ` : ''}${formatFields(fields, lang, standard, entry.authorYear)}`;

  const badNames = fields.authors.filter((a) => gbName(a, lang) !== a.trim());
  const separators = fields.authors.length > 1 && /[、;；&]| and /.test(entry.spans.authors);
  if (badNames.length > 0 || separators) {
    problems.push({
      kind: 'author_form',
      message:
        badNames.length > 0
          ? `责任者应姓在前、名缩写为首字母且不加缩写点：${badNames.map((a) => `${a} → ${gbName(a, lang)}`).join('；')}`
          : '责任者之间应以逗号分隔',
    });
  }
  const etAlWord = lang === 'zh' ? '等' : 'et al';
  if (fields.authors.length > 3) {
    problems.push({ kind: 'et_al', message: `责任者超过3个时只著录前3个，其后加“, ${etAlWord}”` });
  } else if (fields.etAl && fields.authors.length < 3) {
    problems.push({ kind: 'et_al', message: `“${etAlWord}”前应著录前3个责任者` });
  } else if (fields.etAl && wrongEtAl(entry.spans.authors, lang)) {
    problems.push({
      kind: 'et_al',
      message: lang === 'zh' ? '中文文献用“等”，不用“et al”' : '西文文献用“et al”，不用“等”',
    });
  }

  if (!entry.spans.code) {
    problems.push({ kind: 'type_code', message: `缺少文献类型标识，应为${codeOf(fields)}` });
  } else if (entry.spans.code !== entry.spans.code.toUpperCase() || /\s/.test(entry.spans.code)) {
    problems.push({ kind: 'type_code', message: `文献类型标识应写作${codeOf(fields)}` });
  } else if (fields.type === 'EB' && !fields.carrier) {
    problems.push({ kind: 'type_code', message: '网络资源应标注载体，写作[EB/OL]' });
  } else if (standard === '2015' && fields.type && TYPE_CODES_2025_ONLY.includes(fields.type)) {
    problems.push({
      kind: 'type_code',
      message: `${codeOf(fields)}是GB/T 7714-2025新增的类型，2015版无此标识`,
    });
  }

  const missing = [...(REQUIRED[fields.type ?? ''] ?? ['year']), 'title' as const].filter((k) => !fields[k]);
  if (fields.type === 'J' && !fields.volume && !fields.issue) missing.push('volume');
  if (missing.length > 0) {
    problems.push({
      kind: 'missing_element',
      message: `缺少必备著录项目：${missing.map((k) => ELEMENT_NAMES[k] ?? k).join('、')}`,
    });
  }

  if (
    hasFullWidthMarks(
      (entry.spans.authors + entry.spans.code + entry.spans.rest).replace(/（\p{Script=Han}+）/gu, ''),
    )
  ) {
    problems.push({ kind: 'width', message: '著录用符号应使用半角（. , : ; ( ) [ ] /）' });
  }
  if (standard === '2025' && fields.cited && !fields.carrier && fields.type !== 'EB') {
    problems.push({ kind: 'access_date', message: 'GB/T 7714-2025 不再著录非网络文献的引用日期' });
  }

  if (punctuationDiffers(entry, corrected, standard)) {
    problems.push({ kind: 'punctuation', message: '著录用符号或著录项目顺序不符合规定' });
  }
  if (missing.length > 0) {
    // Nothing can be invented: the corrected entry shows where each missing element goes, for the author to fill
    // (the same entry with nothing in its place read as if it needed no change).
    // A book's unlabelled "北京, 2016" was read as its container: a blank publisher would drop what it holds.
    const keeps = (k: string) => !(fields.container && (k === 'place' || k === 'publisher'));
    const blanks = Object.fromEntries(missing.filter(keeps).map((k) => [k, `【${ELEMENT_NAMES[k] ?? k}】`]));
    const filled = { ...fields, ...blanks };
    const number = entry.number !== null ? `[${entry.number}] ` : '';
    return { problems, corrected: `${number}${formatFields(filled, lang, standard, entry.authorYear)}` };
  }
  return { problems, corrected };
}

function wrongEtAl(authorsSpan: string, lang: Lang): boolean {
  return lang === 'zh' ? /et\s*al/i.test(authorsSpan) : /等/.test(authorsSpan);
}

/**
 * Punctuation and element order: the entry as written, with its author list and type code replaced by their
 * corrected forms and its marks folded to half width, must read as the corrected entry. What remains is a mark
 * or an order the standard does not use; the other kinds are reported on their own and not counted twice.
 */
function punctuationDiffers(entry: ParsedEntry, corrected: string, standard: Standard): boolean {
  const { fields, lang } = entry;
  const authors = authorList(fields, lang);
  const expected = squash(corrected.replace(/^\[\d+\]\s*/, ''));
  let asWritten = foldMarks(entry.text);
  if (entry.spans.title) {
    const titleAt = foldMarks(entry.text).indexOf(foldMarks(entry.spans.title));
    const before = asWritten.slice(0, titleAt);
    const after = asWritten.slice(titleAt + entry.spans.title.length);
    const yearHead =
      entry.authorYear && fields.year
        ? `${authors || '佚名'}, ${fields.year}. `
        : authors
          ? `${authors}. `
          : '';
    // Only the author names are replaced: the mark after the list stays as written.
    const sep =
      /([.,]?)\s*$/.exec(
        before.replace(/[,\s]*\d{4}[a-z]?[.,]?\s*$/, (m) => (entry.authorYear ? '' : m)),
      )?.[1] ?? '';
    const head =
      before.trim() === ''
        ? ''
        : entry.authorYear
          ? yearHead
          : `${authors}${sep === '.' ? '. ' : sep || ' '}`;
    asWritten = head + foldMarks(entry.spans.title) + after;
  }
  if (entry.spans.code) asWritten = asWritten.replace(foldMarks(entry.spans.code), codeOfWritten(fields));
  else asWritten = insertCode(asWritten, foldMarks(entry.spans.title), fields);
  if (standard === '2025' && fields.doi && fields.url) asWritten = asWritten.replace(fields.url, '');
  const missingOnly = squash(asWritten) === expected;
  return !missingOnly && !sameButMissing(squash(asWritten), expected);
}

function codeOfWritten(fields: RefFields): string {
  return codeOf(fields);
}

function insertCode(text: string, title: string, fields: RefFields): string {
  const at = title ? text.indexOf(title) : -1;
  if (at < 0) return text;
  return text.slice(0, at + title.length) + codeOf(fields) + text.slice(at + title.length);
}

/** The corrected entry leaves out nothing but writes "DOI:" once; a written "doi:" or doi.org link is the same element. */
function sameButMissing(written: string, expected: string): boolean {
  const norm = (s: string) =>
    s.replace(/(?:DOI:|doi:|https?:\/\/(?:dx\.)?doi\.org\/)/gi, 'DOI:').replace(/\.$/, '');
  return norm(written) === norm(expected);
}

function squash(text: string): string {
  return foldMarks(text).replace(/\s+/g, '');
}
