/**
 * Render sample documents to a folder and print size and render time of each, e.g.
 *   npx tsx packages/documents/bench/samples.ts /tmp/paperdesk-samples
 * Convert them with LibreOffice to look at them (not needed by the tests):
 *   soffice --headless --convert-to pdf --outdir /tmp/paperdesk-samples /tmp/paperdesk-samples/*.docx
 */
import fs from 'node:fs';
import path from 'node:path';
import { listDeckTemplates, renderDeck } from '../src/deck/index.ts';
import { readDocument } from '@paperdesk/textkit';
import { rewriteDocx } from '../src/docx-rewrite/index.ts';
import { renderPaperDocx } from '../src/paper-docx.ts';
import { renderRewriteDocx } from '../src/rewrite-docx.ts';
import {
  sampleDeck,
  samplePaper,
  sampleRewrite,
  sampleThesis,
  sampleThesisEdits,
  stressDeck,
} from './sample-models.ts';

const outDir = path.resolve(process.argv[2] ?? 'paperdesk-samples');
fs.mkdirSync(outDir, { recursive: true });

async function timed(name: string, render: () => Promise<Buffer>): Promise<void> {
  await render(); // warm-up: module and font set-up is not what we measure
  const t0 = performance.now();
  const bytes = await render();
  const ms = performance.now() - t0;
  fs.writeFileSync(path.join(outDir, name), bytes);
  console.log(
    `${name.padEnd(28)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB ${ms.toFixed(0).padStart(6)} ms`,
  );
}

await timed('paper-thesis.docx', () => renderPaperDocx(sampleThesis()));
await timed('paper-journal.docx', () => renderPaperDocx(samplePaper()));
await timed('rewrite.docx', () => renderRewriteDocx(sampleRewrite()));
// the user's own .docx back: the thesis with its body paragraphs rewritten, plain and as tracked revisions
const thesis = await renderPaperDocx(sampleThesis());
const thesisEdits = sampleThesisEdits((await readDocument(thesis, 'thesis.docx')).blocks);
const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
await timed('thesis-rewritten.docx', async () => asBuffer((await rewriteDocx(thesis, thesisEdits)).bytes));
await timed('thesis-tracked.docx', async () =>
  asBuffer((await rewriteDocx(thesis, thesisEdits, { track: true, author: 'PaperDesk 降重' })).bytes),
);
// the journal layout has body text on page 1: `soffice --convert-to png` shows the revisions there
const journal = await renderPaperDocx(samplePaper());
const journalEdits = sampleThesisEdits((await readDocument(journal, 'journal.docx')).blocks);
await timed('journal-tracked.docx', async () =>
  asBuffer((await rewriteDocx(journal, journalEdits, { track: true, author: 'PaperDesk 降重' })).bytes),
);
for (const t of listDeckTemplates()) {
  await timed(`deck-${t.id}.pptx`, () => renderDeck(sampleDeck(), t.id));
  fs.writeFileSync(path.join(outDir, `preview-${t.id}.svg`), t.preview);
}
await timed('deck-stress.pptx', () => renderDeck(stressDeck(), 'business-gray'));
console.log(`written to ${outDir}`);
