import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LM_TOP_K, loadLibimeLm, openLibimeLm } from '../bench/lm/features.ts';
import { KenlmModel } from '../bench/lm/kenlm.ts';

/**
 * The KenLM reader against ground truth two ways: a small ARPA model built into the libime format by libime's own
 * `libime_slm_build_binary` (every probability and backoff path known exactly), and the installed zh_CN.lm, whose
 * vocabulary order is checked against the file's own sorted MurmurHash64A table. Each part skips with a printed
 * reason when its package (libime-bin, libime-data-language-model; scripts/test-setup.sh installs both) is absent.
 */

const ARPA = `
\\data\\
ngram 1=6
ngram 2=5
ngram 3=2

\\1-grams:
-1.5\t<unk>\t0
-1.0\t<s>\t-0.5
-1.2\t</s>\t0
-0.7\t甲\t-0.3
-0.9\t乙\t-0.25
-1.1\t丙\t-0.2

\\2-grams:
-0.4\t<s> 甲\t-0.1
-0.3\t甲 乙\t-0.15
-0.6\t乙 丙\t0
-0.8\t丙 甲\t0
-0.5\t乙 </s>

\\3-grams:
-0.2\t<s> 甲 乙
-0.1\t甲 乙 丙

\\end\\
`;

function buildTiny(): KenlmModel | string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kenlm-'));
  try {
    fs.writeFileSync(path.join(dir, 't.arpa'), ARPA);
    // the options libime's own zh_CN.lm was built with: 8-bit quantisation, array-compressed pointers
    execFileSync(
      'libime_slm_build_binary',
      ['-s', '-q', '8', '-b', '8', '-a', '22', 'trie', 't.arpa', 't.lm'],
      {
        cwd: dir,
        stdio: 'ignore',
      },
    );
    return new KenlmModel(new Uint8Array(fs.readFileSync(path.join(dir, 't.lm'))));
  } catch (e) {
    return `libime_slm_build_binary unavailable (${(e as Error).message.split('\n')[0]}); install libime-bin`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tiny = buildTiny();
if (typeof tiny === 'string') console.log(`lm.test: ARPA round trip skipped: ${tiny}`);

describe.skipIf(typeof tiny === 'string')('KenlmModel on a model built from a known ARPA file', () => {
  const m = tiny as KenlmModel;
  const q = (...words: string[]) => {
    const ids = words.map((w) => m.vocab.get(w)!);
    return m.score(ids.slice(0, -1), ids.at(-1)!).log10;
  };

  it('reads the header, counts and vocabulary', () => {
    expect(m.order).toBe(3);
    expect(m.counts).toEqual([6, 5, 2]);
    expect([...m.vocab.keys()].sort()).toEqual(['</s>', '<s>', '丙', '乙', '甲'].sort());
    const yi = m.unigram(m.vocab.get('乙')!);
    expect(yi.prob).toBeCloseTo(-0.9, 6);
    expect(yi.backoff).toBeCloseTo(-0.25, 6);
  });

  it('returns stored n-grams and backs off exactly as ARPA semantics say', () => {
    expect(q('甲', '乙', '丙')).toBeCloseTo(-0.1, 5); // trigram
    expect(q('<s>', '甲', '乙')).toBeCloseTo(-0.2, 5);
    expect(q('甲', '乙')).toBeCloseTo(-0.3, 5); // bigram
    expect(q('丙', '甲', '乙')).toBeCloseTo(-0.3, 5); // bo(丙 甲) = 0, then the bigram
    expect(q('甲', '乙', '</s>')).toBeCloseTo(-0.15 - 0.5, 5); // bo(甲 乙) + P(</s> | 乙)
    expect(q('<s>', '甲', '丙')).toBeCloseTo(-0.1 - 0.3 - 1.1, 5); // bo(<s> 甲) + bo(甲) + P(丙)
    expect(q('乙', '丙', '丙')).toBeCloseTo(0 - 0.2 - 1.1, 5);
  });

  it('lists every bigram once with its probability', () => {
    const seen: string[] = [];
    m.forEachBigram((prev, word, log10) =>
      seen.push(`${m.words[prev]} ${m.words[word]} ${log10.toFixed(2)}`),
    );
    expect(seen.sort()).toEqual(
      ['<s> 甲 -0.40', '丙 甲 -0.80', '乙 </s> -0.50', '乙 丙 -0.60', '甲 乙 -0.30'].sort(),
    );
  });
});

const lm = loadLibimeLm();
if (!lm)
  console.log('lm.test: libime zh_CN.lm not installed (apt-get install libime-data-language-model); skipped');

/** KenLM's vocabulary hash (MurmurHash64A, seed 0), to check word ids independently of the string table. */
function murmur64a(data: Uint8Array): bigint {
  const M = 0xc6a4a7935bd1e995n;
  const MASK = (1n << 64n) - 1n;
  let h = (BigInt(data.length) * M) & MASK;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const blocks = Math.floor(data.length / 8);
  for (let i = 0; i < blocks; i++) {
    let k = (view.getBigUint64(8 * i, true) * M) & MASK;
    k = ((k ^ (k >> 47n)) * M) & MASK;
    h = ((h ^ k) * M) & MASK;
  }
  const tail = data.length & 7;
  if (tail) {
    for (let i = tail - 1; i >= 0; i--) h ^= BigInt(data[8 * blocks + i]!) << BigInt(8 * i);
    h = (h * M) & MASK;
  }
  h = ((h ^ (h >> 47n)) * M) & MASK;
  return h ^ (h >> 47n);
}

describe.skipIf(!lm)('the installed libime model', () => {
  // the describe body runs even when skipped: touch the model only inside the tests
  const get = () => lm!.model;

  it('maps words to the ids of the sorted hash table (id = position + 1)', () => {
    const model = get();
    const bytes = fs.readFileSync(lm!.file);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const hashAt = (id: number) => view.getBigUint64(136 + 8 + 8 * (id - 1), true); // after header and entry count
    const encoder = new TextEncoder();
    for (const word of ['的', '我们', '研究', '图书馆', '自动化', '拥堵']) {
      const id = model.vocab.get(word)!;
      expect(hashAt(id)).toBe(murmur64a(encoder.encode(word)));
    }
  });

  it('gives known entries and common continuations high probability', () => {
    const model = get();
    expect(model.order).toBe(3);
    const id = (w: string) => model.vocab.get(w)!;
    expect(model.unigram(id('的')).prob).toBeCloseTo(-1.9496, 3);
    // 中华 人民 共和国 is a stored trigram, nearly certain
    expect(model.score([id('中华'), id('人民')], id('共和国'))).toMatchObject({ matched: 3 });
    expect(model.score([id('中华'), id('人民')], id('共和国')).log10).toBeGreaterThan(-0.05);
    // a common continuation beats an odd one in the same context
    expect(model.score([id('经济')], id('发展')).log10).toBeGreaterThan(
      model.score([id('经济')], id('拥堵')).log10,
    );
  });

  it('segments, ranks and summarises a text', () => {
    // the most probable path prefers the model's long words
    expect(lm!.segment('图书馆自动化管理系统').map((w) => w.word)).toEqual([
      '图书馆',
      '自动化',
      '管理',
      '系统',
    ]);
    const f = lm!.features('随着经济的快速发展，城市交通日益拥堵。研究表明，公共交通能够缓解拥堵。')!;
    expect(f.tokens).toBeGreaterThan(10);
    expect(f.perplexity).toBeCloseTo(Math.exp(-f.meanLogProb), 6);
    expect(f.topKShare).toBeGreaterThanOrEqual(f.top1Share);
    expect(f.sentences).toHaveLength(2);
    // 的 after 经济 is among the top-k next words
    const de = lm!.scoreRuns('经济的')[0]!.tokens[1]!;
    expect(de.word).toBe('的');
    expect(de.rank).toBeLessThan(LM_TOP_K);
    expect(lm!.features('only ASCII 123')).toBeNull();
  });
});

describe('degrading without the model', () => {
  it('returns null for a missing or foreign file', () => {
    expect(openLibimeLm('/nonexistent/zh_CN.lm')).toBeNull();
    expect(openLibimeLm(path.join(import.meta.dirname, '../package.json'))).toBeNull();
  });
});
