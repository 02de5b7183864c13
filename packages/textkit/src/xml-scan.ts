import { TextkitError } from './errors.ts';

export interface XmlCounts {
  elements: number;
  /** Elements whose local name is `p` (WordprocessingML paragraphs, whatever the prefix). */
  paragraphs: number;
  /** Non-whitespace characters outside tags: an upper estimate of the text the part yields. */
  textChars: number;
}

/** Deeper than any real document (Word nests tables and content controls a few dozen levels at most). */
const MAX_DEPTH = 256;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * One linear pass over an XML part, before any parser sees it. A DOCTYPE or entity declaration (OOXML allows
 * none; it is how "billion laughs" starts) and absurd nesting are refused as UNREADABLE_FILE.
 */
export function scanXml(xml: string): XmlCounts {
  const counts: XmlCounts = { elements: 0, paragraphs: 0, textChars: 0 };
  let depth = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    for (let k = i; k < textEnd; k++) if (!isSpace(xml.charCodeAt(k))) counts.textChars++;
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    let end: number;
    if (next === 0x3f /* ? */) {
      end = xml.indexOf('?>', lt + 2) + 1;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) end = xml.indexOf('-->', lt + 4) + 2;
      else if (xml.startsWith('<![CDATA[', lt)) {
        const close = xml.indexOf(']]>', lt + 9);
        if (close > 0) counts.textChars += close - lt - 9;
        end = close + 2;
      } else throw new TextkitError('UNREADABLE_FILE');
    } else if (next === 0x2f /* / */) {
      end = xml.indexOf('>', lt + 2);
      depth--;
    } else {
      end = xml.indexOf('>', lt + 1);
      if (end < 0) break;
      counts.elements++;
      let nameEnd = lt + 1;
      while (nameEnd < end && !isSpace(xml.charCodeAt(nameEnd)) && xml.charCodeAt(nameEnd) !== 0x2f)
        nameEnd++;
      const name = xml.slice(lt + 1, nameEnd);
      if (name === 'p' || name.endsWith(':p')) counts.paragraphs++;
      if (xml.charCodeAt(end - 1) !== 0x2f && ++depth > MAX_DEPTH) throw new TextkitError('UNREADABLE_FILE');
    }
    if (end < lt) break; // unterminated markup: the XML parser will refuse it
    i = end + 1;
  }
  return counts;
}
