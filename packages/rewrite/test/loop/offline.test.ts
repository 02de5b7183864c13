import { describe, expect, it } from 'vitest';
import { type Attempt, meaningGuard, offlineStrategies, reduceParagraphs } from '../../src/index.ts';

const TEXT =
  '首先，本文构建了包含120个样本的数据集[3]。此外，实验表明该方法能够将误差降低12.5%。这说明它并不依赖上述假设。综上所述，该方法具有重要意义。';

const attempt = (round: number, current = TEXT): Attempt => ({
  round,
  goal: 'aigc',
  targets: { aigc: 0.5 },
  current,
  scores: { similarity: null, aigc: 0.9 },
  hints: [],
  seed: 11,
});

/** Template openers and stock phrases the detector counts (a stand-in for the AIGC score in these tests). */
const templates = (t: string) => t.match(/首先|此外|综上所述|具有重要意义|能够|上述/g)?.length ?? 0;

describe('offlineStrategies', () => {
  it('names one rule strategy per goal', () => {
    expect(offlineStrategies('similarity').map((s) => s.id)).toEqual(['rules-similarity']);
    expect(offlineStrategies('aigc').map((s) => s.id)).toEqual(['rules-aigc']);
    expect(offlineStrategies('both').map((s) => s.id)).toEqual(['rules-both']);
    expect(offlineStrategies('both').every((s) => s.kind === 'rule')).toBe(true);
  });

  it('rules-aigc: round 1 changes only what the 降AIGC rules change, later rounds go further; all pass the guard', async () => {
    const [strategy] = offlineStrategies('aigc');
    const first = (await strategy?.rewrite(TEXT, attempt(1))) ?? '';
    expect(templates(first)).toBe(0);
    expect(meaningGuard(TEXT, first).ok).toBe(true);
    const third = (await strategy?.rewrite(TEXT, attempt(3, first))) ?? '';
    expect(third).not.toBe(first);
    expect(meaningGuard(TEXT, third)).toEqual({ ok: true, reasons: [] });
  });

  it('rules-aigc: round 1 also swaps the words the detector named, and only those among the synonyms', async () => {
    // 选取 has entries in the synonym table but is no 降AIGC plain word: only the hint makes it change
    const text = '本研究选取了三个城市的面板数据，分析了交通投资对经济增长的影响。';
    const [strategy] = offlineStrategies('aigc');
    const plainOnly = (await strategy?.rewrite(text, attempt(1, text))) ?? text;
    expect(plainOnly).toContain('选取');
    const hinted = await strategy?.rewrite(text, {
      ...attempt(1, text),
      hints: [{ kind: 'stockPhrases', examples: ['选取'] }],
    });
    expect(hinted).not.toBeNull();
    expect(hinted).not.toContain('选取');
    // nothing else changed: the synonym pass ran on the named word only
    expect(hinted?.replace(/选择|挑选|选用/, '选取')).toBe(plainOnly);
    expect(meaningGuard(text, hinted ?? '').ok).toBe(true);
  });

  it('rules-similarity keeps the user’s keep-terms', async () => {
    const [strategy] = offlineStrategies('similarity', { keepTerms: ['数据集'] });
    const out = (await strategy?.rewrite(TEXT, { ...attempt(2), goal: 'similarity' })) ?? '';
    expect(out).not.toBe(TEXT);
    expect(out).toContain('数据集');
    expect(meaningGuard(TEXT, out, { keepTerms: ['数据集'] }).ok).toBe(true);
  });

  it('in the loop, rules-both lowers a template count without raising a character-overlap score', async () => {
    const overlap = (t: string) => [...t].filter((c, i) => TEXT[i] === c).length / TEXT.length;
    const [out] = await reduceParagraphs([TEXT], {
      targets: { similarity: 0.2, aigc: 0 },
      measure: async (t) => ({ similarity: overlap(t), aigc: templates(t) / 10 }),
      strategies: offlineStrategies('both'),
    });
    expect(out?.after.aigc).toBe(0);
    expect(out?.after.similarity ?? 1).toBeLessThan(out?.before.similarity ?? 0);
    expect(out?.rounds.some((r) => r.accepted)).toBe(true);
  });
});
