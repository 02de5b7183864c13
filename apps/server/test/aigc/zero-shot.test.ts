import { fastDetectCriterion, loadDetector } from '@paperdesk/aigc';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createModelGateway, type LlmCallRecord } from '../../src/integrations/llm/index.ts';
import { detectDocument } from '../../src/services/aigc/report.ts';
import { zeroShotSource } from '../../src/services/aigc/zero-shot.ts';
import { type FakeLogprobs, startFakeOpenAi } from '../fakes/openai-server.ts';
import { paragraph } from '../check/support.ts';
import { testConfig } from '../support/databases.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const calls: LlmCallRecord[] = [];
const llm = createModelGateway({
  config: testConfig({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '2000' }),
  accounting: {
    modelFor: async (_f, model) => model,
    record: async (c) => calls.push(c),
  },
});
const switchedOn = { get: async () => 1 } as never;

/** Every character one token; the observed token is the model's top choice (machine-like) or a rare one. */
const scripted =
  (observed: 'top' | 'rare') =>
  (prompt: string): FakeLogprobs => {
    const tokens = [...prompt];
    const top = [0.6, 0.2, 0.1, 0.05, 0.05].map(Math.log);
    return {
      tokens,
      logprobs: tokens.map(() => (observed === 'top' ? top[0]! : Math.log(0.005))),
      top: tokens.map(() => top),
    };
  };

describe('zero-shot AIGC score through the model layer (fake OpenAI server, scripted log-probabilities)', () => {
  const detector = loadDetector();
  const blocks = [0, 1, 2].map((i) => ({ kind: 'paragraph' as const, text: paragraph(900 + i, 5) }));
  beforeEach(() => {
    fake.reset();
    calls.length = 0;
  });

  it('reads echoed prompt log-probabilities and records the call', async () => {
    const text = '本文提出了一种新的方法。'.repeat(3);
    fake.logprobs(scripted('top'));
    const tokens = await llm.promptLogprobs({ feature: 'aigc', text });
    expect(tokens).toHaveLength(35); // the first token has no log-probability
    expect(tokens![0]!.top).toHaveLength(5);
    expect(fake.completionPrompts).toEqual([text]);
    expect(calls).toMatchObject([{ feature: 'aigc', status: 'ok', usage: { promptTokens: 36 } }]);
    fake.logprobs(scripted('rare'));
    const rare = await llm.promptLogprobs({ feature: 'aigc', text });
    // top choice every time: above the expected log-probability; a rare token every time: far below
    expect(fastDetectCriterion(tokens!)!.criterion).toBeGreaterThan(1);
    expect(fastDetectCriterion(rare!)!.criterion).toBeLessThan(-5);
    expect(fastDetectCriterion(tokens!.slice(0, 10))).toBeNull(); // too few tokens to judge
  });

  it('moves window probabilities towards the criterion, and falls back to the offline model without one', async () => {
    const source = await zeroShotSource({ llm: () => llm, sysConfig: switchedOn });
    expect(source).toBeDefined();
    const offline = await detectDocument(detector, { blocks });
    expect(offline.model.zeroShot).toBeNull();

    fake.logprobs(scripted('top'));
    const machine = await detectDocument(detector, { blocks }, { zeroShot: source! });
    fake.logprobs(scripted('rare'));
    const human = await detectDocument(detector, { blocks }, { zeroShot: source! });
    const windows = detector.windowTexts(blocks.map((b) => b.text)).length;
    expect(machine.model.zeroShot).toEqual({ windows, of: windows });
    expect(machine.metrics.probability).toBeGreaterThan(offline.metrics.probability);
    expect(human.metrics.probability).toBeLessThan(offline.metrics.probability);

    // a chat-only provider (404 on /completions): every window stays with the offline model
    fake.logprobs(null);
    const fallback = await detectDocument(detector, { blocks }, { zeroShot: source! });
    expect(fallback.model.zeroShot).toEqual({ windows: 0, of: windows });
    expect(fallback.metrics).toEqual(offline.metrics);
    expect(calls.filter((c) => c.status === 'error')).toHaveLength(windows);
  });

  it('is off unless switched on', async () => {
    expect(
      await zeroShotSource({ llm: () => llm, sysConfig: { get: async () => 0 } as never }),
    ).toBeUndefined();
  });
});
