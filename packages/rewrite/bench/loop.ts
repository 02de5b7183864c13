/**
 * The rewrite loop measured end to end: offline strategies (and the model's when LLM_BASE_URL is set) on held-out
 * copied CSL abstracts and held-out AI-written academic texts, with our own 查重 (普通版 = exact stage only,
 * 专业版 = with the paraphrase-tolerant sentence stage, as apps/server/src/compute/check-engine.ts runs them)
 * and our own AIGC detector, whose 疑似 threshold is read from the loaded model.
 */
import { type AigcDetector, visibleLength } from '@paperdesk/aigc';
import { flaggedByJudge } from '@paperdesk/judges';
import { checkText, type PlagiarismIndex } from '@paperdesk/plagiarism';
import fs from 'node:fs';
import {
  type ChatMessage,
  type MeasuredRate,
  SUCCESS_RATES_FILE,
  type SuccessRateFile,
  checkRewriteOutput,
  type Goal,
  goalOf,
  type Measure,
  meaningGuard,
  modelStrategies,
  offlineStrategies,
  type ParagraphOutcome,
  reduceParagraphs,
  type Strategy,
  type Targets,
} from '../src/index.ts';
import type { BenchText } from './heldout.ts';
import type { Judges } from './judges.ts';

export interface Checker {
  index: PlagiarismIndex;
  detector: AigcDetector;
  /** Held-out judges: they score the results, the loop never sees them. */
  judges: Judges;
}

/** The loaded model's 疑似 threshold for a text of this length (its length class), which the loop aims below. */
export function suspectThreshold(checker: Checker, text: string): number {
  return checker.detector.suspectThreshold(visibleLength(text));
}

export interface Scored {
  standard: number;
  professional: number;
  /** The held-out 知网-style 13-character continuous-match 复制比. */
  copy13: number;
  aigc: number;
  /** The held-out AI judge flags it (score at or above its 5 %-FPR threshold). */
  judgeFlag: boolean;
}

/** Every figure of one paragraph, ours and the judges'; `exclude` hides library documents. */
export function scoreText(checker: Checker, text: string, exclude: readonly string[]): Scored {
  const excludeDocIds = [...exclude];
  const { ai, copy13 } = checker.judges;
  return {
    standard: checkText(text, checker.index, { paraphrase: false, excludeDocIds }).ratios.total,
    professional: checkText(text, checker.index, { paraphrase: true, excludeDocIds }).ratios.total,
    copy13: copy13.copyRatio(text, excludeDocIds),
    aigc: checker.detector.detect(text).probability,
    judgeFlag: flaggedByJudge(ai, text),
  };
}

export interface Scenario {
  goal: Goal;
  set: string;
  texts: BenchText[];
  /** Per text: the 疑似 threshold depends on the text's length class. */
  targets: (text: string) => Targets;
  /** Library ids a text must not be matched against (an AI text that is not meant to be copied). */
  exclude: (t: BenchText) => string[];
  mode: 'offline' | 'model';
  /** The loop's 复制比: 普通版 for the offline targets, 专业版 as the server measures. */
  similarityEdition: 'standard' | 'professional';
}

export interface RunRow {
  scenario: Scenario;
  /** The AIGC target of each text (its 疑似 threshold), when the goal asks for one. */
  aigcTargets: Array<number | undefined>;
  /** Each text's 疑似 threshold, asked or not: a 降重 row shows that no paragraph was pushed into the band. */
  suspects: number[];
  before: Scored[];
  after: Scored[];
  outcomes: ParagraphOutcome[];
  seconds: number;
}

