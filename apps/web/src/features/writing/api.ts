import {
  type OutlineNode,
  type PaperContent,
  type PaperDraftInput,
  paperInfoEndpoints,
  type PayWay,
  type ThesisCover,
  type WritingOtherInfo,
  type WritingRecord,
  type WritingSection,
} from '@paperdesk/contracts';
import { recordCalls } from '../../shared/records/api.ts';
import { call, download, request } from '../../utils/request.ts';

/** `paper_info_api` (AI 论文写作): outline drafting, submission, records and the .docx (spec §7). */
const BASE = '/api/base/paper_info_api';
const ep = paperInfoEndpoints;
/** The model drafts the outline while the request waits: allow it a minute and a half. */
const MODEL_TIMEOUT_MS = 90_000;

export const { query: queryWritings, load: loadWriting, remove: deleteWriting } = recordCalls(ep);

/** query_paper_content `outline`: a new record with the model's outline (free, a few a day). */
export function draftOutline(draft: PaperDraftInput) {
  return request<WritingRecord>(`${BASE}/query_paper_content`, {
    data: { type: 'outline', draft },
    timeout: MODEL_TIMEOUT_MS,
  });
}

/** query_paper_content `outline` with an id: a fresh outline for a record not yet submitted. */
export function redraftOutline(id: number) {
  return request<WritingRecord>(`${BASE}/query_paper_content`, {
    data: { type: 'outline', id },
    timeout: MODEL_TIMEOUT_MS,
  });
}

/** query_paper_content `paper`: the paper as written so far. Polled, so silent. */
export function loadPaperContent(id: number) {
  return request<PaperContent>(`${BASE}/query_paper_content`, { data: { type: 'paper', id }, silent: true });
}

export function loadWritingSections(id: number) {
  return request<WritingSection[]>(`${BASE}/query_content_list`, { params: { id } });
}

export function loadWritingOther(id: number) {
  return request<WritingOtherInfo>(`${BASE}/load_other_by_id`, { params: { id }, silent: true });
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
    ? request<WritingRecord>(`${BASE}/paper_submit`, { data: { ...form, cover } })
    : request<WritingRecord>(`${BASE}/paper_xueshu_submit`, { data: form });
}

export function reloadWriting(id: number) {
  return call(ep.reload, { query: { id } });
}

export function downloadWriting(id: number, fallbackName: string) {
  return download(ep.download.path, { params: { id }, fallbackName });
}
