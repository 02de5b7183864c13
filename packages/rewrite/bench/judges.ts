/**
 * The held-out judges of the rewrite bench (packages/judges), built at bench time from ../shared/data; no weights
 * are committed and nothing is copied into the repo.
 *
 * Splits, so that the judge shares no training text with the product detector (as retrained on branch h/aigc too:
 * it reads human_thesis_zh, thesis-body2 and polish3 in its train part) nor with the bench's sets:
 * - only groups the product detector holds out (splitOf(group) === 'test', with its group ids: paper title,
 *   ai:<id>, thesis:<repo>) are used at all;
 * - the judge hash (judgeUnit, salted, independent of the product's hash) halves them: the judge trains on one half
 *   (AI academic texts, human CSL abstracts, HC3 human/ChatGPT answer pairs, human thesis paragraphs of those
 *   theses), the bench measures on the other;
 * - the threshold is set at 5 % false positives on the human thesis paragraphs of the bench half's theses (split
 *   by `repo`, never by paragraph), which the judge never saw.
 * The price of strict disjointness is a small training set (printed with the table).
 */
import fs from 'node:fs';
import path from 'node:path';
import { splitOf } from '@paperdesk/aigc';
import {
  calibrateAtFpr,
  ContinuousMatchIndex,
  flaggedByJudge,
  judgeUnit,
  type LabelledText,
  type NgramJudge,
  trainNgramJudge,
} from '@paperdesk/judges';
import { DATA_DIR } from './data.ts';
import { aiTexts, type BenchText, cslAbstracts } from './heldout.ts';

export const JUDGE_FPR = 0.05;
const thesisGroup = (repo: string) => `thesis:${repo}`;
/** polish3-thesis ids: AI-polished human thesis paragraphs. */
const THESIS_POLISH = /^p3-/;

/** A bench text's side: the judge trains on 'judge', the bench measures on 'bench'. */
export const sideOf = (group: string): 'judge' | 'bench' => (judgeUnit(group) < 0.5 ? 'judge' : 'bench');

interface ThesisParagraph {
  id: string;
  text: string;
  repo: string;
}

function humanThesis(): ThesisParagraph[] {
  return fs
    .readFileSync(path.join(DATA_DIR, 'human_thesis_zh', 'thesis-body.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as ThesisParagraph)
    .filter((p) => p.text.length >= 80);
}

function hc3TestPairs(): LabelledText[] {
  const file = path.join(DATA_DIR, 'hc3_chinese_subset_cudrt', 'hc3zh_tail_val.json');
  if (!fs.existsSync(file)) return [];
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{
    ID: number;
    human_text?: string;
    AI_text?: string;
    label: 0 | 1;
  }>;
  return rows
    .map((r) => ({
      group: `hc3:${Math.floor(r.ID / 2)}`,
      text: (r.human_text ?? r.AI_text ?? '').replace(/\\n/g, '\n'),
      label: r.label,
    }))
    .filter((r) => r.text.length >= 40 && splitOf(r.group) === 'test' && sideOf(r.group) === 'judge')
    .map(({ text, label }) => ({ text, label }));
}

export interface Judges {
  ai: NgramJudge;
  copy13: ContinuousMatchIndex;
  /** What it was trained and thresholded on, and its false-positive rate on the held-out human thesis paragraphs. */
  summary: string;
}

export function buildJudges(library: ReadonlyArray<{ id: string; text: string }>): Judges {
  const t0 = performance.now();
  // only the theses the product detector holds out (packages/aigc groups them as thesis:<repo>)
  const thesis = humanThesis().filter((p) => splitOf(thesisGroup(p.repo)) === 'test');
  const repoOf = new Map(thesis.map((p) => [p.id, p.repo]));
  const trainThesis = thesis.filter((p) => sideOf(thesisGroup(p.repo)) === 'judge');
  const thresholdThesis = thesis.filter((p) => sideOf(thesisGroup(p.repo)) === 'bench');
  const polishOfTrainThesis = (id: string) => {
    const repo = repoOf.get(id.replace(THESIS_POLISH, ''));
    return repo !== undefined && sideOf(thesisGroup(repo)) === 'judge';
  };
  // polish3 texts share their original thesis's group (as packages/aigc splits them), not their own id
  const aiTrain = aiTexts('held-out').filter((t) =>
    THESIS_POLISH.test(t.id) ? polishOfTrainThesis(t.id) : sideOf(t.group) === 'judge',
  );
  const cslTrain = cslAbstracts('held-out').filter((t) => sideOf(t.group) === 'judge');
  const hc3 = hc3TestPairs();
  const items: LabelledText[] = [
    ...aiTrain.map((t) => ({ text: t.text, label: 1 as const })),
    ...cslTrain.map((t) => ({ text: t.text, label: 0 as const })),
    ...trainThesis.map((p) => ({ text: p.text, label: 0 as const })),
    ...hc3,
  ];
  const raw = trainNgramJudge(items);
  const ai = calibrateAtFpr(
    raw,
    thresholdThesis.map((p) => p.text),
    JUDGE_FPR,
  );
  const copy13 = new ContinuousMatchIndex();
  for (const doc of library) copy13.add(doc.id, doc.text);
  const repos = (ps: ThesisParagraph[]) => new Set(ps.map((p) => p.repo)).size;
  const cslFlagged = cslTrain.filter((t) => flaggedByJudge(ai, t.text)).length;
  const fp = thresholdThesis.filter((p) => flaggedByJudge(ai, p.text)).length;
  const summary =
    `held-out AI judge: char 1–4-gram logistic regression trained at bench time on ${aiTrain.length} AI academic texts, ` +
    `${cslTrain.length} human CSL abstracts, ${trainThesis.length} human thesis paragraphs (${repos(trainThesis)} repos) and ${hc3.length} HC3 answers; ` +
    `threshold ${ai.threshold.toFixed(3)} = ${(JUDGE_FPR * 100).toFixed(0)} % FPR on ${thresholdThesis.length} held-out human thesis paragraphs ` +
    `(${repos(thresholdThesis)} other repos; ${fp} flagged; it flags ${cslFlagged} of ${cslTrain.length} human CSL abstracts it trained on); 13-char rule over ${library.length} library documents ` +
    `(${((performance.now() - t0) / 1000).toFixed(1)} s)`;
  return { ai, copy13, summary };
}

/** The bench's side of a held-out set. */
export const benchSide = (texts: readonly BenchText[]) => texts.filter((t) => sideOf(t.group) === 'bench');
