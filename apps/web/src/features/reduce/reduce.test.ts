import { describe, expect, it } from 'vitest';
import { changedShare, diffRuns, side } from './diff.ts';
import { checkTargets, meets, offTarget, percent, recommendedPath, refusalSummary } from './targets.ts';

const join = (runs: { text: string }[]) => runs.map((r) => r.text).join('');

describe('diffRuns', () => {
  it('rebuilds both texts from its runs', () => {
    const pairs: [string, string][] = [
      ['本文研究了深度学习在医学影像中的应用。', '本研究探讨深度学习于医学影像领域的运用。'],
      ['', '新增的一段'],
      ['删掉的一段', ''],
      ['完全相同', '完全相同'],
      ['首先，我们提出方法；其次，验证效果。', '我们先提出方法，再用实验验证效果。'],
      ['含有😀表情的句子', '含有🙂表情的句子'],
    ];
    for (const [a, b] of pairs) {
      const runs = diffRuns(a, b);
      expect(join(side(runs, 'before')), a).toBe(a);
      expect(join(side(runs, 'after')), b).toBe(b);
    }
  });

  it('marks only what changed, replacement as deletion then insertion', () => {
    expect(diffRuns('该方法显著提高了准确率', '该方法明显提升了准确率')).toEqual([
      { kind: 'same', text: '该方法' },
      { kind: 'del', text: '显著提高' },
      { kind: 'ins', text: '明显提升' },
      { kind: 'same', text: '了准确率' },
    ]);
  });

  it('joins two changes around a one-character island into one', () => {
    // 乙 → X and 丁 → Y with only 丙 between them: marked as one change 乙丙丁 → X丙Y
    const runs = diffRuns('甲乙丙丁戊', '甲X丙Y戊');
    expect(runs).toEqual([
      { kind: 'same', text: '甲' },
      { kind: 'del', text: '乙丙丁' },
      { kind: 'ins', text: 'X丙Y' },
      { kind: 'same', text: '戊' },
    ]);
  });

  it('keeps a surrogate pair whole', () => {
    const runs = diffRuns('A😀B', 'A🙂B');
    expect(runs.filter((r) => r.kind !== 'same').map((r) => r.text)).toEqual(['😀', '🙂']);
  });

  it('gives up on a total rewrite without hanging and still rebuilds both texts', () => {
    const a = '天'.repeat(3000);
    const b = '地'.repeat(3000);
    const runs = diffRuns(a, b);
    expect(join(side(runs, 'before'))).toBe(a);
    expect(join(side(runs, 'after'))).toBe(b);
    expect(changedShare(runs)).toBe(1);
  });

  it('measures the changed share of the original', () => {
    expect(changedShare(diffRuns('一二三四', '一二三四'))).toBe(0);
    expect(changedShare(diffRuns('一二三四', '一二X四'))).toBe(0.25);
    expect(changedShare(diffRuns('', 'abc'))).toBe(0);
  });
});

describe('checkTargets', () => {
  const bounds = { min: 5, max: 60 };

  it('keeps the percents of the fields the goal asks for, the others null', () => {
    expect(checkTargets({ goal: 'similarity', similarityPct: 15, aigcPct: 200 }, bounds)).toEqual({
      ok: true,
      targets: { similarity: 15, aigc: null },
    });
    expect(checkTargets({ goal: 'aigc', similarityPct: null, aigcPct: 30 }, bounds)).toEqual({
      ok: true,
      targets: { similarity: null, aigc: 30 },
    });
    expect(checkTargets({ goal: 'both', similarityPct: 7.25, aigcPct: 20 }, bounds)).toEqual({
      ok: true,
      targets: { similarity: 7.3, aigc: 20 },
    });
  });

  it('says which field is missing or out of range', () => {
    expect(checkTargets({ goal: 'both', similarityPct: null, aigcPct: 61 }, bounds)).toEqual({
      ok: false,
      errors: [
        { field: 'similarity', problem: 'missing' },
        { field: 'aigc', problem: 'range' },
      ],
    });
    expect(checkTargets({ goal: 'similarity', similarityPct: 4, aigcPct: null }, bounds).ok).toBe(false);
    expect(checkTargets({ goal: 'similarity', similarityPct: Number.NaN, aigcPct: null }, bounds).ok).toBe(
      false,
    );
    expect(checkTargets({ goal: 'aigc', similarityPct: null, aigcPct: 5 }, bounds).ok).toBe(true);
  });

  it('judges a score against its target, not-measured counting as met', () => {
    expect(meets(15, 15)).toBe(true);
    expect(meets(15.1, 15)).toBe(false);
    expect(meets(null, 15)).toBe(true);
    expect(meets(90, null)).toBe(true);
  });

  it('prints percents with at most one decimal', () => {
    expect(percent(12)).toBe('12%');
    expect(percent(12.34)).toBe('12.3%');
    expect(percent(null)).toBe('—');
  });
});

