import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, loadIndex, PlagiarismIndex } from '../src/index.ts';
import { segmentWordsInBackground, wordIndexOf, wordSentences } from '../src/reworded.ts';
import { REWORDINGS, randomText, rng } from './helpers.ts';

const { source: SOURCE, reworded: REWORDED } = REWORDINGS[0]!;

function library(): PlagiarismIndex {
  const index = new PlagiarismIndex();
  const r = rng(9);
  for (let i = 0; i < 40; i++) index.add({ id: `noise-${i}`, title: `无关${i}`, text: randomText(r, 300) });
  index.add({
    id: 'src',
    title: '地铁客流预测',
    text: `${randomText(r, 100)}${SOURCE}${randomText(r, 100)}`,
  });
  return index;
}

describe('reworded copying (word-level sentence stage)', () => {
  it('segments sentences into folded content words', () => {
    const s = wordSentences('本文构建了图卷积神经网络模型。实验结果表明误差较低。');
    expect(s).toHaveLength(2);
    expect(s[0]!.words.length).toBeGreaterThanOrEqual(3);
    // the same words through Kangxi radicals and full-width forms
    const folded = wordSentences('本文构建了图卷积神经⽹络模型。');
    expect([...folded[0]!.words]).toEqual([...s[0]!.words]);
  });

  it('finds a passage that shares no 6-gram with its source, with the right source, only in 专业版 with the stage', () => {
    const index = library();
    const r = rng(4);
    const query = `${randomText(r, 120)}${REWORDED}${randomText(r, 120)}`;
    const start = query.indexOf(REWORDED);
    const report = checkText(query, index);
    const found = report.matches.filter((m) => m.docId === 'src');
    expect(found.length).toBeGreaterThan(0);
    const covered = found.reduce(
      (a, m) => a + Math.max(0, Math.min(m.end, start + REWORDED.length) - Math.max(m.start, start)),
      0,
    );
    expect(covered).toBeGreaterThan(REWORDED.length * 0.8);
    expect(found.every((m) => m.method === 'paraphrase')).toBe(true);
    expect(checkText(query, index, { reworded: false }).matches.filter((m) => m.docId === 'src')).toEqual([]);
    expect(checkText(query, index, { paraphrase: false }).matches).toEqual([]);
  });

  it('sees documents added after the first check, and not removed ones', () => {
    const index = library();
    const query = REWORDED;
    expect(checkText(query, index).matches.some((m) => m.docId === 'src')).toBe(true);
    index.add({ id: 'late', title: '后加入', text: SOURCE });
    index.remove('src');
    const ids = new Set(checkText(query, index).matches.map((m) => m.docId));
    expect(ids.has('late')).toBe(true);
    expect(ids.has('src')).toBe(false);
  });

  it('forgets the words of a document replaced under the same id', () => {
    const index = library();
    expect(checkText(REWORDED, index).matches.some((m) => m.docId === 'src')).toBe(true);
    const r = rng(5);
    index.add({ id: 'src', title: '换了内容', text: randomText(r, 400) });
    expect(checkText(REWORDED, index).matches.some((m) => m.docId === 'src')).toBe(false);
    index.add({ id: 'src', title: '又换回来', text: SOURCE });
    expect(checkText(REWORDED, index).matches.some((m) => m.docId === 'src')).toBe(true);
  });

  it('covers at most maxChars characters of the library and reports the share it covers', () => {
    const index = library();
    const all = index.characterCount;
    const words = wordIndexOf(index, Math.floor(all / 2));
    expect(words.coverage).toBeGreaterThan(0.3);
    expect(words.coverage).toBeLessThanOrEqual(0.5);
    const report = checkText(REWORDED, index);
    expect(report.engine.rewordedCoverage).toBe(words.coverage);
    expect(checkText(REWORDED, library()).engine.rewordedCoverage).toBe(1);
  });

  it('is saved with the character index and read back at load instead of segmenting the library again', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdwords-'));
    const ids = (index: PlagiarismIndex) => new Set(checkText(REWORDED, index).matches.map((m) => m.docId));
    try {
      const late = { id: 'late', title: '后加入', text: randomText(rng(6), 300) };
      const index = library();
      expect(ids(index)).toEqual(new Set(['src']));
      index.add(late);
      index.save(folder);
      // what a word index segmented in one go finds (the one checked before the add weighs older sentences with
      // the IDF of their time until the library grows by 5 %)
      const inMemory = library();
      inMemory.add(late);
      const fresh = checkText(REWORDED, inMemory).matches;
      expect(fs.readdirSync(folder).filter((f) => f.endsWith('.pdwords'))).toHaveLength(1);

      const loaded = loadIndex(folder);
      const words = wordIndexOf(loaded);
      expect(words.segmentedChars).toBe(0);
      expect(words.coverage).toBe(1);
      expect(checkText(REWORDED, loaded).matches).toEqual(fresh);

      // appends: one more block for the added document, the removal named in the manifest
      loaded.add({ id: 'added', title: '再加入', text: SOURCE });
      loaded.remove('src');
      loaded.save(folder);
      expect(fs.readdirSync(folder).filter((f) => f.endsWith('.pdwords'))).toHaveLength(2);
      const third = loadIndex(folder);
      expect(wordIndexOf(third).segmentedChars).toBe(0);
      expect(ids(third)).toEqual(new Set(['added']));

      // replaced by a process that kept no word index: the saved words are stale, the new text is segmented
      const plain = loadIndex(folder);
      plain.add({ id: 'added', title: '换了内容', text: randomText(rng(5), 400) });
      plain.save(folder);
      const fourth = loadIndex(folder);
      expect(wordIndexOf(fourth).segmentedChars).toBe(fourth.ordinalLength(fourth.ordinalOf('added')!));
      expect(ids(fourth)).toEqual(new Set());
      for (const i of [index, loaded, third, plain, fourth]) i.close();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads the saved postings back, seals only blocks appended since, and ignores a missing or stale file', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdwords-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'pdwords-'));
    const postingsFiles = () => fs.readdirSync(folder).filter((f) => f.endsWith('.pdpost'));
    const manifest = path.join(folder, 'words.json');
    const readManifest = () => JSON.parse(fs.readFileSync(manifest, 'utf8'));
    try {
      const index = library();
      const expected = checkText(REWORDED, index).matches;
      index.save(folder);
      expect(postingsFiles()).toHaveLength(1);
      const loaded = loadIndex(folder);
      expect(wordIndexOf(loaded).sentencesSealedAtLoad).toBe(0);
      expect(checkText(REWORDED, loaded).matches).toEqual(expected);

      // a block appended after it: the postings still hold the first block's sentences, the load seals the rest
      loaded.add({ id: 'added', title: '再加入', text: SOURCE });
      loaded.save(folder);
      const third = loadIndex(folder);
      const words = wordIndexOf(third);
      expect(words.sentencesSealedAtLoad).toBeGreaterThan(0);
      expect(words.sentencesSealedAtLoad).toBeLessThan(words.sentences);
      // (the in-memory index weighs older sentences with older IDF: the loads below, sealing all, are the check)
      const appended = checkText(REWORDED, third).matches;
      expect(appended.length).toBeGreaterThan(0);

      // stale: postings sealed from another library's blocks, named as if sealed from these
      const elsewhere = library();
      elsewhere.add({ id: 'other', title: '另一库', text: randomText(rng(9), 2000) });
      wordIndexOf(elsewhere);
      elsewhere.save(other);
      const [stale] = fs.readdirSync(other).filter((f) => f.endsWith('.pdpost'));
      const m = readManifest();
      fs.copyFileSync(path.join(other, stale!), path.join(folder, m.postings.file));
      const staleLoad = loadIndex(folder);
      expect(wordIndexOf(staleLoad).sentencesSealedAtLoad).toBe(wordIndexOf(staleLoad).sentences);
      expect(checkText(REWORDED, staleLoad).matches).toEqual(appended);
      // and named with other blocks
      fs.writeFileSync(
        manifest,
        JSON.stringify({ ...m, postings: { ...m.postings, sealedFrom: ['x.pdwords'] } }),
      );
      const renamed = loadIndex(folder);
      expect(wordIndexOf(renamed).sentencesSealedAtLoad).toBe(wordIndexOf(renamed).sentences);

      // missing
      fs.writeFileSync(manifest, JSON.stringify(m));
      fs.rmSync(path.join(folder, m.postings.file));
      const missing = loadIndex(folder);
      expect(wordIndexOf(missing).sentencesSealedAtLoad).toBe(wordIndexOf(missing).sentences);
      expect(checkText(REWORDED, missing).matches).toEqual(appended);
      for (const i of [index, loaded, third, elsewhere, staleLoad, renamed, missing]) i.close();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('discards a saved word index made by another tokenizer and segments the library again', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdwords-'));
    try {
      const index = library();
      wordIndexOf(index); // a word index kept beside it, saved with it
      index.save(folder);
      const [oldBlock] = fs.readdirSync(folder).filter((f) => f.endsWith('.pdwords'));
      // a store written before the tokenizer was named (jieba's words) has no tokenizer in its manifest
      const manifest = path.join(folder, 'words.json');
      const { tokenizer, ...older } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      expect(tokenizer).toBeTruthy();
      fs.writeFileSync(manifest, JSON.stringify(older));
      const loaded = loadIndex(folder);
      const words = wordIndexOf(loaded);
      expect(words.segmentedChars).toBe(loaded.characterCount);
      expect(new Set(checkText(REWORDED, loaded).matches.map((m) => m.docId))).toEqual(new Set(['src']));
      // the next save writes the words afresh and deletes the old block
      loaded.save(folder);
      const blocks = fs.readdirSync(folder).filter((f) => f.endsWith('.pdwords'));
      expect(blocks).toHaveLength(1);
      expect(blocks).not.toContain(oldBlock);
      expect(wordIndexOf(loadIndex(folder)).segmentedChars).toBe(0);
      for (const i of [index, loaded]) i.close();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('segments on worker threads while documents are added, dropping those removed in flight', async () => {
    // the same adds and removes, words segmented on threads during the adds or here after them
    const fill = (index: PlagiarismIndex) => {
      index.add({ id: 'gone', title: '删除', text: SOURCE });
      index.add({ id: 'replaced', title: '旧', text: SOURCE });
      const lib = library();
      for (const id of lib.ids()) index.add(lib.getDocument(id)!);
      // the first batches are still in flight: the thread's answer for these must be dropped
      index.remove('gone');
      index.add({ id: 'replaced', title: '新', text: randomText(rng(3), 300) });
      return index;
    };
    const built = new PlagiarismIndex();
    const words = segmentWordsInBackground(built, 2, 1);
    fill(built);
    await words.settle();
    const reference = fill(new PlagiarismIndex());
    expect(words.coverage).toBe(1);
    expect(words.sentences).toBe(wordIndexOf(reference).sentences);
    expect(checkText(REWORDED, built).matches).toEqual(checkText(REWORDED, reference).matches);
    expect(new Set(checkText(REWORDED, built).matches.map((m) => m.docId))).toEqual(new Set(['src']));
  });
});
