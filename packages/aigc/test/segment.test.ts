import { describe, expect, it } from 'vitest';
import { paragraphSentences, sentenceWindows, splitParagraphs } from '../src/segment.ts';

describe('splitParagraphs', () => {
  it('returns trimmed line ranges that index the input', () => {
    const text = '  第一段。\r\n\n\n第二段，内容。  \n   \n第三段';
    const spans = splitParagraphs(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['第一段。', '第二段，内容。', '第三段']);
  });
});

describe('sentenceWindows', () => {
  const sentence = (i: number) => `这是第${i}个用于测试窗口切分的句子，长度大约三十个字左右吧。`;
  const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join('');
  const [paragraph] = splitParagraphs(text);
  const sentences = paragraphSentences(text, paragraph!);

  it('covers every sentence with whole-sentence windows of about the target size', () => {
    expect(sentences.length).toBe(40);
    const windows = sentenceWindows(text, sentences, 100);
    const covered = new Uint8Array(sentences.length);
    for (const w of windows) {
      expect(w.start).toBe(sentences[w.firstSentence]!.start);
      expect(w.end).toBe(sentences[w.endSentence - 1]!.end);
      for (let s = w.firstSentence; s < w.endSentence; s++) covered[s] = 1;
    }
    expect([...covered].every((c) => c === 1)).toBe(true);
    expect(windows[0]!.start).toBe(0);
    expect(windows.at(-1)!.end).toBe(text.length);
    // consecutive windows overlap and move forward
    for (let k = 1; k < windows.length; k++) {
      expect(windows[k]!.firstSentence).toBeGreaterThan(windows[k - 1]!.firstSentence);
      expect(windows[k]!.firstSentence).toBeLessThan(windows[k - 1]!.endSentence);
    }
  });

  it('makes one window of a short paragraph and none of an empty one', () => {
    expect(sentenceWindows(text, sentences.slice(0, 2), 1000)).toHaveLength(1);
    expect(sentenceWindows(text, [], 100)).toHaveLength(0);
  });
});
