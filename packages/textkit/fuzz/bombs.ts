/**
 * Hostile and broken inputs for readDocument: zip and deflate bombs, lying zip directories, huge paragraph and
 * page counts, deep nesting, entity expansion, nested and encrypted containers, wrong extensions, and seeded
 * mutations (truncation, bit flips) of valid seeds. Used by the textkit fuzz test and soak, and by the server's
 * crash test (`import { ... } from '@paperdesk/textkit/fuzz/bombs'`).
 */
import { crc32, createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { seededRandom } from '../src/hash.ts';
import { writeZipRecords, type ZipRecord } from '../src/zip.ts';
import { buildDocx, buildPdf, layoutPdf } from '../test/fixtures.ts';

const MiB = 1024 * 1024;

/** A named hostile file and the TextkitError code the reader answers with (undefined: it reads as a document). */
export interface Bomb {
  label: string;
  /** The format the bytes really are (the filename may say otherwise). */
  format: 'docx' | 'pdf' | 'txt';
  filename: string;
  bytes: Uint8Array;
  expected?: string;
}

// ---- zip writing (with the option to lie) ----

export interface ZipFileSpec {
  name: string;
  /** Raw content, deflated (or stored) here. */
  data?: Uint8Array;
  /** Already deflated content with its true size and CRC (for bombs too big to hold inflated). */
  deflated?: { data: Buffer; size: number; crc: number };
  store?: boolean;
  /** Size written to the local header and the central directory instead of the true one. */
  declaredSize?: number;
}

export function writeZip(files: ZipFileSpec[]): Buffer {
  return writeZipRecords(
    files.map((f): ZipRecord => {
      if (f.deflated) {
        const { data, size, crc } = f.deflated;
        return { name: f.name, payload: data, method: 8, crc, size: f.declaredSize ?? size, flags: 0 };
      }
      const raw = Buffer.from(f.data ?? new Uint8Array());
      return {
        name: f.name,
        payload: f.store ? raw : deflateRawSync(raw),
        method: f.store ? 0 : 8,
        crc: crc32(raw),
        size: f.declaredSize ?? raw.length,
        flags: 0,
      };
    }),
  );
}

/** Deflate (raw, or with zlib framing as PDFs use) `total` bytes of `unit` repeated, streaming, so the inflated form is never held in memory. */
export async function deflateRepeated(
  unit: string,
  total: number,
  format: 'raw' | 'zlib' = 'raw',
): Promise<{ data: Buffer; size: number; crc: number }> {
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor(MiB / unit.length))));
  const deflater = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  while (size < total) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - size));
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflater.write(piece)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

