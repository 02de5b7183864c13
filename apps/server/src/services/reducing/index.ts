import { REDUCE_PRICING } from '@paperdesk/contracts';
import type { Scores } from '@paperdesk/rewrite';
import { computePool } from '../../compute/pool.ts';
import type { DocumentScorer } from '../aigc/report.ts';
import { pooledScorer } from '../aigc/scorer.ts';
import type { Library } from '../checks/library.ts';
import type { Llm } from '../llm-usage.ts';
import { openPaidService, type PaidServiceDeps } from '../records/kernel.ts';
import { renderDownload } from '../records/render.ts';
import { createReduceBilling, PRODUCT_NAMES } from './billing-port.ts';
import { createMeasurer, type Measurer } from './measure.ts';
import { REDUCE_LIMITS } from './intake.ts';
import { createReducing } from './records.ts';

/**
 * Whole-paper 降重 and 降AIGC (paper_machine_api, and paper_aigc_api's reduce calls): one service on the paid-record
 * kernel, the `reduce` job and pay-per-record. Built once per process; the job kind is registered here so both
 * `serve` and `worker` run it.
 */
export async function createReduceService(
  deps: PaidServiceDeps & {
    llm: Llm;
    library: Library;
    /** Tests measure with their own instruments; by default the check thread and the compute pool. */
    measurer?: (userId: number) => Measurer;
  },
) {
  let scorer: Promise<DocumentScorer> | null = null;
  const detector = () => {
    scorer ??= pooledScorer(computePool).catch((err: unknown) => {
      scorer = null;
      throw err;
    });
    return scorer;
  };
  const reducing = createReducing({
    db: deps.db,
    sysConfig: deps.sysConfig,
    jobs: deps.jobs,
    billing: createReduceBilling(deps.billing),
    llm: deps.llm,
    measurer:
      deps.measurer ??
      ((userId) => createMeasurer({ library: deps.library, pool: computePool, scorer: detector, userId })),
  });
  await REDUCE_LIMITS.seed(deps.sysConfig);
  openPaidService(deps, reducing, {
    submitted: '该记录已提交，无需再次支付',
    chooseTerms: (userId, id, terms) => reducing.chooseTerms(userId, id, terms),
    pricing: ({ kind, path, characters }) => ({
      ...REDUCE_PRICING[kind],
      edition: REDUCE_PRICING[kind].edition[path],
      characters,
    }),
    subject: (r) => `${PRODUCT_NAMES[r.kind][r.path]}：${r.title}`,
  });

  return {
    ...reducing,

    /**
     * download: the user's own .docx with the paragraph text replaced (optionally as tracked revisions) when the
     * record came from one, else a generated .docx (clean text, then the 原文 | 改写后 table).
     */
    async download(userId: number, id: number, opts: { track: boolean }) {
      const { row, paragraphs } = await reducing.finalParagraphs(userId, id);
      const base = row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80) || '论文';
      const suffix = row.kind === 'aigc' ? '降AIGC结果' : '降重结果';
      const own = await reducing.originalDocx(row.id);
      if (own) {
        const edits = paragraphs
          .filter((p) => p.text !== p.original)
          .map((p) => ({ original: p.original, text: p.text }));
        // a stored file that no longer reads (a reader cap lowered since) still gets the generated document
        const r = await computePool()
          .rewriteDocx(own, edits, opts.track)
          .catch(() => null);
        if (r)
          return {
            body: Buffer.from(r.bytes),
            filename: `${base}-${suffix}${opts.track ? '（修订模式）' : ''}.docx`,
          };
      }
      const metric = row.kind === 'aigc' ? 'aigc' : 'similarity';
      const before = row.beforeScores ? (JSON.parse(row.beforeScores) as Scores)[metric] : null;
      const after = row.afterScores ? (JSON.parse(row.afterScores) as Scores)[metric] : null;
      const body = await renderDownload({
        kind: 'rewrite-docx',
        document: {
          title: row.title,
          mode: row.kind === 'aigc' ? 'aigc' : 'dedup',
          paragraphs: paragraphs
            .filter((p) => p.kind !== 'heading')
            .map((p) => ({ original: p.original, rewritten: p.text })),
          ...(before !== null ? { before } : {}),
          ...(after !== null ? { after } : {}),
          createdAt: row.finishedAt ?? row.createdAt,
        },
      });
      return { body, filename: `${base}-${suffix}.docx` };
    },

    /** submit_check: the final text as a new 查重 record (created, not charged); the record remembers it. */
    async submitCheck<C extends { id: number }>(
      userId: number,
      id: number,
      createCheck: (title: string, text: string) => Promise<C>,
    ): Promise<C> {
      const { record, paragraphs } = await reducing.finalParagraphs(userId, id);
      const check = await createCheck(
        `${record.title}（改写后复查）`.slice(0, 200),
        paragraphs.map((p) => p.text).join('\n'),
      );
      await reducing.linkCheck(userId, id, check.id);
      return check;
    },
  };
}

export type ReduceService = Awaited<ReturnType<typeof createReduceService>>;
