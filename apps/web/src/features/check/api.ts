import {
  type CheckEdition,
  checkEndpoints,
  myLibraryEndpoints,
  type PayWay,
  type ReportType,
} from '@paperdesk/contracts';
import { countArgs, recordCalls, UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call, fileForm } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** `check_api` (查重): records, prices, submission, reports (spec §7). */
const ep = checkEndpoints;
export const { query: queryChecks, load: loadCheck, remove: deleteCheck } = recordCalls(ep);

/** A quote per edition. */
export const wordCount = (source: PaperSource, opts?: { signal?: AbortSignal }) =>
  call(ep.word_count, countArgs(source, opts));

export interface CheckInitForm {
  title: string;
  author: string;
  edition: CheckEdition;
  addToLibrary: boolean;
}

export function checkInit(form: CheckInitForm, source: SentSource) {
  return call(ep.check_init, { body: sourceBody(source, { ...form }), timeout: UPLOAD_TIMEOUT_MS });
}

export function checkCost(id: number, edition?: CheckEdition) {
  return call(ep.check_cost, { body: { id, ...(edition ? { edition } : {}) } });
}

export function checkSubmit(
  id: number,
  opts: { edition?: CheckEdition; orderId?: number; pay?: PayWay } = {},
) {
  return call(ep.check_submit, { body: { id, ...opts } });
}

/** Stop a queued or running check; the charge is refunded. */
export function cancelCheck(id: number) {
  return call(ep.check_cancel, { query: { id } });
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
  return downloadFrom(ep.download_report, { id, type }, fallbackName);
}

/** The library a check submitted now runs against (public): 比对库：N 篇 / M 字. */
export function librarySize() {
  return call(ep.library_size, { silent: true });
}

/** 自建库: the user's private references. */
export const myLibrary = (paging: { pageNo: number; pageSize: number }) =>
  call(myLibraryEndpoints.query_list, { query: paging });
export const myLibraryStats = () => call(myLibraryEndpoints.stats, {});
export const uploadToMyLibrary = (file: File) =>
  call(myLibraryEndpoints.upload, { body: fileForm(file), timeout: UPLOAD_TIMEOUT_MS });
export const deleteFromMyLibrary = (id: number) => call(myLibraryEndpoints.delete, { query: { id } });
