import type { AigcHint, Measurement } from '@paperdesk/rewrite';
import type { Block } from '@paperdesk/textkit';
import type { ComputePool } from '../../compute/pool.ts';
import { detectDocument, type DocumentScorer } from '../aigc/report.ts';
import { runCheck } from '../../compute/check-engine.ts';
import { type Library, ownerKeyOf } from '../checks/library.ts';

/**
 * How a reduce run measures text, with our own instruments and never on the API's event loop: 专业版 复制比 in
 * the library's check thread (the library holds the sources a 查重 report found), plus, for a third-party report,
 * the source snippets it quoted in a compute-pool task; AIGC 疑似度 with the detector in the compute pool.
 * Scores are fractions 0..1 here (the loop's unit); the API shows percentages.
 */
export interface Measurer {
  /**
   * One paragraph, only the asked measures (the other is null; a run asks the AIGC score in a 降重 too); with the
   * AIGC score, what drove it (the detector's reasons for the paragraph), which the loop hands to the next round only.
   */
  paragraph(
    text: string,
    asked: { similarity: boolean; aigc: boolean },
    known?: readonly string[],
    signal?: AbortSignal,
  ): Promise<Measurement>;
  /** The whole text (both measures): 复制比 of the document, AIGC 疑似度 = flagged share of scored characters. */
  document(blocks: readonly Block[], signal?: AbortSignal): Promise<{ similarity: number; aigc: number }>;
}

export function createMeasurer(deps: {
  library: Library;
  pool: () => ComputePool;
  scorer: () => Promise<DocumentScorer>;
  userId: number;
}): Measurer {
  const ownerKey = ownerKeyOf(deps.userId);
  let synced: Promise<unknown> | null = null;
  /** The index caught up once per measurer (one run), not once per candidate. */
  const index = async () => {
    const idx = await deps.library.runner();
    synced ??= deps.library.sync();
    await synced;
    return idx;
  };

  async function similarity(blocks: Block[], signal?: AbortSignal): Promise<number> {
    const r = await runCheck({
      index: await index(),
      document: { blocks },
      edition: 'professional',
      ownerKey,
      ...(signal ? { signal } : {}),
    });
    return r.metrics.totalRatio;
  }

  async function aigcOf(blocks: Block[], signal?: AbortSignal): Promise<number> {
    const r = await detectDocument(await deps.scorer(), { blocks }, signal ? { signal } : {});
    return r.metrics.aiCharRatio;
  }

  return {
    async paragraph(text, asked, known = [], signal) {
      const blocks: Block[] = [{ kind: 'paragraph', text }];
      const [lib, fromKnown, aigc] = await Promise.all([
        asked.similarity ? similarity(blocks, signal) : null,
        asked.similarity && known.length > 0 ? deps.pool().similarity(text, [...known]) : null,
        asked.aigc ? paragraphAigc(text, signal) : null,
      ]);
      return {
        similarity: lib === null ? null : Math.max(lib, fromKnown ?? 0),
        aigc: aigc?.score ?? null,
        ...(aigc && aigc.hints.length > 0 ? { aigcHints: aigc.hints } : {}),
      };
    },
    async document(blocks, signal) {
      const all = [...blocks];
      const [s, a] = await Promise.all([similarity(all, signal), aigcOf(all, signal)]);
      return { similarity: s, aigc: a };
    },
  };

  /**
   * A paragraph's AIGC 疑似度: the share of its characters in sentences at or above the flag threshold. Counted
   * from the sentence spans, so a paragraph too short for a reliable document verdict still gets its figure.
   */
  async function paragraphAigc(
    text: string,
    signal?: AbortSignal,
  ): Promise<{ score: number; hints: AigcHint[] }> {
    const r = await detectDocument(
      await deps.scorer(),
      { blocks: [{ kind: 'paragraph', text }] },
      signal ? { signal } : {},
    );
    const p = r.paragraphs.find((x) => x.kind === 'paragraph');
    if (!p || text.length === 0) return { score: 0, hints: [] };
    const flagged = p.spans
      .filter((s) => s.probability >= r.model.flagThreshold)
      .reduce((n, s) => n + (s.end - s.start), 0);
    const hints = (p.hints ?? []).map((h) => ({ kind: h.kind, examples: h.examples }));
    return { score: Math.min(1, flagged / text.length), hints };
  }
}