/** The model through an OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export function envComplete(): ((messages: ChatMessage[], maxTokens: number) => Promise<string>) | null {
  const base = process.env.LLM_BASE_URL;
  if (!base) return null;
  return async (messages, maxTokens) => {
    const res = await fetch(`${base.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(process.env.LLM_API_KEY ? { authorization: `Bearer ${process.env.LLM_API_KEY}` } : {}),
      },
      body: JSON.stringify({ model: process.env.LLM_MODEL ?? '', messages, max_tokens: maxTokens }),
    });
    if (!res.ok) throw new Error(`model HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
    return body.choices?.[0]?.message?.content ?? '';
  };
}

export async function runScenario(checker: Checker, scenario: Scenario, maxRounds: number): Promise<RunRow> {
  const first = scenario.texts[0];
  const goal = goalOf(scenario.targets(first?.text ?? ''));
  const byText = new Map(scenario.texts.map((t) => [t.text, t]));
  const excludeOf = (original: string) => {
    const t = byText.get(original);
    return t ? scenario.exclude(t) : [];
  };
  const measure: Measure = async (text, { original }) => {
    const excludeDocIds = excludeOf(original);
    const similarity = checkText(text, checker.index, {
      paraphrase: scenario.similarityEdition === 'professional',
      excludeDocIds,
    }).ratios.total;
    // as the server does: the detector's reasons travel with the score, for the next round's 降AIGC strategy
    const r = checker.detector.detect(text, { explain: true });
    return {
      similarity,
      aigc: r.probability,
      aigcHints: r.paragraphs.flatMap((p) => p.reasons ?? []),
      // the score is the detector's probability: its report counts the text from the length class's 疑似 threshold
      aigcSuspect: suspectThreshold(checker, text),
    };
  };
  let strategies: Strategy[];
  if (scenario.mode === 'model') {
    const complete = envComplete();
    if (!complete) throw new Error('model scenario without LLM_BASE_URL');
    strategies = modelStrategies(goal, complete);
  } else strategies = offlineStrategies(goal);
  const t0 = performance.now();
  const outcomes: ParagraphOutcome[] = [];
  // one loop per paragraph: each has its own target (the 疑似 threshold of its length class)
  for (const t of scenario.texts) {
    const [outcome] = await reduceParagraphs([t.text], {
      targets: scenario.targets(t.text),
      measure,
      strategies,
      maxRounds,
      seed: 7 + outcomes.length,
    });
    if (outcome) outcomes.push(outcome);
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    scenario,
    aigcTargets: scenario.texts.map((t) => scenario.targets(t.text).aigc),
    suspects: scenario.texts.map((t) => suspectThreshold(checker, t.text)),
    before: scenario.texts.map((t) => scoreText(checker, t.text, scenario.exclude(t))),
    after: outcomes.map((o, i) => {
      const t = scenario.texts[i];
      return scoreText(checker, o.text, t ? scenario.exclude(t) : []);
    }),
    outcomes,
    seconds,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const share = (xs: readonly boolean[]) => mean(xs.map((x) => (x ? 1 : 0)));

export const TABLE_HEADER = [
  '| goal | mode | set | n | 普通版 before → after | 专业版 before → after | 13-char 复制比 (judge) before → after | 复制比 ≤ target: 普通版 / 专业版 / 13-char | AIGC (ours) before → after | ours < 疑似 before → after | judge flags before → after | all targets met (ours) | charged /100 paragraphs | protected kept | guard ok | length ratio | rounds | chars/s |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

/**
 * Paragraphs billed under the pay-for-results rule: changed by the loop and meeting every asked target on the
 * loop's own measure (a paragraph already meeting them, or left as it was, is not billed).
 */
export const billed = (o: ParagraphOutcome) => o.met && o.rounds.length > 0 && o.text !== o.original;

