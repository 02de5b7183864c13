import {
  diffText,
  foldIslands,
  normalize,
  type ReadLimits,
  readMainDocumentPart,
  replaceZipEntry,
  resolveLimits,
  TextkitError,
} from '@paperdesk/textkit';
import { type ParagraphModel, type ReadState, type RunStyle, readParagraph, type Unit } from './paragraph.ts';
import { escapeAttribute, escapeXml, parseXml, topLevelParagraphs } from './xml.ts';

/** One paragraph to replace: `original` as textkit read it from this file, `text` what it becomes. */
export interface ParagraphEdit {
  original: string;
  text: string;
}

export interface RewriteDocxOptions {
  /** Write the changes as Word tracked revisions (w:del / w:ins) instead of replacing the text outright. */
  track?: boolean;
  /** Revision author; default 'PaperDesk'. */
  author?: string;
  /** Revision time; default now. */
  date?: Date;
  /** textkit's caps on the uploaded file (defaults DEFAULT_READ_LIMITS). */
  limits?: Partial<ReadLimits>;
}

export interface RewriteDocxResult {
  bytes: Uint8Array;
  /** Edits whose paragraph was found (and rewritten when its text changed). */
  applied: number;
  /** Indexes into `edits` of the ones that matched no paragraph: reported, never guessed. */
  unmatched: number[];
}

/** The form two paragraph texts are compared in: textkit's normalisation, whitespace removed. */
const matchKey = (text: string) => normalize(text, { whitespace: 'remove' }).text;

const cleanRunProperties = (rPr: string) =>
  rPr
    .replace(/<w:rPrChange\b[^>]*\/>|<w:rPrChange\b[\s\S]*?<\/w:rPrChange>/g, '')
    .replace(/<w:(?:ins|del|moveFrom|moveTo)\b[^>]*\/>/g, '');

class RevisionWriter {
  private nextId: number;
  private readonly attrs: string;

  constructor(
    xml: string,
    readonly track: boolean,
    author: string,
    date: Date,
  ) {
    let max = 0;
    for (const m of xml.matchAll(/\sw:id="(\d+)"/g)) max = Math.max(max, Number(m[1]));
    this.nextId = max + 1;
    const when = `${date.toISOString().slice(0, 19)}Z`;
    this.attrs = `w:author="${escapeAttribute(author)}" w:date="${when}"`;
  }

  open(kind: 'ins' | 'del'): string {
    return `<w:${kind} w:id="${this.nextId++}" ${this.attrs}>`;
  }

  /** Every run inside a removed hyperlink, content control… marked deleted. */
  deleteRuns(xml: string): string {
    return xml.replace(
      /<w:r(?=[\s>])[^>]*(?<!\/)>[\s\S]*?<\/w:r>/g,
      (run) =>
        `${this.open('del')}${run
          .replace(/<(\/?)w:t(?=[\s>])/g, '<$1w:delText')
          .replace(/<(\/?)w:instrText(?=[\s>])/g, '<$1w:delInstrText')}</w:del>`,
    );
  }
}

/** Run content for text and kept elements: `tag` is w:t, or w:delText inside a deletion. */
type RunItem = { text: string; element?: string };

function runContent(items: readonly RunItem[], tag: 'w:t' | 'w:delText'): string {
  let out = '';
  let text = '';
  const flush = () => {
    if (text) out += `<${tag} xml:space="preserve">${escapeXml(text)}</${tag}>`;
    text = '';
  };
  for (const item of items) {
    if (item.element === undefined) {
      text += item.text;
      continue;
    }
    flush();
    out += tag === 'w:delText' ? item.element.replace(/<(\/?)w:t(?=[\s>])/g, '<$1w:delText') : item.element;
  }
  flush();
  return out;
}

/** New text as run items: tabs and line breaks become w:tab / w:br. */
function insertedItems(text: string): RunItem[] {
  return text
    .split(/(\t|\r?\n)/)
    .filter(Boolean)
    .map((part) =>
      part === '\t'
        ? { text: ' ', element: '<w:tab/>' }
        : part.endsWith('\n')
          ? { text: ' ', element: '<w:br/>' }
          : { text: part },
    );
}

interface Insertion {
  at: number;
  /** New text, with the note references or fields it moves to this place. */
  pieces: Array<string | OpaqueUnit>;
  style: RunStyle;
}

type OpaqueUnit = Extract<Unit, { kind: 'opaque' }>;

/**
 * A note reference or field whose text ([1], a citation) the diff deletes at one place and inserts at another moved
 * with the rewrite: without tracking it goes to the new place; with tracking it stays where it was (a reference
 * cannot be deleted and re-inserted) and the typed copy is dropped. Either way no literal "[1]" is written.
 */
