import {
  type AigcReport,
  type CheckReport,
  REDUCE_DEFAULT_TARGETS,
  type ReduceKind,
  type ReduceOrigin,
  type ReducePath,
  type ReduceQuote,
  type ReduceRecord,
  type ReduceReportInfo,
  type ReduceWordCount,
} from '@paperdesk/contracts';
import { featureOf, knownSources, paragraphRows } from './run.ts';
import { conflict, unprocessable } from '../../errors.ts';
import { insertUnpaid } from '../records/table.ts';
import {
  type Counted,
  type DocumentSource,
  readSource,
  sizeLimits,
  type UploadedFile,
} from '../records/source.ts';
import { matchUploadedReport } from './report.ts';
import { billedChars, type PlannedParagraph, planAigcReport, planCheckReport, planDocument } from './plan.ts';
import { askedOf, paragraphMeets, type ParagraphRow, type RecordRow, targetsOf, toRecord } from './view.ts';
import type { Llm } from '../llm-usage.ts';
import type { PaidServiceDeps } from '../records/kernel.ts';
import type { ReduceBilling } from './billing-port.ts';
import { measuredRates, offlineGoals } from './success-rates.ts';

export const REDUCE_LIMITS = sizeLimits('reduce', {
  product: '全文降重/降AIGC ',
  per: '单次',
  maxChars: 150_000,
  minChars: 50,
});

const PATHS: ReducePath[] = ['offline', 'model'];

/** Targets as given (percent; undefined = not given) → the record's columns, the kind's default when none. */
export function targetColumns(
  kind: ReduceKind,
  given: { targetSimilarity?: number | undefined; targetAigc?: number | undefined },
): { targetSimilarity: number | null; targetAigc: number | null } {
  if (given.targetSimilarity === undefined && given.targetAigc === undefined) {
    const d = REDUCE_DEFAULT_TARGETS[kind];
    return { targetSimilarity: d.similarity, targetAigc: d.aigc };
  }
  return { targetSimilarity: given.targetSimilarity ?? null, targetAigc: given.targetAigc ?? null };
}

/** What a continuation takes over from the record it continues: a paragraph's outcome and the user's decision. */
type Carried = Pick<ParagraphRow, 'outcome' | 'decision' | 'editedText' | 'editedScores'>;

export interface NewRecord {
  title: string;
  kind: ReduceKind;
  path: ReducePath;
  targetSimilarity?: number | undefined;
  targetAigc?: number | undefined;
}

/** A document's title when the user gave none: its own, else the first words. */
function titleFrom(given: string, doc: { title?: string | undefined; blocks: { text: string }[] }): string {
  if (given.trim()) return given.trim().slice(0, 200);
  if (doc.title?.trim()) return doc.title.trim().slice(0, 200);
  const first = doc.blocks.find((b) => b.text.trim())?.text.trim() ?? '';
  return first.length > 20 ? `${first.slice(0, 20)}…` : first || '未命名论文';
}

/** A paper as read, with the bytes of a .docx (a download writes the result back into the user's own file). */
async function readPaper(source: DocumentSource) {
  const { doc, fileName, format, file } = await readSource(source);
  return { doc, fileName, format, ...(format === 'docx' && file ? { docx: file.data } : {}) };
}

/**
 * How a paper, a checker's report or a finished 查重 / AIGC检测 record becomes a 降重 / 降AIGC record (intake): its
 * length held to the limits, its paragraphs planned, its price quoted, the record and its paragraphs stored unpaid.
 * Also a continuation: the paragraphs a done offline record left over a target, as a new record for the model.
 */
