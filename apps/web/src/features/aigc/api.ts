import {
  aigcEndpoints,
  type AigcListFilter,
  type AigcRecord,
  type AigcWordCountResult,
} from '@paperdesk/contracts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call, download, request } from '../../utils/request.ts';

/** `paper_aigc_api` (AIGC检测): records, quote, submission, report (spec §7). */
const BASE = '/api/base/paper_aigc_api';
const ep = aigcEndpoints;
/** Uploads and reading a long PDF can take longer than the default 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function queryAigc(
  paging: { pageNo: number; pageSize: number },
  filter: NonNullable<AigcListFilter> = {},
  silent = false,
) {
  return call(ep.query_list, { query: paging, body: filter, silent });
}

/** Characters and the quote for a file or pasted text; nothing is stored. */
export function aigcWordCount(source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return request<AigcWordCountResult>(`${BASE}/word_count`, {
    data: sourceBody(source),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

export function aigcInit(form: { title: string; author: string }, source: SentSource) {
  return request<AigcRecord>(`${BASE}/machine_init`, {
    data: sourceBody(source, form),
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

/** Silent: the page turns a 402 into the pay dialog instead of a toast. */
export function aigcSubmit(id: number) {
  return call(ep.submit_check, { query: { id }, silent: true });
}

export function aigcReload(id: number) {
  return call(ep.reload, { query: { id } });
}

/** Polled while a check runs: silent so a slow network does not toast every second. */
export function loadAigc(id: number, silent = false) {
  return call(ep.load_by_id, { query: { id }, silent });
}

export function deleteAigc(id: number) {
  return call(ep.delete, { query: { id } });
}

export function aigcReport(id: number) {
  return call(ep.load_content_by_id, { query: { id }, timeout: 60_000 });
}

export function downloadAigcReport(id: number, fallbackName: string) {
  return download(ep.download_report.path, { params: { id }, fallbackName });
}
