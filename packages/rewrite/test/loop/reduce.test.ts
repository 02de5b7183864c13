import { describe, expect, it, vi } from 'vitest';
import {
  type Attempt,
  goalOf,
  type Measure,
  modelStrategies,
  type ParagraphOutcome,
  reduceParagraphs,
  type Strategy,
} from '../../src/index.ts';

/**
 * A fake checker: 复制比 = share of the characters 甲 in the text, AIGC = share of 乙, so a test writes the scores
 * it wants straight into the candidate text (padded with 丙).
 */
const share = (text: string, ch: string) =>
  [...text].filter((c) => c === ch).length / Math.max(1, text.length);
const fakeMeasure: Measure = async (text) => ({ similarity: share(text, '甲'), aigc: share(text, '乙') });

/** A strategy that offers the given candidates in turn (null when it runs out). */
function scripted(id: string, candidates: Array<string | null>): Strategy & { calls: Attempt[] } {
  const calls: Attempt[] = [];
  return {
    id,
    kind: 'rule',
    calls,
    async rewrite(_original, attempt) {
      calls.push(attempt);
      return candidates[calls.length - 1] ?? null;
    },
  };
}

// 10 characters each: scores are tenths
const P_HIGH = '甲甲甲甲甲甲甲甲丙丙'; // similarity 0.8
const P_MID = '甲甲甲甲丙丙丙丙丙丙'; // 0.4
const P_LOW = '甲丙丙丙丙丙丙丙丙丙'; // 0.1

describe('goalOf', () => {
  it('derives the goal from the targets and refuses none', () => {
    expect(goalOf({ similarity: 0.3 })).toBe('similarity');
    expect(goalOf({ aigc: 0.4 })).toBe('aigc');
    expect(goalOf({ similarity: 0.3, aigc: 0.4 })).toBe('both');
    expect(() => goalOf({})).toThrow();
  });
});

