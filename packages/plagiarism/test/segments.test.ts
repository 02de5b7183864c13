import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchingCodes } from '@paperdesk/textkit';
import { checkText, kgramHashes, type LibraryDocument, loadIndex, PlagiarismIndex } from '../src/index.ts';
import { radixSortTriples } from '../src/segment.ts';
import { randomText, rng } from './helpers.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdseg-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function docs(n: number, seed: number, prefix = 'd'): LibraryDocument[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    title: `文献${i}`,
    text: randomText(r, 240),
  }));
}

const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    segments: Array<{ file: string; removed: number[] }>;
  };
const segmentFiles = () => fs.readdirSync(dir).filter((f) => f.endsWith('.pdseg'));

describe('index folder', () => {
  it('appends new segment files and swaps the manifest; old files are never rewritten', () => {
    const index = PlagiarismIndex.open(dir, { autoMerge: false });
    for (const d of docs(40, 1)) index.add(d);
    index.save(dir);
    const first = manifest().segments.map((s) => s.file);
    expect(first).toHaveLength(1);
    const stat = fs.statSync(path.join(dir, first[0]!));

    for (const d of docs(10, 2, 'e')) index.add(d);
    index.remove('d3');
    index.save(dir);
    const second = manifest().segments;
    expect(second.map((s) => s.file).slice(0, 1)).toEqual(first);
    expect(second).toHaveLength(2);
    expect(second[0]!.removed).toEqual([3]);
    const again = fs.statSync(path.join(dir, first[0]!));
    expect([again.size, again.mtimeMs]).toEqual([stat.size, stat.mtimeMs]);
    index.close();

    const loaded = loadIndex(dir);
    expect(loaded.size).toBe(49);
    expect(loaded.has('d3')).toBe(false);
    // texts stay in the files and postings in shared memory
    expect(loaded.segments.every((s) => s.text.kind === 'file')).toBe(true);
    expect(loaded.segments[1]!.keys.buffer).toBeInstanceOf(SharedArrayBuffer);
    const e4 = docs(10, 2, 'e')[4]!;
    expect(loaded.getDocument('e4')?.text).toBe(e4.text);
    expect(checkText(e4.text, loaded).similarDocuments.map((d) => d.docId)).toEqual(['e4']);
    loaded.close();
  });

  it('ignores torn temporary and unnamed segment files, and deletes them once stale', () => {
    const index = PlagiarismIndex.open(dir);
    for (const d of docs(20, 3)) index.add(d);
    index.save(dir);
    index.close();
    const live = segmentFiles();
    // a crash while writing: half a manifest, half a segment, a segment no manifest names yet
    fs.writeFileSync(path.join(dir, 'manifest.json.tmp-999-dead'), '{"format":"paperdesk-plag');
    fs.writeFileSync(path.join(dir, 'seg-torn.pdseg.tmp'), Buffer.alloc(100, 7));
    fs.writeFileSync(path.join(dir, 'seg-orphan.pdseg'), Buffer.alloc(100, 7));
    const fresh = loadIndex(dir);
    expect(fresh.size).toBe(20);
    fresh.close();
    // young files may belong to another writer: kept; old ones are removed
    expect(fs.existsSync(path.join(dir, 'seg-orphan.pdseg'))).toBe(true);
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const f of ['manifest.json.tmp-999-dead', 'seg-torn.pdseg.tmp', 'seg-orphan.pdseg'])
      fs.utimesSync(path.join(dir, f), old, old);
    const again = loadIndex(dir);
    expect(again.size).toBe(20);
    again.close();
    expect(fs.readdirSync(dir).sort()).toEqual([...live, 'manifest.json'].sort());
  });

  it('merges size tiers and purges removed documents, deleting the merged files', () => {
    const index = PlagiarismIndex.open(dir, { segmentFingerprints: 500, autoMerge: false, mergeFactor: 3 });
    const all = docs(90, 4);
    for (const d of all) index.add(d);
    index.save(dir);
    const before = index.stats();
    expect(before.segments).toBeGreaterThan(6);
    for (let i = 0; i < 90; i += 3) index.remove(`d${i}`);
    const query = all[7]!.text;
    const expected = checkText(query, index).similarDocuments.map((d) => d.docId);
    expect(index.merge()).toBeGreaterThan(0);
    const after = index.stats();
    expect(after.segments).toBeLessThan(before.segments);
    expect(after.removed).toBe(0); // every segment had a third removed: all rewritten
    expect(after.documents).toBe(60);
    expect(after.fingerprints).toBeLessThan(before.fingerprints * 0.75);
    expect(checkText(query, index).similarDocuments.map((d) => d.docId)).toEqual(expected);
    expect(checkText(all[6]!.text, index).matches).toEqual([]);
    expect(segmentFiles().sort()).toEqual(
      manifest()
        .segments.map((s) => s.file)
        .sort(),
    );
    index.close();
    const loaded = loadIndex(dir);
    expect(loaded.size).toBe(60);
    expect(loaded.getDocument('d7')?.text).toBe(all[7]!.text);
    loaded.close();
  });
});

