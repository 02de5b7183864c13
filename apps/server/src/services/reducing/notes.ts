import type { ReduceNote, ReducePath } from '@paperdesk/contracts';
import type { Scores, Targets } from '@paperdesk/rewrite';
import { pct } from './view.ts';

const NAMES = { similarity: '复制比', aigc: 'AIGC 疑似度' } as const;

/**
 * The honest account of every asked target the whole text did not reach: the figures before and after, how many
 * paragraphs are still over it, and (offline run, model configured) the offer of the model path.
 */
export function notesFor(input: {
  targets: Targets;
  before: Scores;
  after: Scores;
  /** Per rewritten paragraph, its final scores. */
  paragraphs: readonly (Scores | null)[];
  path: ReducePath;
  modelAvailable: boolean;
}): ReduceNote[] {
  const notes: ReduceNote[] = [];
  for (const key of ['similarity', 'aigc'] as const) {
    const target = input.targets[key];
    const after = input.after[key];
    if (target === undefined || after === null || after <= target + 1e-9) continue;
    const unmet = input.paragraphs.filter((s) => s && s[key] !== null && s[key]! > target + 1e-9).length;
    const suggestModel = input.path === 'offline' && input.modelAvailable;
    const before = input.before[key];
    const how = input.path === 'offline' ? '离线改写' : 'AI 模型改写';
    const next = suggestModel
      ? '可以用 AI 模型继续改写未达标的段落。'
      : input.path === 'offline'
        ? '服务端暂未配置 AI 模型；可逐段编辑后重新测量。'
        : '建议逐段人工修改这些段落，编辑后会重新测量。';
    notes.push({
      target: key,
      targetPercent: pct(target)!,
      beforePercent: pct(before),
      afterPercent: pct(after),
      unmetParagraphs: unmet,
      path: input.path,
      suggestModel,
      message: `${how}后全文${NAMES[key]}为 ${pct(after)} %（改写前 ${pct(before) ?? '—'} %），未达到 ≤ ${pct(target)} % 的目标，仍有 ${unmet} 段未达标。${next}`,
    });
  }
  return notes;
}
