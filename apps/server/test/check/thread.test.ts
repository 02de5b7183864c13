import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CheckReport } from '@paperdesk/contracts';
import { checkDocument, PlagiarismIndex } from '@paperdesk/plagiarism';
import { textToDocument } from '@paperdesk/textkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckThread } from '../../src/compute/check-thread.ts';
import { checkOptionsFor, toEngineResult } from '../../src/compute/check-engine.ts';
import { buildCheckReport } from '../../src/services/checks/report.ts';
import { paragraph } from './support.ts';

/** The check thread (a real worker thread started from vitest): same figures as in-process, progress, abort. */
describe('check thread', () => {
  const docs = Array.from({ length: 40 }, (_, i) => ({
    id: String(i + 1),
    title: `文献${i + 1}`,
    author: '作者',
    source: '期刊',
    year: 2020,
    text: paragraph(500 + i, 8),
  }));
  const text = [
    '第一章 绪论',
    paragraph(900, 6),
    docs[3]!.text,
    '第二章 方法',
    docs[17]!.text,
    paragraph(901, 6),
  ].join('\n');
  const thread = startCheckThread();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-thread-'));

  beforeAll(async () => {
    await thread.add(docs);
  });
  afterAll(async () => {
    await thread.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('returns the figures the engine computes in-process, with progress from the thread', async () => {
    const progress: number[] = [];
    const got = await thread.check(
      { document: textToDocument(text), edition: 'professional', ownerKey: 'user:1' },
      { onProgress: (f) => progress.push(f) },
    );
    const index = new PlagiarismIndex();
    for (const d of docs) index.add(d);
    const expected = toEngineResult(
      checkDocument(textToDocument(text), index, checkOptionsFor('professional', 'user:1')),
    );
    expect(got).toEqual(expected);
    expect(
      got.sources
        .slice(0, 2)
        .map((s) => s.documentId)
        .sort((a, b) => a - b),
    ).toEqual([4, 18]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('hands over the paragraphs serialised: the stored report splices them in, a valid CheckReport', async () => {
    const result = await thread.check({
      document: textToDocument(text),
      edition: 'professional',
      ownerKey: 'user:1',
    });
    const stored = buildCheckReport(result, {
      record: { recordId: 7, title: '论文', author: '张三', edition: 'professional' },
      library: { name: '比对库', documents: docs.length, characters: 10_000 },
      documents: docs.map((d) => ({ ...d, id: Number(d.id), ownerUserId: null, origin: 'import' })),
      viewerId: 1,
      checkedAt: '2026-01-01T00:00:00.000Z',
      elapsedMs: 12,
    });
    const report = CheckReport.parse(JSON.parse(stored.report));
    expect(report.paragraphs).toEqual(JSON.parse(result.paragraphsJson));
    expect(report.paragraphs.some((p) => p.spans.length > 0)).toBe(true);
    expect(report.metrics).toEqual(JSON.parse(stored.metrics));
    expect(report.metrics.maxSingleSource?.title).toBe('文献4');
    expect(report.sources.map((s) => s.title)).toContain('文献18');
    expect(report).toMatchObject({ recordId: 7, title: '论文', edition: 'professional', elapsedMs: 12 });
  });

  it('stops a check whose signal is aborted and keeps serving afterwards', async () => {
    const controller = new AbortController();
    // The thread takes one request at a time: a long check ahead keeps it busy until the abort below is set, so
    // the aborted check cannot finish first on a loaded machine (it did, with nothing ahead of it).
    const ahead = thread.check({
      document: textToDocument(Array.from({ length: 40 }, () => text).join('\n')),
      edition: 'professional',
      ownerKey: 'user:1',
    });
    const running = thread.check(
      { document: textToDocument(text), edition: 'professional', ownerKey: 'user:1' },
      { signal: controller.signal },
    );
    controller.abort(new Error('服务正在关闭'));
    await expect(running).rejects.toThrow('服务正在关闭');
    await ahead;
    const after = await thread.check({
      document: textToDocument(text),
      edition: 'standard',
      ownerKey: 'user:1',
    });
    expect(after.metrics.totalRatio).toBeGreaterThan(0.3);
  });

  it('saves, removes and loads the index it owns', async () => {
    const folder = path.join(tmp, 'index');
    await thread.remove(['4']);
    await thread.save(folder);
    const ids = await thread.load(folder);
    expect([...ids].sort((a, b) => a - b)).toEqual(docs.map((d) => Number(d.id)).filter((id) => id !== 4));
    const got = await thread.check({
      document: textToDocument(text),
      edition: 'standard',
      ownerKey: 'user:1',
    });
    expect(got.sources.map((s) => s.documentId)).not.toContain(4);
    expect(got.sources.map((s) => s.documentId)).toContain(18);
  });
});
