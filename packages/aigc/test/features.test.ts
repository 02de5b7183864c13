import { describe, expect, it } from 'vitest';
import { canonicalText } from '../src/canonical.ts';
import { charLogProbs, trainCharLm } from '../src/charlm.ts';
import {
  FeatureExtractor,
  hashedNgrams,
  movingTypeTokenRatio,
  STYLE_FEATURES,
  styleFeatures,
} from '../src/features.ts';

const lexicon = {
  connectives: ['首先', '其次', '综上所述'],
  aiPhrases: ['作为一个语言模型'],
  humanPhrases: ['哈哈'],
};
const feature = (values: Float64Array, name: (typeof STYLE_FEATURES)[number]) =>
  values[STYLE_FEATURES.indexOf(name)]!;

describe('canonicalText', () => {
  it('unifies width, digits, whitespace and the journal-style ASCII full stop', () => {
    expect(canonicalText('ＡＢＣ，模型 2023年\n效果好.结果表明：')).toBe('abc,模型0000年效果好。结果表明:');
    expect(canonicalText('  \n\t ')).toBe('');
  });
});

describe('hashedNgrams', () => {
  it('gives an L2-normalised vector of distinct sorted buckets', () => {
    const v = hashedNgrams('abcab', { hashBits: 16, ngramOrders: [1, 2, 3] });
    // unigrams a,b,c; bigrams ab,bc,ca; trigrams abc,bca,cab: 9 distinct n-grams
    expect(v.indices.length).toBe(9);
    for (let k = 1; k < v.indices.length; k++) expect(v.indices[k]!).toBeGreaterThan(v.indices[k - 1]!);
    const norm = Math.sqrt(v.values.reduce((s, x) => s + x * x, 0));
    expect(norm).toBeCloseTo(1, 5);
    expect(hashedNgrams('', { hashBits: 16, ngramOrders: [1, 2, 3] }).indices.length).toBe(0);
  });

  it('adds word and part-of-speech n-grams when configured', () => {
    const text = canonicalText('大语言模型能够有效提升文本生成的质量。');
    const chars = hashedNgrams(text, { hashBits: 20, ngramOrders: [1] });
    const withWords = hashedNgrams(text, { hashBits: 20, ngramOrders: [1], wordOrders: [1] });
    const withPos = hashedNgrams(text, { hashBits: 20, ngramOrders: [1], wordOrders: [1], posOrders: [2] });
    expect(withWords.indices.length).toBeGreaterThan(chars.indices.length);
    expect(withPos.indices.length).toBeGreaterThan(withWords.indices.length);
    expect(hashedNgrams(text, { hashBits: 20, ngramOrders: [1], wordOrders: [1] })).toEqual(withWords);
    // with a range of their own, the POS n-grams sit after the shared buckets
    const own = hashedNgrams(text, { hashBits: 12, ngramOrders: [1], posOrders: [2], posBits: 8 });
    const plain = hashedNgrams(text, { hashBits: 12, ngramOrders: [1] });
    const above = [...own.indices].filter((i) => i >= 1 << 12);
    expect(above.length).toBe(own.indices.length - plain.indices.length);
    expect(above.every((i) => i < (1 << 12) + (1 << 8))).toBe(true);
  });
});

describe('styleFeatures', () => {
  it('measures sentences, punctuation and connectives of a fixed text', () => {
    const text = canonicalText('首先，我们提出方法。其次，实验表明有效。综上所述，方法可行。');
    const f = styleFeatures(text, lexicon, undefined);
    expect(f.length).toBe(STYLE_FEATURES.length);
    expect(feature(f, 'connectiveSentenceStartShare')).toBe(1);
    expect(feature(f, 'commasPerSentence')).toBe(1);
    expect(feature(f, 'periodRate')).toBeCloseTo((3 / text.length) * 100);
    expect(feature(f, 'sentenceLengthCv')).toBe(0); // three sentences of 9 characters: no burstiness
    const bursty = styleFeatures(
      canonicalText('短句。这是一个明显更长的句子，长短交错。'),
      lexicon,
      undefined,
    );
    expect(feature(bursty, 'sentenceLengthCv')).toBeGreaterThan(0.3);
    expect(feature(f, 'surprisalMean')).toBe(0); // no language model given
  });

  it('gives lower surprisal to text the language model has seen', () => {
    const lm = trainCharLm(['我们提出了一种新的方法，实验结果表明该方法有效。'.repeat(20)], 12, 12);
    const seen = charLogProbs(lm, '实验结果表明该方法有效');
    const unseen = charLogProbs(lm, '猫咪跳上窗台晒太阳啦');
    const mean = (a: Float64Array) => a.reduce((s, x) => s + x, 0) / a.length;
    expect(mean(seen)).toBeGreaterThan(mean(unseen));
  });

  it('type-token ratio is 1 for distinct characters and falls with repetition', () => {
    expect(movingTypeTokenRatio('abcdef')).toBe(1);
    expect(movingTypeTokenRatio('ab'.repeat(100))).toBeCloseTo(2 / 50);
  });
});

describe('FeatureExtractor', () => {
  it('puts clipped standardised style features after the hashed buckets', () => {
    const config = { hashBits: 10, ngramOrders: [1, 2] };
    const scaling = { mean: STYLE_FEATURES.map(() => 0), std: STYLE_FEATURES.map(() => 1e-3) };
    const x = new FeatureExtractor(config, lexicon, undefined, scaling).vector(
      canonicalText('首先，方法可行。'),
    );
    const style = [...x.indices]
      .map((index, k) => ({ index, value: x.values[k]! }))
      .filter((e) => e.index >= 1024);
    expect(style.map((e) => e.index)).toEqual(STYLE_FEATURES.map((_, j) => 1024 + j));
    for (const e of style) expect(Math.abs(e.value)).toBeLessThanOrEqual(5);
  });
});
