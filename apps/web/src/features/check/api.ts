import type {
  CheckCost,
  CheckEdition,
  CheckListFilter,
  CheckRecord,
  CheckReport,
  LibraryDocument,
  LibraryStats,
  LibraryUploadResult,
  LibrarySize,
  MachineRecord,
  Page,
  ReportType,
  WordCountResult,
} from '@paperdesk/contracts';
import { download, request } from '../../utils/request.ts';

/** `check_api` (查重): records, prices, submission, reports (spec §7). */
const BASE = '/api/base/check_api';
/** Uploads and reading a long PDF can take longer than the default 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export type CheckSource = { file: File } | { text: string };

export function queryChecks(
  paging: { pageNo: number; pageSize: number },
  filter: NonNullable<CheckListFilter> = {},
  silent = false,
) {
  return request<Page<CheckRecord>>(`${BASE}/query_list`, { params: paging, data: filter, silent });
}

/** Characters and a quote per edition for a file or pasted text; nothing is stored. */
export function wordCount(source: CheckSource, opts: { signal?: AbortSignal } = {}) {
  let data: FormData | { text: string };
  if ('file' in source) {
    data = new FormData();
    data.append('file', source.file, source.file.name);
  } else data = { text: source.text };
  return request<WordCountResult>(`${BASE}/word_count`, {
    data,
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

export function checkInit(form: CheckInitForm, source: CheckSource) {
  if ('file' in source) {
    const data = new FormData();
    data.append('title', form.title);
    data.append('author', form.author);
    data.append('edition', form.edition);
    data.append('addToLibrary', String(form.addToLibrary));
    data.append('file', source.file, source.file.name);
    return request<CheckRecord>(`${BASE}/check_init`, { data, timeout: UPLOAD_TIMEOUT_MS });
  }
  return request<CheckRecord>(`${BASE}/check_init`, {
    data: { ...form, text: source.text },
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export function checkCost(id: number, edition?: CheckEdition) {
  return request<CheckCost>(`${BASE}/check_cost`, { data: { id, ...(edition ? { edition } : {}) } });
}

export function checkSubmit(id: number, opts: { edition?: CheckEdition; orderId?: number } = {}) {
  return request<CheckRecord>(`${BASE}/check_submit`, { data: { id, ...opts } });
}

/** Polled while a check runs: silent so a slow network does not toast every second. */
export function loadCheck(id: number, silent = false) {
  return request<CheckRecord>(`${BASE}/load_by_id`, { params: { id }, silent });
}

export function deleteCheck(id: number) {
  return request<boolean>(`${BASE}/delete`, { params: { id } });
}

export function updateTitle(id: number, title: string) {
  return request<CheckRecord>(`${BASE}/update_title`, { params: { id }, data: { title } });
}

/** Hands the checked paper to rewriting (降重): a new 智能降重 record of its flagged paragraphs. */
export function checkMachineSubmit(id: number) {
  return request<MachineRecord>(`${BASE}/check_machine_submit`, { params: { id } });
}

export function reportParagraphs(id: number) {
  return request<CheckReport>(`${BASE}/report_paragraphs`, {
    method: 'GET',
    params: { id },
    timeout: 60_000,
  });
}

export function downloadReport(id: number, type: ReportType, fallbackName: string) {
  return download(`${BASE}/download_report`, { params: { id, type }, fallbackName });
}

/** The library a check submitted now runs against (public): 比对库：N 篇 / M 字. */
export function librarySize() {
  return request<LibrarySize>(`${BASE}/f/library_size`, { silent: true });
}

/** 自建库: the user's private references. */
const MY = '/api/base/library_api/my';
export const myLibrary = (paging: { pageNo: number; pageSize: number }) =>
  request<Page<LibraryDocument>>(`${MY}/query_list`, { params: paging });
export const myLibraryStats = () => request<LibraryStats>(`${MY}/stats`);
export function uploadToMyLibrary(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return request<LibraryUploadResult>(`${MY}/upload`, { data, timeout: UPLOAD_TIMEOUT_MS });
}
export const deleteFromMyLibrary = (id: number) => request<boolean>(`${MY}/delete`, { params: { id } });