function relocate(
  units: readonly Unit[],
  gone: (u: number) => boolean,
  insertions: Insertion[],
  track: boolean,
) {
  const moved = new Set<number>();
  units.forEach((unit, u) => {
    if (unit.kind !== 'opaque' || unit.removable || !unit.text || !gone(u)) return;
    for (const insertion of insertions) {
      const k = insertion.pieces.findIndex((p) => typeof p === 'string' && p.includes(unit.text));
      if (k < 0) continue;
      const text = insertion.pieces[k] as string;
      const at = text.indexOf(unit.text);
      const around = [text.slice(0, at), text.slice(at + unit.text.length)];
      insertion.pieces.splice(k, 1, around[0]!, ...(track ? [] : [unit]), around[1]!);
      if (!track) moved.add(u);
      return;
    }
  });
  return moved;
}

/** Markup of `model` with its text changed to `text`, or null when nothing changes. */
function rewriteParagraph(model: ParagraphModel, text: string, revisions: RevisionWriter): string | null {
  const old = model.text;
  // textkit trims a paragraph, so an edit never sees its leading or trailing spaces (a typed 　　 indent): keep them
  const lead = old.length - old.trimStart().length;
  const trail = lead === old.length ? 0 : old.length - old.trimEnd().length;
  const ops = foldIslands(
    diffText(old.slice(lead, old.length - trail), text.trim(), { units: 'words', looseSpace: true }),
  );
  if (ops.every((op) => op.op === 'equal')) return null;

  const starts: number[] = [];
  const unitAt = new Int32Array(old.length).fill(-1);
  let pos = 0;
  model.units.forEach((unit, u) => {
    starts.push(pos);
    for (let k = 0; k < unit.text.length; k++) unitAt[pos + k] = u;
    pos += unit.text.length;
  });
  const styleAt = (at: number): RunStyle | undefined => {
    const unit = at >= 0 && at < old.length ? model.units[unitAt[at]!] : undefined;
    return unit?.kind === 'char' ? unit.run : undefined;
  };

  const deleted = new Uint8Array(old.length);
  const insertions: Insertion[] = [];
  pos = lead;
  ops.forEach((op, k) => {
    if (op.op === 'insert') {
      // replaced text takes the look of what it replaces, else of the text before it, else after it
      const style =
        (ops[k - 1]?.op === 'delete' ? styleAt(pos - 1) : undefined) ??
        (ops[k + 1]?.op === 'delete' ? styleAt(pos) : undefined) ??
        styleAt(pos - 1) ??
        styleAt(pos) ??
        model.defaultRun;
      insertions.push({ at: pos, pieces: [op.text], style });
      return;
    }
    if (op.op === 'delete') deleted.fill(1, pos, pos + op.text.length);
    pos += op.text.length;
  });

  const parts: string[] = [model.head];
  // plain runs with the same properties are merged as they are written, so a rewrite does not leave a run per word
  let pending: { open: string; rPr: string; items: RunItem[] } | undefined;
  const flushPending = () => {
    if (pending) parts.push(`${pending.open}${pending.rPr}${runContent(pending.items, 'w:t')}</w:r>`);
    pending = undefined;
  };
  const plainRun = (open: string, rawRPr: string, items: readonly RunItem[]) => {
    const rPr = cleanRunProperties(rawRPr);
    if (pending?.rPr !== rPr) flushPending();
    pending ??= { open, rPr, items: [] };
    pending.items.push(...items);
  };
  const wrapped = (xml: string) => {
    flushPending();
    parts.push(xml);
  };
  let group: { run: RunStyle; deleted: boolean; items: Unit[] } | undefined;
  const flushGroup = () => {
    if (!group) return;
    const { run, items } = group;
    if (!group.deleted) plainRun(run.open, run.rPr, items);
    else if (revisions.track) {
      const rPr = cleanRunProperties(run.rPr);
      wrapped(`${revisions.open('del')}${run.open}${rPr}${runContent(items, 'w:delText')}</w:r></w:del>`);
    }
    group = undefined;
  };
  let next = 0;
  const insertUpTo = (at: number) => {
    while (next < insertions.length && insertions[next]!.at <= at) {
      flushGroup();
      const { pieces, style } = insertions[next++]!;
      for (const piece of pieces) {
        if (typeof piece !== 'string') wrapped(piece.xml);
        else if (!piece) continue;
        else if (!revisions.track) plainRun('<w:r>', style.rPr, insertedItems(piece));
        else {
          const rPr = cleanRunProperties(style.rPr);
          wrapped(
            `${revisions.open('ins')}<w:r>${rPr}${runContent(insertedItems(piece), 'w:t')}</w:r></w:ins>`,
          );
        }
      }
    }
  };
  const isGone = (u: number) => {
    const unit = model.units[u]!;
    const start = starts[u]!;
    return unit.text.length > 0 && deleted.subarray(start, start + unit.text.length).every((d) => d === 1);
  };
  const moved = relocate(model.units, isGone, insertions, revisions.track);
  model.units.forEach((unit, u) => {
    const start = starts[u]!;
    insertUpTo(start);
    const gone = isGone(u);
    if (unit.kind === 'opaque') {
      flushGroup();
      if (moved.has(u)) return;
      if (!gone || !unit.removable) wrapped(unit.xml);
      else if (revisions.track) wrapped(revisions.deleteRuns(unit.xml));
      return;
    }
    if (group && (group.run !== unit.run || group.deleted !== gone)) flushGroup();
    group ??= { run: unit.run, deleted: gone, items: [] };
    group.items.push(unit);
  });
  insertUpTo(Number.POSITIVE_INFINITY);
  flushGroup();
  flushPending();
  parts.push(model.tail);
  return parts.join('');
}

