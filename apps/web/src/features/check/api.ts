import {
  type CheckEdition,
  type CheckListFilter,
  type CheckRecord,
  checkEndpoints,
  type ReportType,
  type WordCountResult,
} from '@paperdesk/contracts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call, download, request } from '../../utils/request.ts';

/** `check_api` (查重): records, prices, submission, reports (spec §7). */
const BASE = '/api/base/check_api';
const ep = checkEndpoints;
/** Uploads and reading a long PDF can take longer than the default 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function queryChecks(
  paging: { pageNo: number; pageSize: number },
  filter: NonNullable<CheckListFilter> = {},
  silent = false,
) {
  return call(ep.query_list, { query: paging, body: filter, silent });
}

/** Characters and a quote per edition for a file or pasted text; nothing is stored. */
export function wordCount(source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return request<WordCountResult>(`${BASE}/word_count`, {
    data: sourceBody(source),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

export interface CheckInitForm {
  title: string;
  author: string;
  edition: CheckEdition;
  addToLibrary: boolean;
}

export function checkInit(form: CheckInitForm, source: SentSource) {
  return request<CheckRecord>(`${BASE}/check_init`, {
    data: sourceBody(source, { ...form }),
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export function checkCost(id: number, edition?: CheckEdition) {
  return call(ep.check_cost, { body: { id, ...(edition ? { edition } : {}) } });
}

export function checkSubmit(id: number, opts: { edition?: CheckEdition; orderId?: number } = {}) {
  return call(ep.check_submit, { body: { id, ...opts } });
}

/** Polled while a check runs: silent so a slow network does not toast every second. */
export function loadCheck(id: number, silent = false) {
  return call(ep.load_by_id, { query: { id }, silent });
}

export function deleteCheck(id: number) {
  return call(ep.delete, { query: { id } });
}

export function updateTitle(id: number, title: string) {
  return call(ep.update_title, { query: { id }, body: { title } });
}

/** Hands the checked paper to rewriting (降重): a new 智能降重 record of its flagged paragraphs. */
export function checkMachineSubmit(id: number) {
  return call(ep.check_machine_submit, { query: { id } });
}

export function reportParagraphs(id: number) {
  return call(ep.report_paragraphs, { query: { id }, timeout: 60_000 });
}

export function downloadReport(id: number, type: ReportType, fallbackName: string) {
  return download(ep.download_report.path, { params: { id, type }, fallbackName });
}
