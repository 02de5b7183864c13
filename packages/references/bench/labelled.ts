import type { BenchRecord } from './records.ts';

/**
 * The labelled set, written apart from the engine: its own writer of entries in several styles, and injectors
 * that each break one thing and say which. Nothing here imports the checker it measures.
 */
export type Style = 'gb' | 'gb-tight' | 'gb-fullwidth' | 'gb-author-year' | 'apa' | 'dotted-label';
export type Kind = 'author_form' | 'et_al' | 'punctuation' | 'type_code' | 'missing_element' | 'width';
export const KINDS: Kind[] = ['author_form', 'et_al', 'punctuation', 'type_code', 'missing_element', 'width'];

/** Fields a parse must recover, as the bench writes them into the entry (authors capped by 等/et al). */
export interface Gold {
  authors: string[];
  title: string;
  type: string;
  container: string;
  year: string;
  volume: string;
  issue: string;
  pages: string;
  place: string;
  publisher: string;
  doi: string;
}

export function goldOf(r: BenchRecord, capAuthors = true): Gold {
  return {
    authors: capAuthors ? r.authors.slice(0, 3) : r.authors,
    title: r.title,
    type: r.type,
    container: r.container ?? '',
    year: r.year,
    volume: r.volume ?? '',
    issue: r.issue ?? '',
    pages: r.pages ?? '',
    place: r.type === 'J' ? '' : (r.place ?? ''),
    publisher: r.type === 'J' ? '' : (r.publisher ?? ''),
    doi: r.doi ?? '',
  };
}

interface Parts {
  authors: string[];
  etAl: boolean;
  authorSep: string;
  code: string;
  /** [J]: "Container, 2016, 53(2): 247-261" */
  source: string;
}

function parts(r: BenchRecord, allAuthors = false): Parts {
  const many = r.authors.length > 3 && !allAuthors;
  const authors = many ? r.authors.slice(0, 3) : r.authors;
  let source: string;
  if (r.type === 'J') {
    source = `${r.container}, ${r.year}${r.volume ? `, ${r.volume}` : ''}${r.issue ? `(${r.issue})` : ''}${r.pages ? `: ${r.pages}` : ''}`;
  } else if (r.type === 'C') {
    source = `//${r.container}. ${r.place}: ${r.publisher}, ${r.year}${r.pages ? `: ${r.pages}` : ''}`;
  } else {
    source = `${r.place}: ${r.publisher}, ${r.year}`;
  }
  return { authors, etAl: many, authorSep: ', ', code: `[${r.type}]`, source };
}

function authorText(p: Parts, lang: 'zh' | 'en'): string {
  return [...p.authors, ...(p.etAl ? [lang === 'zh' ? '等' : 'et al'] : [])].join(p.authorSep);
}

function assemble(r: BenchRecord, p: Parts): string {
  const glue = r.type === 'C' ? '' : '. ';
  return `${authorText(p, r.lang)}. ${r.title}${p.code}${glue}${p.source}.${r.doi ? ` DOI:${r.doi}.` : ''}`;
}

/** A correct GB/T 7714-2015 entry in one of the ways students write it. */
export function write(r: BenchRecord, style: Style, n: number): string {
  const p = parts(r);
  switch (style) {
    case 'gb':
      return `[${n}] ${assemble(r, p)}`;
    case 'dotted-label':
      return `${n}. ${assemble(r, p)}`;
    case 'gb-tight':
      return `[${n}]${assemble(r, p).replace(/([.,:]) (?=\S)/g, (m, c: string, off: number, all: string) => (/[A-Za-z]/.test(all[off - 1] ?? '') && /[A-Za-z]/.test(all[off + 2] ?? '') ? m : c))}`;
    case 'gb-fullwidth':
      return `［${n}］${assemble(r, p).replace(/\. /g, '．').replace(/, /g, '，').replace(/: /g, '：').replace(/\(/g, '（').replace(/\)/g, '）').replace(/\[/g, '［').replace(/\]/g, '］').replace(/\.$/, '．')}`;
    case 'gb-author-year': {
      const source = p.source
        .replace(`, ${r.year}`, '')
        .replace(`${r.year}: `, '')
        .replace(/, (?=\d)|, $/, ', ');
      return `${authorText(p, r.lang)}, ${r.year}. ${r.title}${p.code}${r.type === 'C' ? '' : '. '}${source.replace(/, $/, '')}.${r.doi ? ` DOI:${r.doi}.` : ''}`;
    }
    case 'apa': {
      const names = p.authors.map((a) =>
        a.replace(
          / ([A-Z](?: [A-Z])*)$/,
          (_m, i: string) =>
            `, ${i
              .split(' ')
              .map((c) => `${c}.`)
              .join(' ')}`,
        ),
      );
      const list =
        names.length > 1 ? `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}` : names[0];
      const tail =
        r.type === 'J'
          ? `${r.container}, ${r.volume}${r.issue ? `(${r.issue})` : ''}, ${r.pages}.`
          : `${r.publisher}.`;
      return `${list}${p.etAl ? ', et al.' : ''} (${r.year}). ${r.title}. ${tail}`;
    }
  }
}

