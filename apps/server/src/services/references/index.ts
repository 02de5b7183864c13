import { REFERENCE_FILE_TYPES, type ReferenceCheck, type ReferenceStandard } from '@paperdesk/contracts';
import {
  type AnalysedList,
  decodeText,
  detectFormat,
  type ReferenceCheck as EngineCheck,
  verifyAnalysed,
} from '@paperdesk/references';
import { computePool } from '../../compute/pool.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { unsupportedType } from '../../errors.ts';
import { readUploadedFile, type UploadedFile } from '../records/source.ts';
import { sourcesFor } from './sources.ts';

/**
 * 参考文献核查 for the server: the offline half in the compute pool (parse, format, citations), verification
 * here against the library, the catalogue and the configured providers. A failure of any part gives a chapter
 * that says so — the check it belongs to never fails because of its references.
 */
export interface ReferenceService {
  /** A list pasted (or an export file's text) on the check page's own entry. */
  checkList(userId: number, text: string, standard: ReferenceStandard): Promise<ReferenceCheck>;
  /**
   * A file on its own: a .docx/.pdf read by textkit in the pool, a .txt or an export file decoded (UTF-8, UTF-16
   * or GB18030, as CNKI and NoteExpress write them); a paper in it is checked with its citations.
   */
  checkFile(userId: number, file: UploadedFile, standard: ReferenceStandard): Promise<ReferenceCheck>;
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

    async checkFile(userId, file, standard) {
      const ext = extension(file.filename);
      if (ext === '.docx' || ext === '.pdf') {
        const { doc } = await readUploadedFile(file);
        const document = doc.blocks.map((b) => b.text);
        return complete(userId, await computePool().analyseReferences({ document, standard }));
      }
      if (!TEXT_FILES.has(ext)) throw unsupportedType(`仅支持 ${REFERENCE_FILE_TYPES.join('、')} 文件`);
      const text = decodeText(file.data);
      const input = detectFormat(text) ? { text } : { document: text.split(/\r\n|\n|\r/) };
      return complete(userId, await computePool().analyseReferences({ ...input, standard }));
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

const TEXT_FILES = new Set<string>(REFERENCE_FILE_TYPES.filter((t) => t !== '.docx' && t !== '.pdf'));
const extension = (name: string) => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';

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