export function createIntake(
  deps: Pick<PaidServiceDeps<ReduceBilling>, 'db' | 'sysConfig' | 'billing'> & { llm: Llm },
) {
  const { db, sysConfig, billing, llm } = deps;

  const limits = () => REDUCE_LIMITS.chars(sysConfig);

  /** Empty and oversized papers are refused before anything is stored. */
  async function checkLength(characters: number, opts: { fromReport?: boolean } = {}) {
    const lim = await limits();
    if (characters === 0) {
      throw unprocessable(
        opts.fromReport ? '报告中没有需要改写的段落，无需降重' : '没有找到需要改写的正文段落，请检查论文内容',
      );
    }
    if (characters > lim.maxChars) {
      throw unprocessable(
        `需要改写的内容共 ${characters.toLocaleString('en-US')} 字符，超过单次 ${lim.maxChars.toLocaleString('en-US')} 字符的上限，请分章节提交`,
      );
    }
    if (!opts.fromReport && characters < lim.minChars) {
      throw unprocessable(`内容只有 ${characters} 字符，至少需要 ${lim.minChars} 字符`);
    }
    return lim;
  }

  async function quotes(kind: ReduceKind, characters: number): Promise<ReduceQuote[]> {
    const out: ReduceQuote[] = [];
    for (const path of PATHS) {
      const q = await billing.quote(kind, path, characters);
      out.push({ path, unitPriceFen: q.unitFen, priceFen: q.fen });
    }
    return out;
  }

  async function insert(
    userId: number,
    input: NewRecord & {
      origin: ReduceOrigin;
      sourceRecordId?: number;
      fileName: string | null;
      paragraphs: Array<PlannedParagraph & { carried?: Carried }>;
      report?: { info?: ReduceReportInfo | undefined };
      docx?: Buffer;
      /** A continuation: only part of a paper, no minimum length. */
      partial?: boolean;
    },
  ): Promise<ReduceRecord> {
    const characters = billedChars(input.paragraphs);
    await checkLength(characters, {
      fromReport: input.partial === true || (input.origin !== 'paste' && input.origin !== 'upload'),
    });
    // the model path is the model's work: without a model nothing is stored (503)
    if (input.path === 'model') await llm.assertAvailable(featureOf(input));
    const q = await billing.quote(input.kind, input.path, characters);
    const known: Record<number, string[]> = {};
    input.paragraphs.forEach((p, i) => {
      if (p.included && p.known?.length) known[i] = p.known;
    });
    const report = input.report || Object.keys(known).length > 0 ? { ...input.report, known } : null;
    return db.transaction().execute(async (trx) => {
      const row = await insertUnpaid(trx, 'reduceRecords', {
        userId,
        title: input.title,
        kind: input.kind,
        path: input.path,
        ...targetColumns(input.kind, input),
        origin: input.origin,
        sourceRecordId: input.sourceRecordId ?? null,
        report: report ? JSON.stringify(report) : null,
        fileName: input.fileName,
        characters,
        priceFen: q.fen,
        paragraphs: input.paragraphs.length,
        targetParagraphs: input.paragraphs.filter((p) => p.included).length,
        currentParagraph: null,
        beforeScores: null,
        afterScores: null,
        checkRecordId: null,
      });
      const id = Number(row.id);
      for (let i = 0; i < input.paragraphs.length; i += 200) {
        await trx
          .insertInto('reduceParagraphs')
          .values(
            input.paragraphs.slice(i, i + 200).map((p, k) => ({
              recordId: id,
              idx: i + k,
              kind: p.kind,
              included: p.included ? 1 : 0,
              original: p.text,
              outcome: p.carried?.outcome ?? null,
              decision: p.carried?.decision ?? 'pending',
              editedText: p.carried?.editedText ?? null,
              editedScores: p.carried?.editedScores ?? null,
            })),
          )
          .execute();
      }
      if (input.docx)
        await trx
          .insertInto('reduceFiles')
          .values({ recordId: id, data: input.docx, size: input.docx.length })
          .execute();
      return toRecord(row);
    });
  }

  /**
   * A record planned from a finished 查重 or AIGC检测 record: the unpaid one a click already made, else a new
   * one whose paragraphs `plan` picks from that record's report for the asked targets.
   */
  async function fromFinished(
    userId: number,
    origin: 'check' | 'aigc',
    sourceRecordId: number,
    title: string,
    kind: ReduceKind,
    input: Omit<NewRecord, 'title' | 'kind'>,
    plan: (asked: ReturnType<typeof askedOf>) => PlannedParagraph[],
  ): Promise<ReduceRecord> {
    const unpaid = await unpaidFromReport(userId, origin, sourceRecordId, { ...input, kind });
    if (unpaid) return unpaid;
    const asked = askedOf(targetsOf(targetColumns(kind, input)));
    return insert(userId, {
      ...input,
      kind,
      title,
      origin,
      sourceRecordId,
      fileName: null,
      paragraphs: plan(asked),
    });
  }

  /**
   * The unpaid record a report's 一键降重 already made with the same path and targets, so clicking again
   * (or coming back to the report) opens it instead of adding another 待支付 record.
   */
  async function unpaidFromReport(
    userId: number,
    origin: 'check' | 'aigc',
    sourceRecordId: number,
    input: Omit<NewRecord, 'title'>,
  ): Promise<ReduceRecord | null> {
    const targets = targetColumns(input.kind, input);
    let q = db
      .selectFrom('reduceRecords')
      .selectAll()
      .where('userId', '=', userId)
      .where('origin', '=', origin)
      .where('sourceRecordId', '=', sourceRecordId)
      .where('status', '=', 'created')
      .where('kind', '=', input.kind)
      .where('path', '=', input.path);
    q =
      targets.targetSimilarity === null
        ? q.where('targetSimilarity', 'is', null)
        : q.where('targetSimilarity', '=', targets.targetSimilarity);
    q =
      targets.targetAigc === null
        ? q.where('targetAigc', 'is', null)
        : q.where('targetAigc', '=', targets.targetAigc);
    const row = await q.orderBy('id', 'desc').executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async function continueWithModel(row: RecordRow): Promise<ReduceRecord> {
    await llm.assertAvailable(featureOf(row));
    const rows = await paragraphRows(db, row.id);
    const targets = targetsOf(row);
    const unmet = (p: ParagraphRow) =>
      p.included === 1 && p.decision !== 'edited' && !paragraphMeets(p, targets);
    if (!rows.some(unmet)) throw conflict('所有段落都已达标，无需继续');
    const known = knownSources(row);
    const report = row.report ? (JSON.parse(row.report) as { info?: ReduceReportInfo }) : undefined;
    const docx = await db
      .selectFrom('reduceFiles')
      .select('data')
      .where('recordId', '=', row.id)
      .executeTakeFirst();
    return insert(row.userId, {
      title: `${row.title}（AI 模型继续）`.slice(0, 200),
      kind: row.kind,
      path: 'model',
      ...(row.targetSimilarity !== null ? { targetSimilarity: row.targetSimilarity } : {}),
      ...(row.targetAigc !== null ? { targetAigc: row.targetAigc } : {}),
      origin: row.origin,
      ...(row.sourceRecordId !== null ? { sourceRecordId: Number(row.sourceRecordId) } : {}),
      fileName: row.fileName,
      partial: true,
      ...(report ? { report } : {}),
      ...(docx ? { docx: Buffer.from(docx.data) } : {}),
      paragraphs: rows.map((p) =>
        unmet(p)
          ? {
              kind: p.kind,
              text: p.original,
              included: true,
              ...(known[p.idx] ? { known: known[p.idx] } : {}),
            }
          : {
              kind: p.kind,
              text: p.original,
              included: false,
              carried: {
                outcome: p.outcome,
                decision: p.decision,
                editedText: p.editedText,
                editedScores: p.editedScores,
              },
            },
      ),
    });
  }

  return {
    limits,
    quotes,
    continueWithModel,

    async wordCount(source: DocumentSource, kind: ReduceKind): Promise<Counted<ReduceWordCount>> {
      const { doc } = await readSource(source);
      const planned = planDocument(doc);
      const characters = billedChars(planned);
      const lim = await limits();
      return {
        characters,
        paragraphs: planned.filter((p) => p.included).length,
        title: doc.title ?? null,
        minChars: lim.minChars,
        maxChars: lim.maxChars,
        quotes: await quotes(kind, characters),
        modelAvailable: await llm.available(featureOf({ kind })),
        successRates: measuredRates(),
        offlineGoals: offlineGoals(),
      };
    },

    /** machine_init from a paper (upload, kept upload or paste); a .docx keeps its bytes for the download. */
    async init(userId: number, input: NewRecord, source: DocumentSource): Promise<ReduceRecord> {
      const paper = await readPaper(source);
      return insert(userId, {
        ...input,
        title: titleFrom(input.title, paper.doc),
        origin: paper.format === 'paste' ? 'paste' : 'upload',
        fileName: paper.fileName,
        paragraphs: planDocument(paper.doc),
        ...(paper.docx ? { docx: paper.docx } : {}),
      });
    },

    /**
     * machine_init with a third-party report (/papermachine/cnki): only the paragraphs it flagged, each measured
     * against the passages the report marked in it as well as against the library.
     */
    async initFromUploadedReport(
      userId: number,
      input: NewRecord,
      source: DocumentSource,
      reportFile: UploadedFile,
    ): Promise<ReduceRecord> {
      const paper = await readPaper(source);
      const flagged = await matchUploadedReport(reportFile, paper.doc);
      const asked = askedOf(targetsOf(targetColumns(input.kind, input)));
      const planned = planDocument(paper.doc).map((p, i) => {
        const known = flagged.paragraphs.get(i);
        const included = p.included && (known !== undefined || asked.aigc);
        return { ...p, included, ...(known?.length ? { known } : {}) };
      });
      return insert(userId, {
        ...input,
        title: titleFrom(input.title, paper.doc),
        origin: 'report',
        fileName: paper.fileName,
        paragraphs: planned,
        report: { info: flagged.info },
        ...(paper.docx ? { docx: paper.docx } : {}),
      });
    },

    /** check_machine_submit: a finished 查重 record; only paragraphs with copied text (unless an AIGC target). */
    fromCheck(
      userId: number,
      checkId: number,
      report: CheckReport,
      input: Omit<NewRecord, 'title' | 'kind'>,
    ) {
      return fromFinished(userId, 'check', checkId, report.title, 'similarity', input, (asked) =>
        planCheckReport(report, asked),
      );
    },

    /** check_aigc_machine_submit / aigc_machine_submit: a finished AIGC检测 record; only flagged paragraphs. */
    fromAigc(userId: number, aigcId: number, report: AigcReport, input: Omit<NewRecord, 'title' | 'kind'>) {
      return fromFinished(userId, 'aigc', aigcId, report.title, 'aigc', input, (asked) =>
        planAigcReport(report, asked),
      );
    },
  };
}
