/**
 * Render sample documents to a folder and print size and render time of each, e.g.
 *   npx tsx packages/documents/bench/samples.ts /tmp/paperdesk-samples
 * Convert them with LibreOffice to look at them (not needed by the tests):
 *   soffice --headless --convert-to pdf --outdir /tmp/paperdesk-samples /tmp/paperdesk-samples/*.docx
 */
import fs from 'node:fs';
import path from 'node:path';
import { listDeckTemplates, renderDeck } from '../src/deck/index.ts';
import { renderPaperDocx } from '../src/paper-docx.ts';
import { renderRewriteDocx } from '../src/rewrite-docx.ts';
import { sampleDeck, samplePaper, sampleRewrite, sampleThesis, stressDeck } from './sample-models.ts';

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
for (const t of listDeckTemplates()) {
  await timed(`deck-${t.id}.pptx`, () => renderDeck(sampleDeck(), t.id));
  fs.writeFileSync(path.join(outDir, `preview-${t.id}.svg`), t.preview);
}
await timed('deck-stress.pptx', () => renderDeck(stressDeck(), 'business-gray'));
console.log(`written to ${outDir}`);