describe('frequency rule', () => {
  // 20,000 short documents: a 2 % boilerplate share is 400 documents
  const r = rng(5);
  const library = new PlagiarismIndex();
  const filler = () => randomText(r, 60);
  const reposted = randomText(r, 200);
  const stock = randomText(r, 30).replace(/[，。]/g, '');
  const rare = randomText(r, 200);
  for (let i = 0; i < 20_000; i++) {
    const text =
      i % 20 === 0 ? `${filler()}${stock}${filler()}` : i === 15_001 ? `${filler()}${rare}` : filler();
    library.add({ id: `f${i}`, title: 'f', text });
    if (i % 50 === 7 && i < 15_000)
      library.add({ id: `r${i}`, title: 'repost', text: `${filler()}${reposted}` });
  }

  it('still finds a source reposted 300 times', () => {
    expect(library.size).toBe(20_300);
    const report = checkText(`${randomText(rng(6), 100)}${reposted}`, library);
    expect(report.similarDocuments.map((d) => d.title)).toEqual(['repost']);
    expect(report.overlapChars).toBeGreaterThan(180);
  });

  it('does not let a stock phrase in 5 % of the documents flood the candidates', () => {
    const hashesOf = (text: string) => kgramHashes(matchingCodes(text).codes, library.k);
    const stockSeeds = library.seeds(hashesOf(stock));
    expect(Math.max(...stockSeeds.df)).toBeGreaterThan(900); // counted in full ...
    // ... but not looked up (only k-grams at its edges, indexed in fewer documents, give a sample of 8 each)
    expect(stockSeeds.count).toBeLessThan(20);
    expect(library.seeds(hashesOf(rare)).count).toBeGreaterThan(20);
    const report = checkText(`${stock}${randomText(rng(7), 50)}${rare}${stock}`, library);
    expect(report.similarDocuments.map((d) => d.docId)).toEqual(['f15001']);
    expect(report.engine.candidates).toBeLessThanOrEqual(3);
  });
});

describe('radix sort of postings', () => {
  it('sorts (key, a, b) triples by key, stably, with or without kept scratch arrays', () => {
    const r = rng(11);
    const n = 5000;
    // keys spread over all three digits, with repeats
    const keys = Uint32Array.from({ length: n }, () => (Math.floor(r() * 300) * 0x9e3779b1) >>> 0);
    const a = Uint32Array.from({ length: n }, (_, i) => i);
    const b = Uint32Array.from({ length: n }, (_, i) => n - i);
    const expected = [...a].sort((x, y) => keys[x]! - keys[y]! || x - y);
    for (const scratch of [
      undefined,
      { keys: new Uint32Array(n + 7), a: new Uint32Array(n + 7), b: new Uint32Array(n + 7) },
    ]) {
      const k = keys.slice();
      const ka = a.slice();
      const kb = b.slice();
      radixSortTriples(k, ka, kb, scratch);
      expect(Array.from(ka)).toEqual(expected);
      expect(Array.from(kb)).toEqual(expected.map((i) => n - i));
      expect(Array.from(k)).toEqual(expected.map((i) => keys[i]!));
    }
  });
});