// ---- docx ----

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOC_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>`;
const DOC_TAIL = '<w:sectPr/></w:body></w:document>';

const SEED_PARAGRAPHS = [
  { text: '中文论文查重方法研究', style: 'Title' },
  { text: '第一章 绪论', style: 'Heading1' },
  { text: '本文研究了中文学术论文的文本复用检测问题，提出一种基于字符指纹与句子相似度的两阶段方法。' },
  { text: '1.1 研究背景' },
  { text: '实验结果表明，该方法能够发现逐字复制、轻度改写以及语序调整等多种抄袭形式。' },
];

/** The parts of a valid fixture .docx (content types, relationships, styles, document) by name. */
export async function docxParts(): Promise<Map<string, Uint8Array>> {
  const zip = await JSZip.loadAsync(await buildDocx(SEED_PARAGRAPHS));
  const parts = new Map<string, Uint8Array>();
  for (const name of Object.keys(zip.files)) {
    const file = zip.file(name);
    if (file) parts.set(name, await file.async('uint8array'));
  }
  return parts;
}

async function docxWith(documentXml: string | undefined, extra: ZipFileSpec[] = []): Promise<Buffer> {
  const parts = await docxParts();
  if (documentXml === undefined) parts.delete('word/document.xml');
  else parts.set('word/document.xml', new TextEncoder().encode(documentXml));
  return writeZip([...[...parts].map(([name, data]) => ({ name, data })), ...extra]);
}

export async function validDocx(): Promise<Buffer> {
  return buildDocx(SEED_PARAGRAPHS);
}

let emptyParagraphs: Promise<{ data: Buffer; size: number; crc: number }> | undefined;

/** document.xml of `<w:p/>` repeated to ~`inflatedBytes` (200 MiB by default), deflated once and cached. */
function emptyParagraphStream(inflatedBytes: number) {
  if (inflatedBytes !== 200 * MiB) return deflateRepeated('<w:p/>', inflatedBytes);
  emptyParagraphs ??= deflateRepeated('<w:p/>', inflatedBytes);
  return emptyParagraphs;
}

async function docxAroundDeflatedBody(
  inflatedBytes: number,
  declaredSize: number | undefined,
): Promise<Buffer> {
  const body = await emptyParagraphStream(inflatedBytes);
  // head + body + tail as one deflate stream would need re-deflating; a document.xml of only <w:p/> is what the
  // outage file held, and it is well-formed enough for every reader to start on it
  const parts = await docxParts();
  parts.delete('word/document.xml');
  return writeZip([
    ...[...parts].map(([name, data]) => ({ name, data })),
    { name: 'word/document.xml', deflated: body, declaredSize },
  ]);
}

/** The outage file: document.xml inflating to ~200 MiB of empty paragraphs, well under 1 MB compressed. */
export function docxZipBomb(inflatedBytes = 200 * MiB): Promise<Buffer> {
  return docxAroundDeflatedBody(inflatedBytes, undefined);
}

/** The same bomb, its directory and local header claiming document.xml inflates to 4 KB. */
export function docxLyingSizes(inflatedBytes = 200 * MiB): Promise<Buffer> {
  return docxAroundDeflatedBody(inflatedBytes, 4096);
}

/** `count` short paragraphs of varied digits: the ratio stays ordinary, only the paragraph count is absurd. */
export function docxManyParagraphs(count = 150_000, seed = 1): Promise<Buffer> {
  const rnd = seededRandom(seed);
  const body: string[] = [];
  for (let i = 0; i < count; i++) body.push(`<w:p><w:r><w:t>${Math.floor(rnd() * 1e9)}</w:t></w:r></w:p>`);
  return docxWith(DOC_HEAD + body.join('') + DOC_TAIL);
}

/**
 * `count` empty runs with scattered revision ids in a few paragraphs: under the byte and ratio caps, but a DOM too
 * big for mammoth (about 1 KB of heap per element).
 */
export function docxManyElements(count = 1_100_000): Promise<Buffer> {
  // 2000 distinct runs (~50 KB, past deflate's 32 KB window) repeated: cheap to build, yet it compresses only ~5:1
  const block = 2000;
  let paragraphs = '';
  for (let p = 0; p < block / 1000; p++) {
    let runs = '';
    for (let i = 0; i < 1000; i++)
      runs += `<w:r w:rsidR="${(((p * 1000 + i) * 2654435761) >>> 0).toString(16)}"/>`;
    paragraphs += `<w:p>${runs}</w:p>`;
  }
  return docxWith(`${DOC_HEAD}${paragraphs.repeat(Math.ceil(count / block))}${DOC_TAIL}`);
}

/** Content controls nested `depth` deep around one paragraph. */
export function docxDeepNesting(depth = 20_000): Promise<Buffer> {
  const open = '<w:sdt><w:sdtContent>'.repeat(depth);
  const close = '</w:sdtContent></w:sdt>'.repeat(depth);
  return docxWith(`${DOC_HEAD}${open}<w:p><w:r><w:t>正文</w:t></w:r></w:p>${close}${DOC_TAIL}`);
}

/** "Billion laughs": ten levels of entities, each ten times the one before. */
export function docxEntityExpansion(): Promise<Buffer> {
  let dtd = '<!DOCTYPE w:document [<!ENTITY lol0 "lol">';
  for (let i = 1; i <= 10; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  dtd += ']>';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${dtd}<w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>&lol10;</w:t></w:r></w:p></w:body></w:document>`;
  return docxWith(xml);
}

/** A valid .docx that embeds the zip bomb as an OLE package part (never to be opened). */
export async function docxNestedZip(): Promise<Buffer> {
  const inner = await docxZipBomb();
  const parts = await docxParts();
  return writeZip([
    ...[...parts].map(([name, data]) => ({ name, data })),
    { name: 'word/embeddings/Microsoft_Word_Document1.docx', data: inner, store: true },
  ]);
}

/** A zip that has everything but word/document.xml. */
export function docxMissingDocument(): Promise<Buffer> {
  return docxWith(undefined);
}