function checkAborted(limits: ReadLimits): void {
  if (limits.signal?.aborted) throw new TextkitError('PARSE_TIMEOUT', { cause: limits.signal.reason });
}

/**
 * The user's own .docx with paragraph text replaced. Every zip entry but the main document part is copied byte for
 * byte; inside it only the edited paragraphs' runs change (paragraph properties, note references, fields, images,
 * hyperlinks and bookmarks stay). Edits find their paragraph by text as textkit reads it, in document order.
 * Throws TextkitError on a file textkit would refuse (unreadable, over a cap).
 */
export async function rewriteDocx(
  original: Uint8Array,
  edits: readonly ParagraphEdit[],
  options: RewriteDocxOptions = {},
): Promise<RewriteDocxResult> {
  const limits = resolveLimits(options.limits);
  if (edits.length > limits.maxBlocks) throw new TextkitError('TOO_MANY_BLOCKS');
  let editChars = 0;
  for (const e of edits) editChars += e.original.length + e.text.length;
  if (editChars > 2 * limits.maxChars) throw new TextkitError('TOO_LONG');
  checkAborted(limits);

  const buf = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  const { entries, name, xml } = readMainDocumentPart(buf, limits);
  const state: ReadState = { notes: 0, fieldDepth: 0 };
  const paragraphs = topLevelParagraphs(xml).map((span, i) => {
    if (i % 512 === 0) checkAborted(limits);
    const before = { ...state };
    const node = parseXml(xml, span.start, span.end)[0]!;
    return { span, before, key: matchKey(readParagraph(xml, node, state).text) };
  });

  // each key's paragraphs in document order; an edit takes the first unused one after the previous match
  const byKey = new Map<string, number[]>();
  paragraphs.forEach((p, i) => {
    if (!p.key) return;
    const list = byKey.get(p.key);
    if (list) list.push(i);
    else byKey.set(p.key, [i]);
  });
  const used = new Uint8Array(paragraphs.length);
  const unusedFrom = (list: readonly number[], from: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < list.length; k++) if (!used[list[k]!]) return list[k];
    return undefined;
  };
  const unmatched: number[] = [];
  const targets: Array<{ paragraph: number; text: string }> = [];
  let cursor = 0;
  edits.forEach((edit, e) => {
    const candidates = byKey.get(matchKey(edit.original)) ?? [];
    const found = unusedFrom(candidates, cursor) ?? unusedFrom(candidates, 0);
    if (found === undefined) {
      unmatched.push(e);
      return;
    }
    used[found] = 1;
    cursor = found + 1;
    targets.push({ paragraph: found, text: edit.text });
  });

  const revisions = new RevisionWriter(
    xml,
    options.track === true,
    options.author?.trim() || 'PaperDesk',
    options.date ?? new Date(),
  );
  const replaced: Array<{ start: number; end: number; xml: string }> = [];
  for (const { paragraph, text } of targets) {
    checkAborted(limits);
    const { span, before } = paragraphs[paragraph]!;
    const node = parseXml(xml, span.start, span.end)[0]!;
    const markup = rewriteParagraph(readParagraph(xml, node, { ...before }), text, revisions);
    if (markup !== null) replaced.push({ start: span.start, end: span.end, xml: markup });
  }
  if (replaced.length === 0) return { bytes: new Uint8Array(buf), applied: targets.length, unmatched };

  replaced.sort((a, b) => a.start - b.start);
  const out: string[] = [];
  let at = 0;
  for (const r of replaced) {
    out.push(xml.slice(at, r.start), r.xml);
    at = r.end;
  }
  out.push(xml.slice(at));
  const bytes = replaceZipEntry(buf, entries, name, Buffer.from(out.join(''), 'utf8'));
  return {
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    applied: targets.length,
    unmatched,
  };
}
