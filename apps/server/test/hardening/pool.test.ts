import { loadDetector } from '@paperdesk/aigc';
import { readDocument, TextkitError } from '@paperdesk/textkit';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocx, layoutPdf } from '../../../../packages/textkit/test/fixtures.ts';
import {
  docxManyElements,
  docxManyParagraphs,
  docxZipBomb,
  pdfFlateBomb,
} from '@paperdesk/textkit/fuzz/bombs';
import {
  ComputeError,
  type ComputePool,
  createComputePool,
  defaultComputeLimits,
} from '../../src/compute/pool.ts';
import { detectDocument } from '../../src/services/aigc/report.ts';
import { pooledScorer } from '../../src/services/aigc/scorer.ts';
import { documentText } from '../check/support.ts';

const paper = [
  { text: '城市公共空间适老化改造研究', style: 'Title' },
  { text: '一、引言', style: 'Heading1' },
  { text: '老旧小区的公共空间普遍缺少休憩设施与无障碍通道，老年人户外活动因此受到限制。' },
  { text: '本文调查了十二个社区，比较了改造前后的活动频率与满意度。' },
];

/** What the pool answered: the document, or the error's class, kind or code, and message. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    (doc) => ({ doc }),
    (err: unknown) =>
      err instanceof ComputeError
        ? { compute: err.kind, message: err.message }
        : err instanceof TextkitError
          ? { textkit: err.code, message: err.message }
          : { other: String(err) },
  );

describe('compute pool: document reads in worker threads', () => {
  const pools: ComputePool[] = [];
  const make = (limits: Partial<ReturnType<typeof defaultComputeLimits>>) => {
    const pool = createComputePool({ ...defaultComputeLimits(), threads: 1, ...limits });
    pools.push(pool);
    return pool;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  // one worker for the ordinary reads: an 8 s limit and two reads pending at most
  const pool = make({ readTimeoutMs: 8_000, maxPendingReads: 2 });

  it('reads .docx, .pdf and .txt exactly as textkit does in this thread', async () => {
    const docx = await buildDocx(paper);
    const pdf = layoutPdf(paper.map((p) => ({ text: p.text, heading: Boolean(p.style) })));
    const txt = Buffer.from(paper.map((p) => p.text).join('\n'));
    for (const [data, name] of [
      [docx, 'a.docx'],
      [pdf, 'a.pdf'],
      [txt, 'a.txt'],
    ] as const) {
      expect(await pool.readDocument(data, name)).toEqual(await readDocument(data, name));
    }
  });

  it("answers textkit's refusals as TextkitErrors with their codes", async () => {
    expect(await outcome(pool.readDocument(Buffer.from('not a zip'), 'a.docx'))).toEqual({
      textkit: 'UNREADABLE_FILE',
      message: new TextkitError('UNREADABLE_FILE').message,
    });
    expect(await outcome(pool.readDocument(Buffer.from(' \n\t '), 'a.txt'))).toMatchObject({
      textkit: 'EMPTY_TEXT',
    });
  });

  it("refuses bombs by textkit's caps inside the worker, and the worker reads on", async () => {
    const zipBomb = await docxZipBomb();
    expect(zipBomb.length).toBeLessThan(1024 * 1024);
    expect(await outcome(pool.readDocument(zipBomb, 'bomb.docx'))).toEqual({
      textkit: 'INFLATED_TOO_LARGE',
      message: new TextkitError('INFLATED_TOO_LARGE').message,
    });
    expect(await outcome(pool.readDocument(await pdfFlateBomb(), 'bomb.pdf'))).toMatchObject({
      textkit: 'INFLATED_TOO_LARGE',
    });
    expect(await outcome(pool.readDocument(await docxManyParagraphs(), 'paras.docx'))).toMatchObject({
      textkit: 'TOO_MANY_BLOCKS',
    });
    expect(await pool.readDocument(await buildDocx(paper), 'a.docx')).toHaveProperty('title', paper[0]!.text);
  }, 60_000);

  it('refuses a read beyond the pending limit as busy, and reads the ones it took', async () => {
    const docx = await buildDocx(paper);
    const taken = [outcome(pool.readDocument(docx, 'a.docx')), outcome(pool.readDocument(docx, 'b.docx'))];
    expect(await outcome(pool.readDocument(docx, 'c.docx'))).toMatchObject({ compute: 'busy' });
    for (const r of await Promise.all(taken)) expect(r).toHaveProperty('doc.title', paper[0]!.text);
  });

  it('ends a worker whose read runs past the time limit (PARSE_TIMEOUT); the read queued behind it is done', async () => {
    // 40,000 paragraphs pass textkit's caps (50,000) and keep mammoth busy for seconds; 300 ms is far less, and
    // a large heap keeps the worker from running out of memory first
    const slow = make({ readTimeoutMs: 300, heapMb: 1024 });
    const timedOut = outcome(slow.readDocument(await docxManyParagraphs(40_000), 'slow.docx'));
    // waits in the queue for the only worker, then for the one that replaces it
    const queued = outcome(slow.readDocument(Buffer.from(paper.map((p) => p.text).join('\n')), 'a.txt'));
    expect(await timedOut).toEqual({
      textkit: 'PARSE_TIMEOUT',
      message: new TextkitError('PARSE_TIMEOUT').message,
    });
    expect(await queued).toHaveProperty('doc.title', paper[0]!.text);
  }, 60_000);

  it('answers a worker that ran out of heap as a file too large once inflated, and reads the next file', async () => {
    // 900,000 XML elements pass textkit's caps (1,000,000): textkit alone reads on to EMPTY_TEXT (about 1.6 GB
    // RSS), so INFLATED_TOO_LARGE here can only be the pool's answer to the worker running out of its 64 MB
    const small = make({ heapMb: 64, readTimeoutMs: 120_000 });
    expect(await outcome(small.readDocument(await docxManyElements(900_000), 'runs.docx'))).toEqual({
      textkit: 'INFLATED_TOO_LARGE',
      message: new TextkitError('INFLATED_TOO_LARGE').message,
    });
    expect(await small.readDocument(await buildDocx(paper), 'a.docx')).toHaveProperty(
      'title',
      paper[0]!.text,
    );
  }, 180_000);

  it('runs detectDocument on the pooled detector with the same report as the detector in this thread', async () => {
    const blocks = [
      { kind: 'heading' as const, level: 1, text: '第一章 绪论' },
      ...documentText(7, 30, 8)
        .split('\n')
        .map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'paragraph' as const, text: '短段落。' },
    ];
    const progress: number[] = [];
    const pooled = await detectDocument(
      await pooledScorer(() => pool),
      { blocks },
      {
        onProgress: (f) => progress.push(f),
      },
    );
    expect(pooled).toEqual(await detectDocument(loadDetector(), { blocks }));
    expect(progress.at(-1)).toBe(1);
  }, 60_000);
});
