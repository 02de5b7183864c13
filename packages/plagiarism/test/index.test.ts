import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, type LibraryDocument, loadIndex, PlagiarismIndex, saveIndex } from '../src/index.ts';
import { randomText, rng } from './helpers.ts';

function docs(n: number, seed: number): LibraryDocument[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `d${i}`,
    title: `文献${i}`,
    author: i % 2 ? '王五' : undefined,
    year: 2000 + (i % 20),
    ownerKey: i % 10 === 0 ? 'user:1' : undefined,
    text: randomText(r, 200 + (i % 7) * 50),
  }));
}

/** Bytes of texts an in-memory index holds (a loaded one reads them from its files instead). */
function memoryTexts(index: PlagiarismIndex): number {
  let bytes = 0;
  for (const s of index.segments) bytes += s.textOffsets[s.docCount]! * 2;
  return bytes;
}

describe('PlagiarismIndex', () => {
  it('round-trips through a folder, across several segments, with identical reports', () => {
    const index = new PlagiarismIndex({ segmentFingerprints: 2000, autoMerge: false });
    for (const d of docs(300, 1)) index.add(d);
    index.remove('d5');
    const stats = index.stats();
    expect(stats.segments).toBeGreaterThan(3);
    const query = `${index.getDocument('d42')!.text.slice(20, 120)}${randomText(rng(9), 100)}${index.getDocument('d10')!.text.slice(0, 60)}`;
    const before = checkText(query, index, { ownerKey: 'user:1' });
    expect(before.similarDocuments.map((d) => d.docId).sort()).toEqual(['d10', 'd42']);
    const strip = (r: ReturnType<typeof checkText>) => ({ ...r, engine: { ...r.engine, elapsedMs: 0 } });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdpx-'));
    try {
      saveIndex(index, dir);
      const loaded = loadIndex(dir);
      // postings are outside the V8 heap and shareable; texts stay in the files
      expect(loaded.segments[0]!.docs.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(loaded.stats()).toEqual({
        ...stats,
        bytes: stats.bytes - stats.textFileBytes - memoryTexts(index),
        textFileBytes: memoryTexts(index),
      });
      expect(loaded.getDocument('d42')).toEqual(index.getDocument('d42'));
      expect(loaded.has('d5')).toBe(false);
      expect(strip(checkText(query, loaded, { ownerKey: 'user:1' }))).toEqual(strip(before));
      // a loaded index keeps growing
      loaded.add({ id: 'new', title: '新文献', text: `前言。${query.slice(0, 80)}` });
      expect(checkText(query, loaded, { allSources: true }).similarDocuments.map((d) => d.docId)).toContain(
        'new',
      );
      loaded.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a folder that holds no index', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdpx-'));
    try {
      expect(() => loadIndex(dir)).toThrow();
      fs.writeFileSync(path.join(dir, 'manifest.json'), 'not an index at all');
      expect(() => loadIndex(dir)).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('drops fingerprints found in too many documents as boilerplate', () => {
    const r = rng(4);
    const boiler = randomText(r, 50)
      .replace(/[，。]/g, '')
      .slice(0, 40);
    const rare = randomText(r, 50)
      .replace(/[，。]/g, '')
      .slice(0, 40);
    const index = new PlagiarismIndex({ maxDocFrequency: 10 });
    for (let i = 0; i < 30; i++)
      index.add({ id: `b${i}`, title: 'b', text: `${randomText(r, 100)}${boiler}${randomText(r, 100)}` });
    for (let i = 0; i < 3; i++)
      index.add({ id: `r${i}`, title: 'r', text: `${randomText(r, 100)}${rare}${randomText(r, 100)}` });
    expect(index.stats().droppedBoilerplate).toBeGreaterThan(0);
    expect(checkText(`${randomText(r, 80)}${boiler}${randomText(r, 80)}`, index).matches).toEqual([]);
    const rareQuery = `${randomText(r, 80)}${rare}${randomText(r, 80)}`;
    const rareReport = checkText(rareQuery, index, { allSources: true });
    expect(new Set(rareReport.matches.map((m) => m.docId))).toEqual(new Set(['r0', 'r1', 'r2']));
    // by default the passage is attributed to one source only (the others add no new text)
    expect(checkText(rareQuery, index).matches).toHaveLength(1);
  });

  it('removes, replaces and compacts documents', () => {
    const index = new PlagiarismIndex();
    for (const d of docs(50, 2)) index.add(d);
    const text = index.getDocument('d3')!.text;
    expect(checkText(text, index).similarDocuments[0]?.docId).toBe('d3');
    index.remove('d3');
    expect(checkText(text, index).matches).toEqual([]);
    expect(index.size).toBe(49);
    index.add({ id: 'd4', title: '替换', text });
    expect(checkText(text, index).similarDocuments.map((d) => [d.docId, d.title])).toEqual([['d4', '替换']]);
    const chars = index.stats().characters;
    index.compact();
    expect(index.stats()).toMatchObject({ documents: 49, removed: 0, segments: 1, characters: chars });
    expect(checkText(text, index).similarDocuments.map((d) => d.docId)).toEqual(['d4']);
  });
});
