/**
 * Test fixtures built at test time (no third-party documents are committed): a minimal PDF writer (CJK text in the
 * non-embedded Adobe-GB1 font STSong-Light with the UniGB-UCS2-H CMap, Latin text in Helvetica, optional images),
 * a .docx writer over jszip, and a GBK encoder derived from the platform's GBK decoder.
 */
import JSZip from 'jszip';

export interface PdfLine {
  text: string;
  x: number;
  y: number;
  size?: number;
}

export interface PdfPage {
  lines?: PdfLine[];
  /** Paint a grey image over the page (a "scanned" page). */
  image?: boolean;
}

function hexUcs2(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

function latinLiteral(s: string): string {
  return `(${s.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

export function buildPdf(pages: PdfPage[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const descriptor = add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const cidFont = add(
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${descriptor} 0 R /DW 1000 >>`,
  );
  const cjkFont = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cidFont} 0 R] >>`,
  );
  const latinFont = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pixels = '80'.repeat(64);
  const image = add(
    `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${pixels.length + 1} >>\nstream\n${pixels}>\nendstream`,
  );
  const pageIds: number[] = [];
  for (const page of pages) {
    let content = '';
    if (page.image) content += 'q 500 0 0 700 50 70 cm /Im1 Do Q\n';
    for (const line of page.lines ?? []) {
      const size = line.size ?? 12;
      const [font, payload] = isAscii(line.text)
        ? ['/F2', latinLiteral(line.text)]
        : ['/F1', `<${hexUcs2(line.text)}>`];
      content += `BT ${font} ${size} Tf ${line.x} ${line.y} Td ${payload} Tj ET\n`;
    }
    const contentId = add(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${cjkFont} 0 R /F2 ${latinFont} 0 R >> /XObject << /Im1 ${image} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** Lay paragraphs out as a PDF page: wrapped lines, a two-character first-line indent, a gap between paragraphs. */
export function layoutPdf(
  paragraphs: Array<{ text: string; heading?: boolean }>,
  charsPerLine = 30,
  size = 12,
): Uint8Array {
  const pages: PdfPage[] = [];
  let lines: PdfLine[] = [];
  let y = 780;
  const left = 72;
  const newPage = () => {
    pages.push({ lines });
    lines = [];
    y = 780;
  };
  for (const p of paragraphs) {
    if (p.heading) {
      if (y < 100) newPage();
      lines.push({ text: p.text, x: left, y, size: size + 4 });
      y -= (size + 4) * 1.8;
      continue;
    }
    const latin = isAscii(p.text);
    const width = latin ? charsPerLine * 2 : charsPerLine;
    let rest = p.text;
    let first = true;
    while (rest.length > 0) {
      if (y < 72) newPage();
      const room = first ? width - 2 : width;
      let cut = Math.min(room, rest.length);
      if (latin && cut < rest.length) {
        const sp = rest.lastIndexOf(' ', cut);
        if (sp > 0) cut = sp + 1;
      }
      const piece = latin ? rest.slice(0, cut).trimEnd() : rest.slice(0, cut);
      lines.push({ text: piece, x: first ? left + size * 2 : left, y, size });
      rest = rest.slice(cut);
      first = false;
      y -= size * 1.5;
    }
    y -= size * 0.6;
  }
  pages.push({ lines });
  return buildPdf(pages);
}

function xmlEscape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

export interface DocxParagraph {
  text: string;
  /** Word paragraph style id, e.g. 'Title', 'Heading1', 'Heading2'. */
  style?: string;
  /** Raw run XML (`<w:r>…</w:r>`) instead of one plain run of `text`. */
  runs?: string;
}

/** A minimal but valid .docx: content types, relationships, styles (Title, Heading 1-3) and the document body. */
export async function buildDocx(paragraphs: DocxParagraph[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/></w:style>`;
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}${style('Heading3', 'heading 3')}</w:styles>`,
  );
  const body = paragraphs
    .map((p) => {
      const pPr = p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : '';
      const runs = p.runs ?? `<w:r><w:t xml:space="preserve">${xmlEscape(p.text)}</w:t></w:r>`;
      return `<w:p>${pPr}${runs}</w:p>`;
    })
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

let gbkTable: Map<string, number[]> | undefined;

/** Encode to GBK with a table derived from the platform's GBK decoder (test-only; unmapped characters throw). */
export function encodeGbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const dec = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = dec.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else {
      const bytes = gbkTable.get(ch);
      if (!bytes) throw new Error(`not in GBK: ${ch}`);
      out.push(...bytes);
    }
  }
  return new Uint8Array(out);
}
