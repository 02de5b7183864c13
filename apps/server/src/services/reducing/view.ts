import type {
  MachineChange,
  ReduceNote,
  ReduceParagraph,
  ReduceRecord,
  ReduceReportInfo,
  ReduceRound,
  ReduceScores,
  ReduceSettlement,
  ReduceTargets,
} from '@paperdesk/contracts';
import { diffHunks, type ParagraphOutcome, type Scores, type Targets } from '@paperdesk/rewrite';
import type { Selectable } from 'kysely';
import type { ReduceParagraphsTable, ReduceRecordsTable } from '../../db/tables/reducing.ts';
import { isBilled } from './settlement.ts';

/** Stored rows → the API's shapes. Storage and the loop use fractions 0..1; the API shows percentages. */

export type RecordRow = Selectable<ReduceRecordsTable>;
export type ParagraphRow = Selectable<ReduceParagraphsTable>;

/** Free redos per paragraph (redo_paragraph). */
export const MAX_REDOS = 3;

export const pct = (f: number | null | undefined): number | null =>
  f === null || f === undefined ? null : Math.round(f * 1000) / 10;

export const scoresPct = (s: Scores | null | undefined): ReduceScores | null =>
  s ? { similarity: pct(s.similarity), aigc: pct(s.aigc) } : null;

/** The record's targets for the loop (fractions); a target not asked is absent. */
export function targetsOf(row: Pick<RecordRow, 'targetSimilarity' | 'targetAigc'>): Targets {
  return {
    ...(row.targetSimilarity !== null ? { similarity: row.targetSimilarity / 100 } : {}),
    ...(row.targetAigc !== null ? { aigc: row.targetAigc / 100 } : {}),
  };
}

export const askedOf = (t: Targets) => ({
  similarity: t.similarity !== undefined,
  aigc: t.aigc !== undefined,
});

/** Every asked target is met by `s` (a score not measured does not meet its target). */
export function meets(s: Scores | null, t: Targets): boolean {
  if (!s) return false;
  if (t.similarity !== undefined && (s.similarity === null || s.similarity > t.similarity + 1e-9))
    return false;
  if (t.aigc !== undefined && (s.aigc === null || s.aigc > t.aigc + 1e-9)) return false;
  return true;
}

const LABELS: Record<string, string> = {
  'rules-similarity': '离线降重规则',
  'rules-aigc': '离线降AIGC规则',
  'rules-both': '离线双目标规则',
  'model-similarity': 'AI 模型降重',
  'model-aigc': 'AI 模型降AIGC',
  'model-both': 'AI 模型双目标改写',
};

export function strategyLabel(id: string): string {
  if (LABELS[id]) return LABELS[id];
  const base = Object.keys(LABELS).find((k) => id.startsWith(k));
  if (base) return LABELS[base]!;
  return id.startsWith('model') ? 'AI 模型改写' : '离线改写规则';
}

export function toRecord(r: RecordRow): ReduceRecord {
  const targets: ReduceTargets = { similarity: r.targetSimilarity, aigc: r.targetAigc };
  // `info` is there for a third-party report; a 查重 report's record stores only its known source passages
  const report = r.report ? ((JSON.parse(r.report) as { info?: ReduceReportInfo }).info ?? null) : null;
  return {
    id: Number(r.id),
    title: r.title,
    kind: r.kind,
    goal:
      targets.similarity !== null && targets.aigc !== null
        ? 'both'
        : targets.aigc !== null
          ? 'aigc'
          : 'similarity',
    targets,
    path: r.path,
    status: r.status,
    progress: r.progress,
    message: r.message,
    origin: r.origin,
    sourceRecordId: r.sourceRecordId === null ? null : Number(r.sourceRecordId),
    report,
    fileName: r.fileName,
    keepsDocument: /\.docx$/i.test(r.fileName ?? ''),
    characters: Number(r.characters),
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    chargeSource: r.chargeSource,
    paragraphs: r.paragraphs,
    targetParagraphs: r.targetParagraphs,
    doneParagraphs: r.doneParagraphs,
    metParagraphs: r.metParagraphs,
    currentParagraph: r.status === 'running' ? r.currentParagraph : null,
    before: r.beforeScores ? scoresPct(JSON.parse(r.beforeScores) as Scores) : null,
    after: r.afterScores ? scoresPct(JSON.parse(r.afterScores) as Scores) : null,
    notes: JSON.parse(r.notes) as ReduceNote[],
    settlement: r.settlement ? (JSON.parse(r.settlement) as ReduceSettlement) : null,
    checkRecordId: r.checkRecordId === null ? null : Number(r.checkRecordId),
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

/** The text a paragraph has by the user's decision: what download and submit_check use. */
export function finalText(p: ParagraphRow): string {
  if (p.decision === 'rejected') return p.original;
  if (p.decision === 'edited' && p.editedText !== null) return p.editedText;
  const o = p.outcome ? (JSON.parse(p.outcome) as ParagraphOutcome) : null;
  return o?.text ?? p.original;
}

/** The scores of the paragraph's final text (null until measured). */
export function finalScores(p: ParagraphRow): Scores | null {
  const o = p.outcome ? (JSON.parse(p.outcome) as ParagraphOutcome) : null;
  if (p.decision === 'edited' && p.editedScores) return JSON.parse(p.editedScores) as Scores;
  if (!o) return null;
  return p.decision === 'rejected' ? o.before : o.after;
}

/** Whether the paragraph as it finally stands (the user's decision applied) meets the record's targets. */
export function paragraphMeets(p: ParagraphRow, targets: Targets): boolean {
  return meets(finalScores(p), targets);
}

const toChanges = (a: string, b: string): MachineChange[] =>
  a === b ? [] : diffHunks(a, b).map((h) => ({ start: h.start, end: h.end, replacement: h.replacement }));

export function toParagraph(p: ParagraphRow, targets: Targets): ReduceParagraph {
  const o = p.outcome ? (JSON.parse(p.outcome) as ParagraphOutcome) : null;
  const text = finalText(p);
  const after = finalScores(p);
  const rounds: ReduceRound[] = (o?.rounds ?? []).map((r) => ({
    round: r.round,
    strategy: r.strategy,
    strategyLabel: strategyLabel(r.strategy),
    scores: scoresPct(r.scores),
    accepted: r.accepted,
    rejected: r.rejected ?? [],
  }));
  // a paragraph carried over from the record this one continues keeps its outcome though it is not rewritten again
  const state = o ? (o.rounds.length === 0 ? 'skipped' : 'done') : p.included ? 'waiting' : 'skipped';
  return {
    index: p.idx,
    kind: p.kind,
    state,
    original: p.original,
    rewritten: o && o.text !== p.original ? o.text : null,
    text,
    changes: toChanges(p.original, text),
    before: scoresPct(o?.before),
    after: scoresPct(after),
    rounds,
    strategy: o?.strategy ?? null,
    strategyLabel: o?.strategy ? strategyLabel(o.strategy) : null,
    met: o ? meets(after, targets) : null,
    billed: isBilled(p, targets),
    decision: p.decision,
    redos: p.redos,
    redosLeft: Math.max(0, MAX_REDOS - p.redos),
  };
}
