/**
 * Hostile upload files made at test time, small on the wire and huge once read: a .docx whose document.xml
 * inflates to hundreds of MB (the issue-10 zip bomb), a .docx with one enormous paragraph, a .docx nested
 * hundreds of thousands of elements deep, and a PDF whose content stream inflates to hundreds of MB. The
 * inflated text is streamed through zlib, never held whole.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const MB = 1024 * 1024;

interface Deflated {
  data: Buffer;
  size: number;
  crc: number;
}

/** `head`, then `unit` repeated until about `bytes`, then `tail`, compressed (raw deflate for zip, zlib for PDF). */
async function deflateRepeated(
  head: string,
  unit: string,
  bytes: number,
  tail: string,
  format: 'raw' | 'zlib',
): Promise<Deflated> {
  const unitBuf = Buffer.from(unit);
  // about 1 MB of whole units, repeated
  const block = Buffer.alloc(unitBuf.length * Math.ceil(MB / Math.max(1, unitBuf.length)), unitBuf);
  const blocks = unitBuf.length > 0 ? Math.max(1, Math.round(bytes / block.length)) : 0;
  let size = 0;
  let crc = 0;
  function* pieces() {
    for (const piece of [
      Buffer.from(head),
      ...Array.from({ length: blocks }, () => block),
      Buffer.from(tail),
    ]) {
      size += piece.length;
      crc = zlib.crc32(piece, crc);
      yield piece;
    }
  }
  const deflate = format === 'raw' ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('data', (c: Buffer) => out.push(c));
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  Readable.from(pieces()).pipe(deflate);
  await done;
  return { data: Buffer.concat(out), size, crc };
}

interface ZipEntry {
  name: string;
  deflated: Deflated;
}

/** A zip archive of already deflated entries (method 8, no zip64: every size stays under 4 GB). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, deflated } of entries) {
    const nameBuf = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.crc >>> 0, 14);
    local.writeUInt32LE(deflated.data.length, 18);
    local.writeUInt32LE(deflated.size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.crc >>> 0, 16);
    central.writeUInt32LE(deflated.data.length, 20);
    central.writeUInt32LE(deflated.size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, deflated.data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + deflated.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A .docx whose word/document.xml is `head` + `unit` × (about `bytes`) + `tail`. */
async function docx(head: string, unit: string, bytes: number, tail: string): Promise<Buffer> {
  const small = (s: string) => deflateRepeated(s, '', 0, '', 'raw');
  return zip([
    { name: '[Content_Types].xml', deflated: await small(CONTENT_TYPES) },
    { name: '_rels/.rels', deflated: await small(RELS) },
    { name: 'word/document.xml', deflated: await deflateRepeated(head, unit, bytes, tail, 'raw') },
  ]);
}

const DOC_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`;
const DOC_TAIL = '<w:sectPr/></w:body></w:document>';

/** Issue 10: millions of small paragraphs, about `inflatedMb` MB of XML from a few hundred KB of upload. */
export function zipBombDocx(inflatedMb = 200): Promise<Buffer> {
  return docx(
    DOC_HEAD,
    '<w:p><w:r><w:t>本研究的数据表明结果显著。</w:t></w:r></w:p>',
    inflatedMb * MB,
    DOC_TAIL,
  );
}

/** One paragraph of about `inflatedMb` MB of Chinese text. */
export function hugeParagraphDocx(inflatedMb = 90): Promise<Buffer> {
  return docx(`${DOC_HEAD}<w:p><w:r><w:t>`, '论文正文', inflatedMb * MB, `</w:t></w:r></w:p>${DOC_TAIL}`);
}

/** A paragraph inside `depth` nested content controls (a recursive reader runs out of stack). */
export function deeplyNestedDocx(depth = 300_000): Promise<Buffer> {
  const open = '<w:sdt><w:sdtContent>';
  const close = '</w:sdtContent></w:sdt>';
  return docx(
    DOC_HEAD + open.repeat(depth),
    '',
    0,
    `<w:p><w:r><w:t>正文</w:t></w:r></w:p>${close.repeat(depth)}${DOC_TAIL}`,
  );
}

/** A one-page PDF whose FlateDecode content stream inflates to about `inflatedMb` MB of text-showing operators. */
export async function inflatingPdf(inflatedMb = 300): Promise<Buffer> {
  const stream = await deflateRepeated(
    'BT /F1 12 Tf 72 720 Td\n',
    '(paper text) Tj\n',
    inflatedMb * MB,
    'ET\n',
    'zlib',
  );
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    length += buf.length;
  };
  const object = (n: number, body: Buffer | string, streamData?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    push(body);
    if (streamData) {
      push('\nstream\n');
      push(streamData);
      push('\nendstream');
    }
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  );
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  object(5, `<< /Length ${stream.data.length} /Filter /FlateDecode >>`, stream.data);
  const xref = length;
  push(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