export interface Injected {
  text: string;
  kind: Kind | null;
}

/** One format error of a known kind in an otherwise correct GB entry; null when the record cannot carry it. */
export function inject(r: BenchRecord, kind: Kind, n: number): string | null {
  const p = parts(r);
  switch (kind) {
    case 'author_form':
      if (r.lang === 'en') {
        const i = p.authors.findIndex((a) => / [A-Z]/.test(a));
        if (i < 0) return null;
        // Initials with dots, or given name first: both are not GB/T 7714's form.
        const dotted = n % 2 === 1 && i < p.authors.length - 1;
        p.authors = p.authors.map((a, j) =>
          j !== i
            ? a
            : dotted
              ? a.replace(/ ([A-Z](?: [A-Z])*)$/, (_m, s: string) => ` ${s.split(' ').join('.')}.`)
              : a.replace(
                  /^(\S+) ([A-Z](?: [A-Z])*)$/,
                  (_m, sur: string, s: string) => `${s.split(' ').join('. ')}. ${sur}`,
                ),
        );
      } else {
        if (p.authors.length < 2) return null;
        p.authorSep = '、';
      }
      return `[${n}] ${assemble(r, p)}`;
    case 'et_al': {
      if (r.authors.length > 3) return `[${n}] ${assemble(r, parts(r, true))}`;
      return null;
    }
    case 'punctuation': {
      const text = assemble(r, p);
      // The year moved after the pages, a comma where the title ends, or a comma between place and publisher.
      if (r.type === 'J' && r.pages)
        return `[${n}] ${text.replace(`, ${r.year}`, '').replace(`: ${r.pages}.`, `: ${r.pages}, ${r.year}.`)}`;
      if (r.type === 'M') return `[${n}] ${text.replace(`${r.place}: `, `${r.place}, `)}`;
      return `[${n}] ${text.replace(`]//`, `], //`)}`;
    }
    case 'type_code':
      p.code = n % 2 ? '' : p.code.toLowerCase();
      return `[${n}] ${assemble(r, p)}`;
    case 'missing_element':
      if (r.type === 'J' && r.pages) p.source = p.source.replace(`: ${r.pages}`, '');
      else if (r.type === 'M') p.source = `${r.publisher}, ${r.year}`;
      else if (r.type === 'C') p.source = p.source.replace(`, ${r.year}`, '').replace(`: ${r.pages}`, '');
      else return null;
      return `[${n}] ${assemble(r, p)}`;
    case 'width':
      if (r.lang !== 'zh') return null;
      return `［${n}］${assemble(r, p).replace(/\. /g, '．').replace(/, /g, '，').replace(/: /g, '：').replace(/\(/g, '（').replace(/\)/g, '）')}`;
  }
}

/** Entries no one wrote: a real title under other authors, a real author's invented title, a wrong journal and year. */
export function fabricate(records: readonly BenchRecord[], i: number): string {
  const a = records[i % records.length] as BenchRecord;
  const b = records[(i * 7 + 3) % records.length] as BenchRecord;
  const c = records[(i * 13 + 5) % records.length] as BenchRecord;
  const same = records.filter((r) => r.lang === a.lang);
  const pick = same[(i * 5 + 1) % same.length] as BenchRecord;
  const other = pick.id === a.id ? (same[(i * 5 + 2) % same.length] as BenchRecord) : pick;
  switch (i % 3) {
    case 0:
      return write({ ...a, authors: other.authors, doi: undefined }, 'gb', i + 1);
    case 1: {
      const half = (t: string) =>
        a.lang === 'zh' ? t.slice(0, Math.ceil(t.length / 2)) : t.split(' ').slice(0, 3).join(' ');
      const tail = (t: string) =>
        a.lang === 'zh' ? t.slice(Math.ceil(t.length / 2)) : t.split(' ').slice(3).join(' ') || 'revisited';
      return write(
        {
          ...a,
          title: `${half(a.title)}${a.lang === 'zh' ? '' : ' '}${tail(other.title)}`.trim(),
          doi: undefined,
        },
        'gb',
        i + 1,
      );
    }
    default:
      return write(
        {
          ...b,
          container: c.container ?? b.container,
          year: String(Number(b.year) + 1 + (i % 4)),
          doi: undefined,
        },
        'gb',
        i + 1,
      );
  }
}