/**
 * What Word writes for a password-protected .docx: an OLE compound file (EncryptionInfo + EncryptedPackage),
 * not a zip. Header fields are real; the sectors are seeded noise.
 */
export function oleEncryptedDocx(seed = 7): Buffer {
  const rnd = seededRandom(seed);
  const buf = Buffer.alloc(512 * 8);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24); // minor version
  buf.writeUInt16LE(0x0003, 26); // major version 3
  buf.writeUInt16LE(0xfffe, 28); // little-endian
  buf.writeUInt16LE(9, 30); // 512-byte sectors
  buf.writeUInt16LE(6, 32);
  for (let i = 512; i < buf.length; i++) buf[i] = Math.floor(rnd() * 256);
  buf.write('EncryptedPackage', 1024, 'utf16le');
  return buf;
}

// ---- pdf ----

/** A PDF from raw object bodies (object i+1 = bodies[i]); the catalog must be object 1. */
export function rawPdf(bodies: Array<string | Buffer>, trailerExtra = ''): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const piece = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(piece);
    length += piece.length;
  });
  let xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** `pages` pages sharing one small content stream (a page tree that costs nothing to write and much to walk). */
export function pdfManyPages(pages = 5000): Buffer {
  const content = Buffer.from('BT /F1 12 Tf 72 720 Td (page) Tj ET');
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ');
  const bodies: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    streamObject('', content),
    FONT,
  ];
  for (let i = 0; i < pages; i++) {
    bodies.push(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>',
    );
  }
  return rawPdf(bodies);
}

/** One page whose content stream inflates to `inflatedBytes` (400 MiB by default) of harmless operators. */
export async function pdfFlateBomb(inflatedBytes = 400 * MiB): Promise<Buffer> {
  const stream = await deflateRepeated('0 0 m\n', inflatedBytes, 'zlib');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject('/Filter /FlateDecode', stream.data),
    FONT,
  ]);
}

/**
 * Object streams that extend each other in a loop, and an xref chain whose /Prev points back at itself: the
 * reader must not walk forever.
 */
export function pdfEndlessObjectStreams(): Buffer {
  const objStm = (extendsRef: number) => {
    const header = '10 0 ';
    const objects = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
    const data = deflateSync(Buffer.from(header + objects));
    return streamObject(
      `/Type /ObjStm /N 1 /First ${header.length} /Extends ${extendsRef} 0 R /Filter /FlateDecode`,
      data,
    ).toString('latin1');
  };
  const pdf = rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 10 0 R >> >> /Contents 4 0 R >>',
      streamObject('', Buffer.from('BT /F1 12 Tf 72 720 Td (loop) Tj ET')).toString('latin1'),
      objStm(6),
      objStm(5),
    ],
    '/Prev 9 ',
  );
  // point /Prev at the file's own xref table
  const xrefAt = pdf.lastIndexOf('xref\n');
  return Buffer.from(pdf.toString('latin1').replace('/Prev 9 ', `/Prev ${xrefAt} `), 'latin1');
}

/** Standard security handler with a user password we do not know: pdfjs asks for a password. */
export function pdfEncrypted(seed = 3): Buffer {
  const rnd = seededRandom(seed);
  const hex = () =>
    Array.from({ length: 32 }, () =>
      Math.floor(rnd() * 256)
        .toString(16)
        .padStart(2, '0'),
    ).join('');
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      streamObject('', Buffer.from('BT /F1 12 Tf 72 720 Td (secret) Tj ET')).toString('latin1'),
      `<< /Filter /Standard /V 1 /R 2 /O <${hex()}> /U <${hex()}> /P -44 >>`,
    ],
    '/Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ',
  );
}

export function validPdf(): Uint8Array {
  return layoutPdf(
    [
      { text: '第一章 绪论', heading: true },
      { text: '本文研究了中文学术论文的文本复用检测问题，提出一种基于字符指纹与句子相似度的两阶段方法。' },
      { text: 'Text reuse detection finds passages that were copied from earlier sources.' },
    ],
    20,
  );
}

export function scannedPdf(): Uint8Array {
  return buildPdf([{ image: true }, { image: true }]);
}

export function validTxt(): Uint8Array {
  return new TextEncoder().encode(
    '论文题目\n\n一、引言\n本文研究了中文学术论文的文本复用检测问题。\n1.2 方法\n实验结果表明方法有效。\n',
  );
}

