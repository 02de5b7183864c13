import { TextkitError } from './errors.ts';
import { inflateBound, type ReadLimits, throwIfAborted } from './limits.ts';
import { scanXml } from './xml-scan.ts';
import { inflateEntry, readZipDirectory, writeStoredZip, type ZipEntry } from './zip.ts';

/**
 * Turns an uploaded .docx into a small stored zip holding only the parts mammoth reads, each inflated under a
 * hard bound and checked (no DTD, sane nesting, element / paragraph / text counts under the caps). Media,
 * embedded objects (nested zips included), headers, themes and anything else mammoth ignores is never inflated.
 */

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
/** Parts of the main document mammoth reads, found through its relationships (see mammoth's docx-reader). */
const RELATED_PARTS = ['comments', 'endnotes', 'footnotes', 'numbering', 'styles'] as const;
/** Parts that hold body text (and so paragraphs); their relationships are read too. */
const BODY_PARTS = new Set(['comments', 'endnotes', 'footnotes']);

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function attr(tag: string, name: string): string | undefined {
  const raw = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  const value = raw?.[2] ?? raw?.[3];
  return value?.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]!);
}

function relationships(xml: string | undefined): Array<{ type: string; target: string }> {
  if (!xml) return [];
  const out: Array<{ type: string; target: string }> = [];
  for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const type = attr(m[0], 'Type');
    const target = attr(m[0], 'Target');
    if (type && target) out.push({ type, target });
  }
  return out;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** mammoth's joinPath + stripPrefix('/'): an absolute target replaces the base. */
function joinPath(base: string, target: string): string {
  const joined = target.startsWith('/') ? target : [base, target].filter(Boolean).join('/');
  return joined.startsWith('/') ? joined.slice(1) : joined;
}

function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return joinPath(dirname(part), `_rels/${part.slice(slash + 1)}.rels`);
}

class PartReader {
  private readonly byName = new Map<string, ZipEntry>();
  private readonly parts = new Map<string, Buffer>();
  private inflated = 0;

  constructor(
    private readonly buf: Buffer,
    entries: ZipEntry[],
    private readonly limits: ReadLimits,
  ) {
    for (const e of entries) if (!this.byName.has(e.name)) this.byName.set(e.name, e);
  }

  exists(name: string): boolean {
    return this.byName.has(name);
  }

  /** Inflate a part once (bounded by what is left of the budget) and decode it; undefined when absent. */
  text(name: string): string | undefined {
    const entry = this.byName.get(name);
    if (!entry) return undefined;
    let data = this.parts.get(name);
    if (!data) {
      throwIfAborted(this.limits.signal);
      const left = this.limits.maxInflatedBytes - this.inflated;
      if (entry.declaredSize > left) throw new TextkitError('INFLATED_TOO_LARGE');
      data = inflateEntry(this.buf, entry, this.limits, left);
      this.inflated += data.length;
      this.parts.set(name, data);
    }
    return new TextDecoder('utf-8').decode(data);
  }

  files(): Array<{ name: string; data: Buffer }> {
    return [...this.parts].map(([name, data]) => ({ name, data }));
  }
}

/** The zip directory of an uploaded .docx, refused before anything is inflated when it claims absurd sizes. */
function openDocx(
  buf: Buffer,
  limits: ReadLimits,
): { entries: ZipEntry[]; reader: PartReader; main: string } {
  if (buf.subarray(0, 8).equals(CFB_MAGIC)) {
    // an OLE compound file: a password-protected .docx, or a .doc renamed
    throw new TextkitError('UNREADABLE_FILE');
  }
  const entries = readZipDirectory(buf, limits.maxZipEntries);
  for (const e of entries) {
    // the directory's own claims first: nothing is inflated yet
    if (e.declaredSize > inflateBound(e.compressedSize, limits)) throw new TextkitError('INFLATED_TOO_LARGE');
  }
  const reader = new PartReader(buf, entries, limits);
  const mainCandidates = relationships(reader.text('_rels/.rels'))
    .filter((r) => r.type === `${REL}officeDocument`)
    .map((r) => joinPath('', r.target));
  const main = mainCandidates.find((p) => reader.exists(p)) ?? 'word/document.xml';
  if (!reader.exists(main)) throw new TextkitError('UNREADABLE_FILE');
  return { entries, reader, main };
}

/**
 * The main document part of an uploaded .docx (word/document.xml, wherever the package puts it), inflated under
 * the caps and scanned like the parts mammoth reads; `entries` is the zip directory, to write the package back.
 */
export function readMainDocumentPart(
  buf: Buffer,
  limits: ReadLimits,
): { entries: ZipEntry[]; name: string; xml: string } {
  const { entries, reader, main } = openDocx(buf, limits);
  const xml = reader.text(main)!;
  const counts = scanXml(xml);
  if (counts.paragraphs > limits.maxBlocks || counts.elements > limits.maxXmlElements)
    throw new TextkitError('TOO_MANY_BLOCKS');
  if (counts.textChars > limits.maxChars) throw new TextkitError('TOO_LONG');
  return { entries, name: main, xml };
}

export function boundedDocxPackage(buf: Buffer, limits: ReadLimits): Buffer {
  const { reader, main } = openDocx(buf, limits);
  reader.text('[Content_Types].xml');
  reader.text(main);
  const mainRels = relationships(reader.text(relsPathOf(main)));

  const bodyParts = [main];
  for (const name of RELATED_PARTS) {
    const targets = mainRels
      .filter((r) => r.type === REL + name)
      .map((r) => joinPath(dirname(main), r.target));
    const part = targets.find((p) => reader.exists(p)) ?? `word/${name}.xml`;
    if (!reader.exists(part)) continue;
    reader.text(part);
    if (BODY_PARTS.has(name)) {
      bodyParts.push(part);
      reader.text(relsPathOf(part));
    }
  }

  let elements = 0;
  let paragraphs = 0;
  let textChars = 0;
  // every part kept is parsed by mammoth, the package-level ones (content types, relationships) included
  for (const { name } of reader.files()) {
    const counts = scanXml(reader.text(name)!);
    elements += counts.elements;
    if (bodyParts.includes(name)) {
      paragraphs += counts.paragraphs;
      textChars += counts.textChars;
    }
  }
  if (paragraphs > limits.maxBlocks || elements > limits.maxXmlElements)
    throw new TextkitError('TOO_MANY_BLOCKS');
  if (textChars > limits.maxChars) throw new TextkitError('TOO_LONG');
  return writeStoredZip(reader.files());
}