/** One table row; a share column reads '—' when the goal does not ask for that target. */
export function tableRow(row: RunRow): string {
  const { scenario, before, after, outcomes, suspects } = row;
  const simTarget = scenario.targets(outcomes[0]?.original ?? '').similarity;
  const simMet =
    simTarget === undefined
      ? '—'
      : (['standard', 'professional', 'copy13'] as const)
          .map((k) => pct(share(after.map((s) => s[k] <= simTarget))))
          .join(' / ');
  const below = (scores: Scored[]) =>
    pct(share(scores.map((s, i) => s.aigc < (suspects[i] ?? Number.POSITIVE_INFINITY))));
  const aigcMet = `${below(before)} → ${below(after)}`;
  const flags = (scores: Scored[]) => pct(share(scores.map((s) => s.judgeFlag)));
  const kept = share(outcomes.map((o) => checkRewriteOutput(o.original, o.text).ok));
  const guard = share(outcomes.map((o) => meaningGuard(o.original, o.text).ok));
  const lengthRatio = mean(outcomes.map((o) => o.text.length / o.original.length));
  const rounds = mean(outcomes.map((o) => o.rounds.length));
  const chars = outcomes.reduce((n, o) => n + o.original.length, 0);
  const charged = (100 * outcomes.filter(billed).length) / Math.max(1, outcomes.length);
  const b = (k: 'standard' | 'professional' | 'copy13' | 'aigc') => pct(mean(before.map((s) => s[k])));
  const a = (k: 'standard' | 'professional' | 'copy13' | 'aigc') => pct(mean(after.map((s) => s[k])));
  return `| ${scenario.goal} | ${scenario.mode} | ${scenario.set} | ${outcomes.length} | ${b('standard')} → ${a('standard')} | ${b('professional')} → ${a('professional')} | ${b('copy13')} → ${a('copy13')} | ${simMet} | ${b('aigc')} → ${a('aigc')} | ${aigcMet} | ${flags(before)} → ${flags(after)} | ${pct(share(outcomes.map((o) => o.met)))} | ${charged.toFixed(0)} | ${pct(kept)} | ${pct(guard)} | ${lengthRatio.toFixed(3)} | ${rounds.toFixed(2)} | ${Math.round(chars / Math.max(1e-9, row.seconds)).toLocaleString('en-US')} |`;
}

/** `count` before/after pairs spread over the run, with their figures and the loop's path. */
export function samples(row: RunRow, count: number): string {
  const { outcomes, before, after } = row;
  const step = Math.max(1, Math.floor(outcomes.length / count));
  const lines: string[] = [];
  for (let i = 0, k = 1; i < outcomes.length && k <= count; i += step, k++) {
    const o = outcomes[i];
    const b = before[i];
    const a = after[i];
    if (!o || !b || !a) continue;
    const path =
      o.rounds
        .map((r) => `${r.strategy}${r.accepted ? '✓' : `✗（${(r.rejected ?? []).join('；').slice(0, 40)}）`}`)
        .join(' ') || '(0 rounds)';
    lines.push(
      `\n${k}. 普通版 ${pct(b.standard)} → ${pct(a.standard)}，专业版 ${pct(b.professional)} → ${pct(a.professional)}，13字 ${pct(b.copy13)} → ${pct(a.copy13)}，AIGC ${pct(b.aigc)} → ${pct(a.aigc)}，judge ${b.judgeFlag ? 'AI' : '—'} → ${a.judgeFlag ? 'AI' : '—'}；${path}`,
      `原文：${o.original}`,
      `改写：${o.text === o.original ? '（未改动）' : o.text}`,
    );
  }
  return lines.join('\n');
}

/**
 * data/success-rates.json: per goal and path, the share of held-out paragraphs whose every target was met on the
 * loop's own measure (the rows of one goal pooled), for the confirm page.
 */
export function writeSuccessRates(rows: readonly RunRow[], command: string, detectorVersion: string): void {
  const rates: MeasuredRate[] = [];
  for (const goal of ['similarity', 'aigc', 'both'] as const)
    for (const path of ['offline', 'model'] as const) {
      const mine = rows.filter((r) => r.scenario.goal === goal && r.scenario.mode === path);
      const outcomes = mine.flatMap((r) => r.outcomes);
      if (outcomes.length === 0) continue;
      const edition = path === 'offline' ? '普通版' : '专业版';
      const targets = [
        goal !== 'aigc' ? `复制比 ≤ 30 %（${edition}）` : '',
        goal !== 'similarity' ? `AIGC 低于疑似阈值（检测模型 ${detectorVersion}）` : '',
      ]
        .filter(Boolean)
        .join('，');
      rates.push({
        goal,
        path,
        rate: Math.round(share(outcomes.map((o) => o.met)) * 1000) / 1000,
        n: outcomes.length,
        measured: `${outcomes.length} 段留出文本（${mine.map((r) => r.scenario.set).join('、')}），目标：${targets}`,
      });
    }
  const file: SuccessRateFile = { writtenAt: new Date().toISOString().slice(0, 10), command, rates };
  fs.writeFileSync(SUCCESS_RATES_FILE, `${JSON.stringify(file, null, 2)}\n`);
}