// ---- mutations ----

export function truncate(bytes: Uint8Array, rnd: () => number): Uint8Array {
  return bytes.slice(0, Math.floor(rnd() * bytes.length));
}

export function flipBits(
  bytes: Uint8Array,
  rnd: () => number,
  flips = 1 + Math.floor(rnd() * 16),
): Uint8Array {
  const out = bytes.slice();
  for (let i = 0; i < flips; i++) {
    const at = Math.floor(rnd() * out.length);
    out[at] = out[at]! ^ (1 << Math.floor(rnd() * 8));
  }
  return out;
}

/** Overwrite a random run with random bytes (hits lengths, offsets and headers harder than single flips). */
export function smashRun(bytes: Uint8Array, rnd: () => number): Uint8Array {
  const out = bytes.slice();
  const at = Math.floor(rnd() * out.length);
  const len = 1 + Math.floor(rnd() * 64);
  for (let i = at; i < Math.min(out.length, at + len); i++) out[i] = Math.floor(rnd() * 256);
  return out;
}

/** Every fixed hostile file with the answer it must get. Large bombs are built once (a few seconds). */
export async function allBombs(): Promise<Bomb[]> {
  const docx = await validDocx();
  const pdf = validPdf();
  return [
    {
      label: 'docx zip bomb (200 MiB of <w:p/>)',
      format: 'docx',
      filename: 'bomb.docx',
      bytes: await docxZipBomb(),
      expected: 'INFLATED_TOO_LARGE',
    },
    {
      label: 'docx with lying sizes',
      format: 'docx',
      filename: 'lying.docx',
      bytes: await docxLyingSizes(),
      expected: 'INFLATED_TOO_LARGE',
    },
    {
      label: 'docx 150k paragraphs',
      format: 'docx',
      filename: 'paras.docx',
      bytes: await docxManyParagraphs(),
      expected: 'TOO_MANY_BLOCKS',
    },
    {
      label: 'docx 1.1 M elements',
      format: 'docx',
      filename: 'runs.docx',
      bytes: await docxManyElements(),
      expected: 'TOO_MANY_BLOCKS',
    },
    {
      label: 'docx nested 20k deep',
      format: 'docx',
      filename: 'deep.docx',
      bytes: await docxDeepNesting(),
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'docx billion laughs',
      format: 'docx',
      filename: 'lol.docx',
      bytes: await docxEntityExpansion(),
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'docx embedding a zip bomb',
      format: 'docx',
      filename: 'nested.docx',
      bytes: await docxNestedZip(),
    },
    {
      label: 'docx without document.xml',
      format: 'docx',
      filename: 'nodoc.docx',
      bytes: await docxMissingDocument(),
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'encrypted docx (OLE)',
      format: 'docx',
      filename: 'secret.docx',
      bytes: oleEncryptedDocx(),
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'pdf with 5000 pages',
      format: 'pdf',
      filename: 'pages.pdf',
      bytes: pdfManyPages(),
      expected: 'TOO_MANY_PAGES',
    },
    {
      label: 'pdf flate bomb (400 MiB)',
      format: 'pdf',
      filename: 'bomb.pdf',
      bytes: await pdfFlateBomb(),
      expected: 'INFLATED_TOO_LARGE',
    },
    // pdfjs notices both loops and reads the page's text
    {
      label: 'pdf endless object streams',
      format: 'pdf',
      filename: 'loop.pdf',
      bytes: pdfEndlessObjectStreams(),
    },
    {
      label: 'encrypted pdf',
      format: 'pdf',
      filename: 'secret.pdf',
      bytes: pdfEncrypted(),
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'pdf named .docx',
      format: 'pdf',
      filename: 'pdf.docx',
      bytes: pdf,
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'docx named .pdf',
      format: 'docx',
      filename: 'docx.pdf',
      bytes: docx,
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'docx named .txt',
      format: 'docx',
      filename: 'docx.txt',
      bytes: docx,
      expected: 'UNREADABLE_FILE',
    },
    {
      label: 'txt over the character cap',
      format: 'txt',
      filename: 'long.txt',
      bytes: new TextEncoder().encode('很长的文本。\n'.repeat(400_000)),
      expected: 'TOO_LONG',
    },
  ];
}
