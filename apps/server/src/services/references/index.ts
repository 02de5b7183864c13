import type { ReferenceCheck, ReferenceStandard } from '@paperdesk/contracts';
import { type AnalysedList, type ReferenceCheck as EngineCheck, verifyAnalysed } from '@paperdesk/references';
import { computePool } from '../../compute/pool.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { sourcesFor } from './sources.ts';

/**
 * 参考文献核查 for the server: the offline half in the compute pool (parse, format, citations), verification
 * here against the library, the catalogue and the configured providers. A failure of any part gives a chapter
 * that says so — the check it belongs to never fails because of its references.
 */
export interface ReferenceService {
  /** A list pasted (or an export file's text) on the check page's own entry. */
  checkList(userId: number, text: string, standard: ReferenceStandard): Promise<ReferenceCheck>;
  /** The chapter of a 查重 report: the paper's paragraphs, its list found after the 参考文献 heading. */
  checkPaper(userId: number, paragraphs: string[], standard?: ReferenceStandard): Promise<ReferenceCheck>;
}

export const REFERENCES_FAILED = '参考文献核查未能完成，请稍后在“参考文献核查”入口单独核查。';

export function createReferenceService(deps: {
  db: Db;
  config: Config;
  log: (msg: string) => void;
}): ReferenceService {
  async function complete(userId: number, analysed: AnalysedList): Promise<ReferenceCheck> {
    const sources = await sourcesFor(
      deps,
      userId,
      analysed.parsed.map((p) => p.fields.title),
    );
    return toContract(await verifyAnalysed(analysed, { sources, concurrency: 4 }));
  }

  return {
    async checkList(userId, text, standard) {
      return complete(userId, await computePool().analyseReferences({ text, standard }));
    },

    async checkPaper(userId, paragraphs, standard = '2015') {
      try {
        return await complete(userId, await computePool().analyseReferences({ paragraphs, standard }));
      } catch (err) {
        deps.log(`参考文献核查失败：${err instanceof Error ? err.message : String(err)}`);
        return failedChapter(standard);
      }
    },
  };
}

function failedChapter(standard: ReferenceStandard): ReferenceCheck {
  return {
    standard,
    found: false,
    message: REFERENCES_FAILED,
    entries: [],
    citations: null,
    searched: [],
    unavailable: [],
    summary: { total: 0, verified: 0, mismatch: 0, unverified: 0, withProblems: 0 },
  };
}

/** What a report keeps of a matched record: who, what, when, where from — not its abstract. */
function toContract(check: EngineCheck): ReferenceCheck {
  return {
    ...check,
    entries: check.entries.map((e) => {
      const v = e.verdict;
      if (v.status === 'unverified') return e;
      const { id, title, authors, year, container, origin, anonymous } = v.record;
      return {
        ...e,
        verdict: {
          ...v,
          record: {
            id,
            title,
            authors: anonymous ? [] : authors,
            year,
            ...(container ? { container } : {}),
            origin,
          },
        },
      };
    }),
  };
}
