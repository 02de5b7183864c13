import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDocument, PlagiarismIndex } from '@paperdesk/plagiarism';
import { textToDocument } from '@paperdesk/textkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckThread } from '../../src/compute/check-thread.ts';
import { checkOptionsFor, toEngineResult } from '../../src/compute/check-engine.ts';
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

  it('stops a check whose signal is aborted and keeps serving afterwards', async () => {
    const controller = new AbortController();
    const running = thread.check(
      { document: textToDocument(text), edition: 'professional', ownerKey: 'user:1' },
      { signal: controller.signal },
    );
    controller.abort(new Error('服务正在关闭'));
    await expect(running).rejects.toThrow('服务正在关闭');
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
