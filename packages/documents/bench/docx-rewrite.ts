/**
 * How long rewriteDocx takes on a long thesis, every body paragraph rewritten (plain and tracked):
 *   npx tsx packages/documents/bench/docx-rewrite.ts [paragraphs]
 */
import { readDocument } from '@paperdesk/textkit';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { rewriteDocx } from '../src/docx-rewrite/index.ts';

const count = Number(process.argv[2] ?? 3000);
// varied text (a real thesis does not repeat itself; textkit refuses parts that compress 100:1)
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const POOL =
  '研究方法模型数据实验结果分析表明本文提出一种基于深度学习的识别框架在多个公开集上验证其有效性并与现有工作比较性能显著提升';
const sentence = () =>
  `${Array.from({ length: 18 + Math.floor(random() * 30) }, () => POOL[Math.floor(random() * POOL.length)]).join('')}。`;
/** A rewrite as a 降重 pass makes one: about one character in six replaced, a clause added. */
const rewrite = (text: string) =>
  `${[...text].map((c, i) => (i % 6 === 3 && c !== '。' ? POOL[(i * 7) % POOL.length] : c)).join('')}此外，结果也较为稳定。`;
const children: Paragraph[] = [];
for (let i = 0; i < count; i++) {
  if (i % 20 === 0)
    children.push(new Paragraph({ text: `第${i / 20 + 1}节 实验`, heading: HeadingLevel.HEADING_2 }));
  const text = Array.from({ length: 3 }, sentence).join('');
  // three runs with different formatting, as a pasted-together paragraph has
  children.push(
    new Paragraph({
      children: [
        new TextRun(text.slice(0, 20)),
        new TextRun({ text: text.slice(20, 40), bold: true }),
        new TextRun(text.slice(40)),
      ],
    }),
  );
}
const original = await Packer.toBuffer(new Document({ sections: [{ children }] }));
const blocks = (await readDocument(original, 'long.docx')).blocks;
const edits = blocks.map((b) => ({
  original: b.text,
  text: b.kind === 'paragraph' ? rewrite(b.text) : b.text,
}));
const chars = blocks.reduce((n, b) => n + b.text.length, 0);
for (const track of [false, true]) {
  await rewriteDocx(original, edits.slice(0, 50), { track }); // warm-up
  const t0 = performance.now();
  const result = await rewriteDocx(original, edits, { track });
  const ms = performance.now() - t0;
  console.log(
    `${track ? 'tracked' : 'plain  '}  ${blocks.length} blocks, ${chars.toLocaleString('en')} chars, ${result.applied} applied: ${ms.toFixed(0)} ms, ${(result.bytes.length / 1024).toFixed(0)} KB`,
  );
}
