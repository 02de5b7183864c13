import {
  myLibraryEndpoints,
  type Envelope,
  type OutlineNode,
  type PaperContent,
  type PaperDraftInput,
  paperInfoEndpoints,
  type PayWay,
  type ThesisCover,
  type WritingRecord,
  type WritingSourceFile,
  writingSourceEndpoints,
} from '@paperdesk/contracts';
import { recordCalls, UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { call, fileForm } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** `paper_info_api` (AI 论文写作): outline drafting, submission, records and the .docx (spec §7). */
const ep = paperInfoEndpoints;
/** The model drafts the outline while the request waits: allow it a minute and a half. */
const MODEL_TIMEOUT_MS = 90_000;

export const { query: queryWritings, load: loadWriting, remove: deleteWriting } = recordCalls(ep);

/** query_paper_content `outline`: a new record with the model's outline (free, a few a day). */
export function draftOutline(draft: PaperDraftInput) {
  // the answer's shape follows `type`: an outline call answers the record
  return call(ep.query_paper_content, {
    body: { type: 'outline', draft },
    timeout: MODEL_TIMEOUT_MS,
  }) as Promise<Envelope<WritingRecord>>;
}

/** query_paper_content `outline` with an id: a fresh outline for a record not yet submitted. */
export function redraftOutline(id: number) {
  return call(ep.query_paper_content, {
    body: { type: 'outline', id },
    timeout: MODEL_TIMEOUT_MS,
  }) as Promise<Envelope<WritingRecord>>;
}

/** query_paper_content `paper`: the paper as written so far. Polled, so silent. */
export function loadPaperContent(id: number) {
  return call(ep.query_paper_content, { body: { type: 'paper', id }, silent: true }) as Promise<
    Envelope<PaperContent>
  >;
}

export function loadWritingSections(id: number) {
  return call(ep.query_content_list, { query: { id } });
}

export function loadWritingOther(id: number) {
  return call(ep.load_other_by_id, { query: { id }, silent: true });
}

export interface WritingSubmitForm {
  id: number;
  title?: string;
  targetWords?: number;
  requirements?: string;
  outline: OutlineNode[];
  /** The way chosen on the confirm page (quota or balance). */
  pay?: PayWay | undefined;
}

/** paper_xueshu_submit (课程/期刊) or paper_submit (毕业论文, with the cover fields). */
export function submitWriting(form: WritingSubmitForm, cover?: ThesisCover) {
  return cover
    ? call(ep.paper_submit, { body: { ...form, cover } })
    : call(ep.paper_xueshu_submit, { body: form });
}

export function reloadWriting(id: number) {
  return call(ep.reload, { query: { id } });
}

export function downloadWriting(id: number, fallbackName: string) {
  return downloadFrom(ep.download, { id }, fallbackName);
}

/** The sources a paper is given on the 论文写作 page before it exists: picked 自建库 documents and read files. */
export interface PaperSources {
  library: number[];
  files: WritingSourceFile[];
}

/** The user's 自建库 documents to pick from (the newest 100: one page). */
export const myLibraryDocuments = () =>
  call(myLibraryEndpoints.query_list, { query: { pageNo: 1, pageSize: 100 }, silent: true });

/** writing_source_api/read_file: one file read on the server (an export's entries, or a PDF/DOCX as one work). */
export const readSourceFile = (file: File) =>
  call(writingSourceEndpoints.read_file, { body: fileForm(file), timeout: UPLOAD_TIMEOUT_MS });

/** writing_source_api/save: the paper's sources, once the outline's record exists. */
export const saveSources = (id: number, sources: PaperSources) =>
  call(writingSourceEndpoints.save, { body: { id, ...sources } });

/** writing_source_api/query_list: the paper's saved sources (the confirm page shows them). */
export const loadSources = (id: number) =>
  call(writingSourceEndpoints.query_list, { query: { id }, silent: true });