describe('reduceParagraphs', () => {
  it('leaves a paragraph that already meets the targets as is, with 0 rounds', async () => {
    const s = scripted('s', [P_LOW]);
    const [out] = await reduceParagraphs([P_LOW], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [s],
    });
    expect(out).toMatchObject({ text: P_LOW, rounds: [], met: true, strategy: null });
    expect(s.calls).toHaveLength(0);
  });

  it('hands each round the hints measured on the best text so far, and stores no hints in the outcome', async () => {
    const hintOf = (text: string) => [{ kind: 'stockPhrases' as const, examples: [text] }];
    const s = scripted('s', [P_MID, '甲甲甲甲甲甲甲甲甲丙', P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05 },
      measure: async (text) => ({
        ...(await fakeMeasure(text, { index: 0, original: P_HIGH })),
        aigcHints: hintOf(text),
      }),
      strategies: [s],
      maxRounds: 3,
    });
    // round 1 sees the input's hints, rounds 2 and 3 those of P_MID (round 2's candidate was worse, not kept)
    expect(s.calls.map((a) => a.hints[0]?.examples[0])).toEqual([P_HIGH, P_MID, P_MID]);
    expect(s.calls.map((a) => a.current)).toEqual([P_HIGH, P_MID, P_MID]);
    expect(Object.keys(out?.before ?? {}).sort()).toEqual(['aigc', 'similarity']);
    expect(Object.keys(out?.after ?? {}).sort()).toEqual(['aigc', 'similarity']);
    expect(out?.rounds.every((r) => r.scores === null || !('aigcHints' in r.scores))).toBe(true);
  });

  it('stops early once the targets are met and records before/after', async () => {
    const s = scripted('s', [P_MID, P_LOW, P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [s],
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([true, true]);
    expect(out).toMatchObject({ text: P_LOW, met: true, strategy: 's' });
    expect(out?.before.similarity).toBeCloseTo(0.8);
    expect(out?.after.similarity).toBeCloseTo(0.1);
    // round 2 rewrites the best text so far
    expect(s.calls[1]?.current).toBe(P_MID);
    expect(s.calls[1]?.scores.similarity).toBeCloseTo(0.4);
  });

  it('never keeps a candidate worse on an asked score, even when it improves the other (dual target)', async () => {
    // similarity 0.8 → 0.1 but aigc 0 → 0.3
    const s = scripted('s', ['甲乙乙乙丙丙丙丙丙丙']);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3, aigc: 0.2 },
      measure: fakeMeasure,
      strategies: [s],
      maxRounds: 1,
    });
    expect(out?.text).toBe(P_HIGH);
    expect(out?.met).toBe(false);
    expect(out?.rounds[0]).toMatchObject({ accepted: false });
    expect(out?.rounds[0]?.rejected?.join()).toContain('AIGC疑似度变差');
  });

  it('never raises a measured score that was not asked for (降重 must not raise the AI score)', async () => {
    const s = scripted('s', ['甲乙丙丙丙丙丙丙丙丙', P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [s],
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([false, true]);
    expect(out?.text).toBe(P_LOW);
  });

  it('lets a measured, unasked score rise by at most one point over the input (noise, not a raise)', async () => {
    const aigcOf: Record<string, number> = { [P_HIGH]: 0.001, [P_MID]: 0.006, [P_LOW]: 0.02 };
    const s = scripted('s', [P_MID, P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05 },
      measure: async (text) => ({ similarity: share(text, '甲'), aigc: aigcOf[text] ?? 1 }),
      strategies: [s],
      maxRounds: 2,
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([true, false]);
    expect(out?.rounds[1]?.rejected).toEqual(['AIGC疑似度升高：0.1% → 2.0%']);
    expect(out?.text).toBe(P_MID);
  });

  it("under the measure's 疑似 band an unasked score may rise; crossing into it or rising within it by > 1 point may not", async () => {
    const P_UNDER = '甲甲甲丙丙丙丙丙丙丙'; // 0.3
    const P_INTO = '甲甲丙丙丙丙丙丙丙丙'; // 0.2
    const aigcOf: Record<string, number> = { [P_HIGH]: 0.02, [P_MID]: 0.3, [P_UNDER]: 0.5, [P_INTO]: 0.45 };
    const s = scripted('s', [P_MID, P_UNDER, P_INTO, P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05 },
      measure: async (text) => ({
        similarity: share(text, '甲'),
        aigc: aigcOf[text] ?? 0.6,
        aigcSuspect: 0.49,
      }),
      strategies: [s],
      maxRounds: 4,
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([true, false, true, false]);
    expect(out?.rounds[1]?.rejected).toEqual(['AIGC疑似度升高：2.0% → 50.0%']);
    expect(out?.rounds[3]?.rejected).toEqual(['AIGC疑似度升高：2.0% → 60.0%']);
    expect(out?.text).toBe(P_INTO);

    // an input already in the band: one point of noise, no more
    const inBand: Record<string, number> = { [P_HIGH]: 0.6, [P_MID]: 0.605, [P_LOW]: 0.65 };
    const t = scripted('t', [P_MID, P_LOW]);
    const [again] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05 },
      measure: async (text) => ({
        similarity: share(text, '甲'),
        aigc: inBand[text] ?? 1,
        aigcSuspect: 0.49,
      }),
      strategies: [t],
      maxRounds: 2,
    });
    expect(again?.rounds.map((r) => r.accepted)).toEqual([true, false]);
    expect(again?.text).toBe(P_MID);
  });

  it('in dual mode an asked score that still meets its target may move by noise (≤ 1 point) while the other falls', async () => {
    const aigcOf: Record<string, number> = { [P_HIGH]: 0.001, [P_MID]: 0.008, [P_LOW]: 0.05 };
    const s = scripted('s', [P_MID, P_LOW]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05, aigc: 0.3 },
      measure: async (text) => ({ similarity: share(text, '甲'), aigc: aigcOf[text] ?? 1 }),
      strategies: [s],
      maxRounds: 2,
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([true, false]);
    expect(out?.rounds[1]?.rejected).toEqual(['AIGC疑似度变差：0.8% → 5.0%']);
  });

  it('rejects a candidate that is no better, and one already tried', async () => {
    const s = scripted('s', [P_HIGH.split('').reverse().join(''), P_MID, P_MID]);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [s],
      maxRounds: 3,
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([false, true, false]);
    expect(out?.rounds[0]?.rejected).toEqual(['复制比没有降低']);
    expect(out?.rounds[2]?.rejected).toEqual(['与已试过的文本相同']);
    expect(out?.rounds[2]?.scores).toBeNull();
  });

  it('keeps a 降重 candidate that ties on the measured 复制比 but leaves fewer 13-character runs of the original', async () => {
    const original = '天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳';
    const at = (text: string, i: number, ch: string) => text.slice(0, i) + ch + text.slice(i + 1);
    const one = at(original, 15, '甲'); // two runs of 15 and 16 are left: 31 of 32 characters
    const two = at(one, 9, '乙'); // the first run is cut under 13: 16 of 32
    const flat: Measure = async () => ({ similarity: 0.8, aigc: 0.5 });
    const run = (targets: { similarity?: number; aigc?: number }) =>
      reduceParagraphs([original], {
        targets,
        measure: flat,
        strategies: [scripted('s', [one, two, one])],
        maxRounds: 3,
      });
    const [similarity] = await run({ similarity: 0.3 });
    expect(similarity?.rounds.map((r) => r.accepted)).toEqual([true, true, false]);
    expect(similarity?.text).toBe(two);
    // a 降AIGC has no use for broken runs: the same candidates are no better
    const [aigc] = await run({ aigc: 0.3 });
    expect(aigc?.rounds.map((r) => r.accepted)).toEqual([false, false, false]);
    expect(aigc?.text).toBe(original);
  });

  it('trades up to one point of 复制比 for clearly fewer 13-character runs, never more and never twice', async () => {
    const original = '天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳';
    const at = (text: string, i: number, ch: string) => text.slice(0, i) + ch + text.slice(i + 1);
    const one = at(original, 15, '甲'); // 31 of 32 characters in runs of 13
    const two = at(one, 9, '乙'); // 16 of 32
    const three = at(two, 24, '丁'); // 0 of 32
    const scores = new Map([
      [original, 0.9],
      [one, 0.8],
      [two, 0.805], // half a point over the best: a trade
      [three, 0.812], // within a point of the best, but 1.2 points over the lowest kept (0.8): refused
    ]);
    const measure: Measure = async (text) => ({ similarity: scores.get(text) ?? 1, aigc: null });
    const [out] = await reduceParagraphs([original], {
      targets: { similarity: 0.3 },
      measure,
      strategies: [scripted('s', [one, two, three])],
      maxRounds: 3,
    });
    expect(out?.rounds.map((r) => r.accepted)).toEqual([true, true, false]);
    expect(out?.text).toBe(two);
    expect(out?.rounds[2]?.rejected).toEqual(['复制比变差：80.5% → 81.2%']);
    // a rise of more than a point is refused even with far fewer runs
    scores.set(two, 0.815);
    const [strict] = await reduceParagraphs([original], {
      targets: { similarity: 0.3 },
      measure,
      strategies: [scripted('s', [one, two])],
      maxRounds: 2,
    });
    expect(strict?.rounds.map((r) => r.accepted)).toEqual([true, false]);
  });

  it('makes no trade that takes the 复制比 above the input', async () => {
    const original = '天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳';
    const one = `${original.slice(0, 15)}甲${original.slice(16)}`;
    const scores = new Map([
      [original, 0.6],
      [one, 0.605], // far fewer runs, but half a point over the input
    ]);
    const measure: Measure = async (text) => ({ similarity: scores.get(text) ?? 1, aigc: null });
    const [out] = await reduceParagraphs([original], {
      targets: { similarity: 0.3 },
      measure,
      strategies: [scripted('s', [one])],
      maxRounds: 1,
    });
    expect(out?.text).toBe(original);
    expect(out?.rounds[0]?.rejected).toEqual(['复制比变差：60.0% → 60.5%']);
  });

  it('makes no trade that loses a met 复制比 target', async () => {
    const original = '天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳';
    const one = `${original.slice(0, 15)}甲${original.slice(16)}`;
    const two = `${one.slice(0, 9)}乙${one.slice(10)}`;
    const scores = new Map([
      [original, 0.9],
      [one, 0.3],
      [two, 0.305],
    ]);
    // dual target: the AI score stays unmet, so the loop goes on after the 复制比 is met
    const measure: Measure = async (text) => ({ similarity: scores.get(text) ?? 1, aigc: 0.5 });
    const [out] = await reduceParagraphs([original], {
      targets: { similarity: 0.3, aigc: 0.1 },
      measure,
      strategies: [scripted('s', [one, two])],
      maxRounds: 2,
    });
    expect(out?.text).toBe(one);
    expect(out?.rounds[1]?.rejected).toEqual(['复制比变差：30.0% → 30.5%']);
  });

  it('uses at most maxRounds, cycling through the strategies in order', async () => {
    const a = scripted('a', ['甲甲甲甲甲甲甲丙丙丙', '甲甲甲甲甲丙丙丙丙丙']);
    const b = scripted('b', ['甲甲甲甲甲甲丙丙丙丙', '甲甲甲甲丙丙丙丙丙丙']);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.05 },
      measure: fakeMeasure,
      strategies: [a, b],
      maxRounds: 3,
    });
    expect(out?.rounds.map((r) => r.strategy)).toEqual(['a', 'b', 'a']);
    expect(out).toMatchObject({ text: '甲甲甲甲甲丙丙丙丙丙', strategy: 'a', met: false });
  });

  it('stops when every strategy has nothing to offer', async () => {
    const s = scripted('s', []);
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [s],
      maxRounds: 4,
    });
    expect(out?.rounds).toHaveLength(1);
    expect(out?.rounds[0]?.rejected).toEqual(['没有可用的改写']);
  });

  it('rejects a candidate that fails the meaning guard without measuring it', async () => {
    const original = '该药物不能降低血压，治疗12周后甲甲甲甲。';
    const measure = vi.fn(fakeMeasure);
    const s = scripted('s', ['该药物能降低血压，治疗12周后甲甲甲。']);
    const [out] = await reduceParagraphs([original], {
      targets: { similarity: 0.01 },
      measure,
      strategies: [s],
      maxRounds: 1,
    });
    expect(measure).toHaveBeenCalledTimes(1); // the original only
    expect(out?.text).toBe(original);
    expect(out?.rounds[0]?.rejected?.some((r) => r.startsWith('否定词减少'))).toBe(true);
  });

  it('logs a strategy that throws and goes on with the next one', async () => {
    const broken: Strategy = {
      id: 'broken',
      kind: 'model',
      rewrite: async () => {
        throw new Error('model down');
      },
    };
    const [out] = await reduceParagraphs([P_HIGH], {
      targets: { similarity: 0.3 },
      measure: fakeMeasure,
      strategies: [broken, scripted('s', [P_LOW])],
    });
    expect(out?.rounds[0]).toMatchObject({
      strategy: 'broken',
      accepted: false,
      rejected: ['改写失败：model down'],
    });
    expect(out).toMatchObject({ text: P_LOW, strategy: 's', met: true });
  });

  it('passes excluded paragraphs through and resumes from stored outcomes without recomputing them', async () => {
    const measure = vi.fn(fakeMeasure);
    const stored: ParagraphOutcome = {
      index: 0,
      original: P_HIGH,
      text: P_LOW,
      before: { similarity: 0.8, aigc: 0 },
      after: { similarity: 0.1, aigc: 0 },
      rounds: [{ round: 1, strategy: 's', scores: { similarity: 0.1, aigc: 0 }, accepted: true }],
      strategy: 's',
      met: true,
    };
    const progress: Array<[number, number, number]> = [];
    const out = await reduceParagraphs([P_HIGH, '一、引言', P_MID], {
      targets: { similarity: 0.3 },
      measure,
      strategies: [scripted('s', [P_LOW])],
      include: (_i, text) => text.length >= 10,
      done: new Map([[0, stored]]),
      onParagraph: (o, done, total) => {
        progress.push([o.index, done, total]);
      },
    });
    expect(out[0]).toBe(stored);
    expect(out[1]).toMatchObject({ text: '一、引言', skipped: true, rounds: [] });
    expect(out[2]).toMatchObject({ text: P_LOW, met: true });
    expect(progress).toEqual([
      [1, 2, 3],
      [2, 3, 3],
    ]);
    expect(measure.mock.calls.map((c) => c[0])).toEqual([P_MID, P_LOW]);
  });

  it('throws on abort and measures nothing more', async () => {
    const controller = new AbortController();
    const measure = vi.fn(fakeMeasure);
    const s: Strategy = {
      id: 's',
      kind: 'rule',
      rewrite: async () => {
        controller.abort(new Error('cancelled'));
        return P_LOW;
      },
    };
    await expect(
      reduceParagraphs([P_HIGH, P_HIGH], {
        targets: { similarity: 0.3 },
        measure,
        strategies: [s],
        signal: controller.signal,
      }),
    ).rejects.toThrow('cancelled');
    expect(measure).toHaveBeenCalledTimes(1);
  });
});

