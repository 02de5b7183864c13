import type { ReduceSettlement } from '@paperdesk/contracts';
import type { ParagraphOutcome, Targets } from '@paperdesk/rewrite';
import { billingCharCount } from '@paperdesk/textkit';
import type { Executor } from '../billing/index.ts';
import type { ReduceBilling } from './billing-port.ts';
import { REDUCE_RECORD_TYPE } from './billing-port.ts';
import { meets, type ParagraphRow, type RecordRow } from './view.ts';

/**
 * Paid for what met the target (issue 25, issue 26 item 2): the submit charge is the most a job can cost (the
 * confirm page's figure); when the job ends it is settled per paragraph. A paragraph is billed when the loop
 * changed it and the change meets every asked target; one left as it was (already on target, protected, every
 * round refused) or rewritten without reaching the target is not. The difference goes back in ONE refund of the
 * record's charge (billing closes the charge, so a second refund does nothing), and the record keeps the figures.
 */

/** Whether the loop's result for this paragraph is billed (the user's later decisions do not change it). */
export function isBilled(
  p: Pick<ParagraphRow, 'included' | 'original' | 'outcome'>,
  targets: Targets,
): boolean {
  if (!p.included || !p.outcome) return false;
  const o = JSON.parse(p.outcome) as ParagraphOutcome;
  return o.rounds.length > 0 && o.text !== p.original && meets(o.after, targets);
}

export interface Tally {
  billedParagraphs: number;
  billedCharacters: number;
  /** Rewritten but still over a target: returned marked, not billed. */
  unmetParagraphs: number;
  /** Left as they were: already on target, or every round refused. */
  untouchedParagraphs: number;
}

export function tally(rows: readonly ParagraphRow[], targets: Targets): Tally {
  const out: Tally = { billedParagraphs: 0, billedCharacters: 0, unmetParagraphs: 0, untouchedParagraphs: 0 };
  for (const p of rows) {
    if (!p.included) continue;
    const o = p.outcome ? (JSON.parse(p.outcome) as ParagraphOutcome) : null;
    if (isBilled(p, targets)) {
      out.billedParagraphs++;
      out.billedCharacters += billingCharCount(p.original);
    } else if (o && o.rounds.length > 0 && o.text !== p.original) out.unmetParagraphs++;
    else out.untouchedParagraphs++;
  }
  return out;
}

/** Settles a finished record inside the finish transaction; returns what the record stores. */
export async function settleRecord(
  trx: Executor,
  billing: ReduceBilling,
  row: RecordRow,
  rows: readonly ParagraphRow[],
  targets: Targets,
): Promise<ReduceSettlement> {
  const t = tally(rows, targets);
  const charged = Number(row.characters);
  const paidFen = Number(row.paidFen);
  // billed characters can only be fewer than those charged (the same paragraphs, a subset of them)
  const share = charged > 0 ? Math.max(0, 1 - Math.min(charged, t.billedCharacters) / charged) : 0;
  let refundFen = 0;
  if (share > 0) {
    const r = await billing.refund(trx, {
      recordType: REDUCE_RECORD_TYPE,
      recordId: Number(row.id),
      share,
      note: '未达标或未改写段落退还',
    });
    refundFen = r.fen;
  }
  return { ...t, chargedFen: paidFen - refundFen, refundFen };
}
