import mammoth from 'mammoth';
import type { Block, ParsedDocument } from './document.ts';
import { boundedDocxPackage } from './docx-package.ts';
import { TextkitError } from './errors.ts';
import { headingLevel } from './headings.ts';
import { type ReadLimits, raceAbort } from './limits.ts';

const STYLE_MAP = [
  "p[style-name='Title'] => p.doc-title:fresh",
  "p[style-name='标题'] => p.doc-title:fresh",
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [
    `p[style-name='标题 ${n}'] => h${n}:fresh`,
    `p[style-name='标题${n}'] => h${n}:fresh`,
  ]),
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const cp =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(cp) ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

interface RawBlock {
  tag: string;
  cls: string;
  text: string;
}

/** Walk mammoth's flat HTML: every p / h1-6 / li becomes one block; inline markup is dropped. */
function htmlToRawBlocks(html: string): RawBlock[] {
  const out: RawBlock[] = [];
  const stack: RawBlock[] = [];
  const tagRe = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (let m = tagRe.exec(html); m !== null; m = tagRe.exec(html)) {
    if (m[4] !== undefined) {
      const top = stack[stack.length - 1];
      if (top) top.text += decodeEntities(m[4]);
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const isBlock = tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag);
    if (tag === 'br') {
      const top = stack[stack.length - 1];
      if (top) top.text += ' ';
      continue;
    }
    if (!isBlock) continue;
    if (!closing) {
      const cls = /class="([^"]*)"/.exec(m[3] ?? '')?.[1] ?? '';
      // a list item that holds a nested list: flush what it has so far
      const parent = stack[stack.length - 1];
      if (parent?.text.trim()) {
        out.push({ ...parent });
        parent.text = '';
      }
      stack.push({ tag, cls, text: '' });
    } else {
      const top = stack.pop();
      if (top) out.push(top);
    }
  }
  return out;
}

export async function readDocx(buffer: Buffer, limits: ReadLimits): Promise<ParsedDocument> {
  // mammoth only ever sees the bounded, already-inflated parts it needs
  const { zip: bounded, hidden } = boundedDocxPackage(buffer, limits);
  let html: string;
  try {
    const result = await raceAbort(
      mammoth.convertToHtml(
        { buffer: bounded },
        { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
      ),
      limits.signal,
    );
    html = result.value;
  } catch (cause) {
    if (cause instanceof TextkitError) throw cause;
    throw new TextkitError('UNREADABLE_FILE', { cause });
  }
  const raw = htmlToRawBlocks(html);
  const blocks: Block[] = [];
  let title: string | undefined;
  for (const r of raw) {
    const text = r.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (r.cls.includes('doc-title')) {
      if (title === undefined) title = text;
      blocks.push({ kind: 'heading', level: 0, text });
    } else if (/^h[1-6]$/.test(r.tag)) {
      blocks.push({ kind: 'heading', level: Number(r.tag[1]), text });
    } else {
      const level = headingLevel(text);
      blocks.push(level > 0 ? { kind: 'heading', level, text } : { kind: 'paragraph', text });
    }
  }
  if (title === undefined) {
    const first = blocks[0];
    if (
      first &&
      blocks.length > 1 &&
      first.text.length <= 50 &&
      !/[。；，,;：:？?！!.]$/.test(first.text) &&
      (first.kind === 'paragraph' || first.level === 1) &&
      headingLevel(first.text) === 0 &&
      !/^(摘要|abstract)/i.test(first.text)
    ) {
      title = first.text;
      blocks[0] = { kind: 'heading', level: 0, text: first.text };
    }
  }
  const doc: ParsedDocument = title === undefined ? { blocks } : { title, blocks };
  if (hidden) doc.hidden = hidden;
  return doc;
}
