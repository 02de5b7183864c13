import { matchingCodes, type ReferenceEntry } from '@paperdesk/textkit';
import type { DocumentMeta } from './library.ts';

/**
 * Whose a matched library document is: the checked paper's author's own (本人文献), or a work the paper lists in
 * its reference list (引用, as 知网 counts it for 去除引用文献复制比).
 */

const matchForm = (s: string) => String.fromCharCode(...matchingCodes(s, false).codes);

/** Names of an author field: "张三，李四 等" / "Zhang San; Li Si" → ['张三', '李四'] / ['zhangsan', 'lisi']. */
export function authorNames(field: string | undefined): string[] {
  if (!field) return [];
  return field
    .split(/[,，;；、/|]|\s+and\s+|\n/i)
    .map((a) => matchForm(a.replace(/(等|et\s+al\.?)\s*$/i, '')))
    .filter((a) => a.length >= 2);
}

export interface Ownership {
  ownerKey?: string | undefined;
  ownAuthors?: string[] | undefined;
}

/** Compiled once per check: is a library document 本人文献? */
export function isOwnDocument(own: Ownership): (meta: DocumentMeta) => boolean {
  const names = new Set((own.ownAuthors ?? []).flatMap(authorNames));
  return (meta) => {
    // a 自建库 document carries its owner's key to stay private, but it is someone else's text, not 本人文献
    if (meta.private) return false;
    if (own.ownerKey !== undefined && meta.ownerKey === own.ownerKey) return true;
    if (names.size === 0) return false;
    return authorNames(meta.author).some((n) => names.has(n));
  };
}

/** Shortest title (matching characters) compared by containment; shorter titles must be equal. */
const MIN_CONTAINED_TITLE = 8;

/**
 * Is a library document one of the paper's references? Its title (matching form: letters and digits, folded)
 * equals an entry's title, or one contains the other when the shorter has at least 8 characters; an entry whose
 * title was not recognised counts when it contains the document's title. When both give a year they must agree.
 */
export function citedSources(entries: ReferenceEntry[]): (meta: DocumentMeta) => boolean {
  const refs = entries.map((e) => ({
    title: e.title ? matchForm(e.title) : '',
    text: matchForm(e.text),
    year: e.year,
  }));
  return (meta) => {
    const title = matchForm(meta.title);
    if (title.length < 4) return false;
    return refs.some((r) => {
      if (r.year !== undefined && meta.year !== undefined && r.year !== meta.year) return false;
      if (r.title) {
        if (r.title === title) return true;
        const [short, long] = r.title.length < title.length ? [r.title, title] : [title, r.title];
        return short.length >= MIN_CONTAINED_TITLE && long.includes(short);
      }
      return title.length >= MIN_CONTAINED_TITLE && r.text.includes(title);
    });
  };
}