describe('offTarget', () => {
  const record = (o: Partial<Parameters<typeof offTarget>[0]> = {}) => ({
    targets: { similarity: 15, aigc: null },
    after: { similarity: 10, aigc: 40 },
    targetParagraphs: 2,
    metParagraphs: 2,
    ...o,
  });
  const para = (index: number, met: boolean | null, similarity: number, aigc = 50) => ({
    index,
    met,
    after: { similarity, aigc },
  });

  it('says nothing when nothing was to be rewritten, and all met only when text and paragraphs are', () => {
    expect(offTarget(record({ targetParagraphs: 0, metParagraphs: 0 }), [])).toEqual({ state: 'nothing' });
    // an unasked score over anything does not count against the user's targets
    expect(offTarget(record(), [para(0, true, 12), para(1, true, 3)])).toEqual({ state: 'met' });
  });

  it('names the whole text when it is over, and each paragraph still over with its scores', () => {
    expect(
      offTarget(record({ after: { similarity: 20, aigc: 40 }, metParagraphs: 1 }), [
        para(0, true, 12),
        para(1, false, 31),
      ]),
    ).toEqual({
      state: 'unmet',
      unmet: 1,
      overall: ['similarity'],
      paragraphs: [{ index: 1, metrics: ['similarity'] }],
    });
  });

  it('is not fooled by an overall figure on target while a paragraph is over (a revert moved it)', () => {
    const r = offTarget(record({ metParagraphs: 1 }), [para(0, true, 12), para(3, false, 26)]);
    expect(r).toEqual({
      state: 'unmet',
      unmet: 1,
      overall: [],
      paragraphs: [{ index: 3, metrics: ['similarity'] }],
    });
  });

  it('lists both scores of a paragraph over both targets in the dual mode', () => {
    const dual = record({
      targets: { similarity: 15, aigc: 20 },
      after: { similarity: 10, aigc: 18 },
      metParagraphs: 1,
    });
    expect(offTarget(dual, [para(0, true, 5, 10), para(1, false, 30, 60)])).toMatchObject({
      paragraphs: [{ index: 1, metrics: ['similarity', 'aigc'] }],
    });
  });
});

describe('recommendedPath', () => {
  it('offline for 降AIGC where offered; the model for a 复制比 target when one is configured, else no recommendation', () => {
    expect(recommendedPath('aigc', false)).toBe('offline');
    expect(recommendedPath('aigc', true)).toBe('offline');
    expect(recommendedPath('similarity', true)).toBe('model');
    expect(recommendedPath('both', true)).toBe('model');
    expect(recommendedPath('similarity', false)).toBeNull();
    expect(recommendedPath('both', false)).toBeNull();
  });
  it('never recommends the offline path where it is not offered for the goal', () => {
    expect(recommendedPath('aigc', true, false)).toBe('model');
    expect(recommendedPath('aigc', false, false)).toBeNull();
  });
});

describe('refusalSummary', () => {
  const round = (rejected: string[], accepted = false) => ({
    round: 1,
    strategy: 'rules-similarity',
    strategyLabel: '离线规则',
    scores: null,
    accepted,
    rejected,
  });
  it('counts the refusals by reason, without their figures', () => {
    expect(
      refusalSummary([
        round(['复制比没有降低']),
        round(['AIGC疑似度升高：2.9% → 4.1%']),
        round(['复制比没有降低']),
        round(['数字改变：120 → 210', '否定词减少']),
      ]),
    ).toBe('复制比没有降低 ×2、AIGC疑似度升高、数字改变、否定词减少');
    expect(refusalSummary([round([], true)])).toBe('');
  });
});
