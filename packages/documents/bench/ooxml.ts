import JSZip from 'jszip';

/** The XML parts of a .docx / .pptx by path, for tests and the sample script to inspect. */
export async function ooxmlParts(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const file of Object.values(zip.files)) {
    if (!file.dir && /\.(xml|rels)$/.test(file.name)) parts.set(file.name, await file.async('string'));
  }
  return parts;
}

/** The visible text of each <w:p> paragraph of a WordprocessingML part. */
export function docxParagraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) =>
    [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => unescapeXml(t[1] ?? '')).join(''),
  );
}

export function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}