describe('modelStrategies', () => {
  const original = '本研究共纳入120例患者，结果显示该疗法不能显著降低血压[3]。';

  it('sends the goal prompt with the figures and cleans the answer', async () => {
    const complete = vi.fn(
      async () => '改写：“本研究一共纳入120例患者，结果表明该疗法不能明显降低血压[3]。”',
    );
    const [strategy] = modelStrategies('both', complete);
    const answer = await strategy?.rewrite(original, {
      round: 1,
      goal: 'both',
      targets: { similarity: 0.3, aigc: 0.4 },
      current: original,
      scores: { similarity: 0.9, aigc: 0.7 },
      hints: [
        { kind: 'connectives', examples: ['首先', '此外'] },
        { kind: 'uniformSentences', examples: [] },
      ],
      seed: 1,
    });
    expect(strategy?.id).toBe('model-both');
    expect(answer).toBe('本研究一共纳入120例患者，结果表明该疗法不能明显降低血压[3]。');
    const [messages, maxTokens] = complete.mock.calls[0] as unknown as [Array<{ content: string }>, number];
    expect(messages[0]?.content).toContain('当前复制比90%，目标 ≤ 30%');
    // what the detector saw is named, so the model changes that
    expect(messages[0]?.content).toContain('模板化连接词（首先、此外）偏多');
    expect(messages[0]?.content).toContain('句子长度过于均匀');
    expect(messages[1]?.content).toContain('120例');
    expect(messages[1]?.content).toContain('[3]');
    expect(maxTokens).toBeGreaterThan(original.length);
  });

  it('a model answer that changes a number or drops a negation is rejected with the reasons in the round log', async () => {
    const complete = async () => '本研究共纳入210例患者，结果显示该疗法能显著降低血压[3]。';
    const [out] = await reduceParagraphs([original], {
      targets: { similarity: 0.01 },
      measure: async () => ({ similarity: 0.9, aigc: null }),
      strategies: modelStrategies('similarity', complete),
      maxRounds: 1,
    });
    const reasons = out?.rounds[0]?.rejected ?? [];
    expect(out?.text).toBe(original);
    expect(reasons.some((r) => r.includes('120'))).toBe(true);
    expect(reasons.some((r) => r.startsWith('否定词减少'))).toBe(true);
  });
});
