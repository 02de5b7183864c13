import { createRequire } from 'node:module';
import path from 'node:path';
import { definePDFJSModule, type getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { Block, ParsedDocument } from './document.ts';
import { TextkitError } from './errors.ts';
import { headingLevel } from './headings.ts';
import { type ReadLimits, raceAbort, throwIfAborted } from './limits.ts';
import { scanPdf } from './pdf-guard.ts';
import { patchedPdfWorkerUrl } from './pdfjs-worker.ts';

type PDFDocumentProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

let pdfjsReady: Promise<void> | undefined;

/**
 * unpdf drives the pdfjs-dist build installed with the package (its legacy build runs on Node), with the worker
 * side (run in this thread) loaded from the patched copy that leaves no rejection unhandled.
 */
function ensurePdfjs(): Promise<void> {
  pdfjsReady ??= definePDFJSModule(async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const workerUrl = await patchedPdfWorkerUrl();
    if (workerUrl) pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return pdfjsReady;
}

let assetDirs: { cMapUrl: string; standardFontDataUrl: string } | undefined;

/** pdfjs needs the predefined CJK CMaps (UniGB-UCS2-H, Adobe-GB1-UCS2, ...) to turn CIDs of Chinese fonts into text. */
function pdfAssets(): { cMapUrl: string; standardFontDataUrl: string } {
  if (!assetDirs) {
    const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    assetDirs = {
      cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
      standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    };
  }
  return assetDirs;
}

interface Line {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

function isRawItem(item: unknown): item is RawItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

const CJK_RE = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/;

function joinText(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  const last = a[a.length - 1]!;
  const first = b[0]!;
  if (last === '-' && /[a-z]/.test(first) && /[a-z]-$/.test(a)) return a.slice(0, -1) + b;
  if (CJK_RE.test(last) || CJK_RE.test(first) || last === ' ' || first === ' ') return a + b;
  return `${a} ${b}`;
}

/** Group text items into visual lines (same baseline), left to right. */
function pageLines(items: RawItem[]): Line[] {
  const lines: Line[] = [];
  let cur: Line | undefined;
  for (const it of items) {
    const [a = 0, b = 0, , d = 0, e = 0, f = 0] = it.transform;
    const size = Math.hypot(a, b) || Math.abs(d) || 10;
    if (it.str.length > 0) {
      if (cur && Math.abs(cur.y - f) <= size * 0.5 && e >= cur.x0 - size) {
        const gap = e - cur.x1;
        cur.text =
          gap > size * 0.25 && !CJK_RE.test(it.str[0]!) ? joinText(cur.text, it.str) : cur.text + it.str;
        cur.x1 = Math.max(cur.x1, e + it.width);
        cur.size = Math.max(cur.size, size);
      } else {
        if (cur) lines.push(cur);
        cur = { text: it.str, x0: e, x1: e + it.width, y: f, size };
      }
    }
    if (it.hasEOL && cur) {
      lines.push(cur);
      cur = undefined;
    }
  }
  if (cur) lines.push(cur);
  for (const l of lines) l.text = l.text.replace(/\s+/g, ' ').trim();
  return lines.filter((l) => l.text.length > 0);
}

const PAGE_NUMBER_RE =
  /^([-–—\s]*\d+[-–—\s]*|第\s*\d+\s*页(\s*[，,/]?\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+|page\s+\d+(\s+of\s+\d+)?)$/i;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Merge lines into paragraphs. A new paragraph starts at a heading-like line, after a larger vertical gap, at a
 * first-line indent, after a short line that ends a sentence, or where the font size changes.
 */
function linesToBlocks(pages: Line[][]): Block[] {
  // running headers/footers: the same text at the top or bottom of many pages
  const edgeCount = new Map<string, number>();
  for (const lines of pages) {
    const edge = new Set([lines[0]?.text, lines[lines.length - 1]?.text].filter((t): t is string => !!t));
    for (const t of edge) edgeCount.set(t, (edgeCount.get(t) ?? 0) + 1);
  }
  const repeated = (t: string) =>
    pages.length >= 3 && (edgeCount.get(t) ?? 0) >= Math.max(3, pages.length * 0.5);

  const all: Line[] = [];
  const pageStarts = new Set<Line>();
  for (const lines of pages) {
    const kept = lines.filter((l, i) => {
      const atEdge = i <= 1 || i >= lines.length - 2;
      return !(atEdge && (PAGE_NUMBER_RE.test(l.text) || repeated(l.text)));
    });
    if (kept[0]) pageStarts.add(kept[0]);
    all.push(...kept);
  }
  const left = median(all.map((l) => Math.round(l.x0)));
  const right = Math.max(...all.map((l) => l.x1), 0);
  const bodySize = median(all.map((l) => l.size));
  const gaps: number[] = [];
  for (let i = 1; i < all.length; i++) {
    const g = all[i - 1]!.y - all[i]!.y;
    if (g > 0 && !pageStarts.has(all[i]!)) gaps.push(g);
  }
  const spacing = median(gaps) || bodySize * 1.5;

  const blocks: Block[] = [];
  let para: { text: string; last: Line } | undefined;
  const flush = () => {
    if (para) blocks.push({ kind: 'paragraph', text: para.text });
    para = undefined;
  };
  for (const line of all) {
    const level = headingLevel(line.text);
    const shortLine = line.x1 < right - bodySize * 3;
    if (level > 0 && (shortLine || line.text.length <= 20)) {
      flush();
      blocks.push({ kind: 'heading', level, text: line.text });
      continue;
    }
    if (para) {
      const prev = para.last;
      const newPage = pageStarts.has(line);
      const gap = prev.y - line.y;
      const bigGap = !newPage && (gap > spacing * 1.4 || gap < 0);
      const indent = line.x0 > left + bodySize * 1.2;
      const prevShort = prev.x1 < right - bodySize * 2 && /[。！？.!?：:”"）)]$/.test(prev.text);
      const sizeChange = Math.abs(line.size - prev.size) > bodySize * 0.15;
      if (bigGap || indent || prevShort || sizeChange) flush();
    }
    if (para) {
      para.text = joinText(para.text, line.text);
      para.last = line;
    } else {
      para = { text: line.text, last: line };
    }
  }
  flush();
  return blocks;
}

/** A 600 dpi A4 scan is 35 M pixels; pdfjs drops larger images instead of decoding them. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** Whether one of the first pages paints an image (pdfjs decodes them here, each bounded by MAX_IMAGE_PIXELS). */
async function paintsImages(pdf: PDFDocumentProxy, maxPages: number, signal: AbortSignal | undefined) {
  const pdfjs = await getResolvedPDFJS();
  const imageOps = new Set<number>([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject]);
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    const page = await raceAbort(pdf.getPage(p), signal);
    const ops = await raceAbort(page.getOperatorList(), signal);
    if (ops.fnArray.some((fn) => imageOps.has(fn))) return true;
  }
  return false;
}

export async function readPdf(buffer: Uint8Array, limits: ReadLimits): Promise<ParsedDocument> {
  return (await readPdfWithInfo(buffer, limits)).doc;
}

/** readPdf, plus the custom string entries of the PDF's Info dictionary (a PaperDesk report carries its data there). */
export async function readPdfWithInfo(
  buffer: Uint8Array,
  limits: ReadLimits,
): Promise<{ doc: ParsedDocument; info: Record<string, string> }> {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const { hasImages } = scanPdf(bytes, limits);
  await ensurePdfjs();
  const { getDocument } = await getResolvedPDFJS();
  // pdfjs takes ownership of (detaches) the array it is given: hand it a copy
  const task = getDocument({
    data: new Uint8Array(buffer),
    ...pdfAssets(),
    cMapPacked: true,
    disableFontFace: true,
    isEvalSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdf = await raceAbort(task.promise, limits.signal).catch((cause: unknown) => {
      throw cause instanceof TextkitError ? cause : new TextkitError('UNREADABLE_FILE', { cause });
    });
    if (pdf.numPages > limits.maxPdfPages) throw new TextkitError('TOO_MANY_PAGES');
    let title: string | undefined;
    const custom: Record<string, string> = {};
    try {
      const meta = await raceAbort(pdf.getMetadata(), limits.signal);
      const info = meta.info as { Title?: unknown; Custom?: unknown };
      if (typeof info.Title === 'string' && info.Title.trim()) title = info.Title.trim();
      if (typeof info.Custom === 'object' && info.Custom !== null) {
        for (const [key, value] of Object.entries(info.Custom))
          if (typeof value === 'string') custom[key] = value;
      }
    } catch (cause) {
      // metadata is optional
      if (cause instanceof TextkitError) throw cause;
    }
    const pages: Line[][] = [];
    let chars = 0;
    for (let p = 1; p <= pdf.numPages; p++) {
      // pdf.js answers through microtasks only: give timers (a caller's deadline) a turn every few pages
      if (p % 8 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      throwIfAborted(limits.signal);
      const page = await raceAbort(pdf.getPage(p), limits.signal);
      const content = await raceAbort(page.getTextContent(), limits.signal);
      const items: RawItem[] = [];
      for (const it of content.items) {
        if (!isRawItem(it)) continue;
        items.push(it);
        chars += it.str.length;
      }
      // the walk stops as soon as the text is over the cap, not after every page is held in memory
      if (chars > limits.maxChars) throw new TextkitError('TOO_LONG');
      pages.push(pageLines(items));
      page.cleanup();
    }
    const blocks = linesToBlocks(pages);
    if (blocks.every((b) => b.text.replace(/\s/g, '').length === 0)) {
      const scanned = hasImages && (await paintsImages(pdf, 5, limits.signal));
      throw new TextkitError(scanned ? 'IMAGE_ONLY_PDF' : 'EMPTY_TEXT');
    }
    return { doc: title === undefined ? { blocks } : { title, blocks }, info: custom };
  } catch (cause) {
    if (cause instanceof TextkitError) throw cause;
    throw new TextkitError('UNREADABLE_FILE', { cause });
  } finally {
    await task.destroy();
  }
}
