import {
  type MachineEdition,
  machineEndpoints,
  type MachineListFilter,
  type MachineRecord,
  type MachineWordCount,
} from '@paperdesk/contracts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call, download, request } from '../../utils/request.ts';

/** `machine_api` (降重): records, prices, submission, the before/after result and its .docx (spec §7). */
const BASE = '/api/base/machine_api';
const ep = machineEndpoints;
/** Uploads and reading a long PDF can take longer than the default 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

const INIT: Record<MachineEdition, string> = { standard: 'machine_init', cnki: 'machine_cnki_init' };

export function queryMachines(
  paging: { pageNo: number; pageSize: number },
  filter: NonNullable<MachineListFilter> = {},
  silent = false,
) {
  return call(ep.query_list, { query: paging, body: filter, silent });
}

/** Characters to rewrite and a quote per edition; nothing is stored. */
export function machineWordCount(source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return request<MachineWordCount>(`${BASE}/word_count`, {
    data: sourceBody(source),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

/** machine_init (智能降重) or machine_cnki_init (知网专版): stores the text as a payable record. */
export function machineInit(edition: MachineEdition, title: string, source: SentSource) {
  return request<MachineRecord>(`${BASE}/${INIT[edition]}`, {
    data: sourceBody(source, { title }),
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export function machineSubmit(edition: MachineEdition, id: number, orderId?: number) {
  return call(edition === 'cnki' ? ep.machine_cnki_submit : ep.machine_submit, {
    body: { id, ...(orderId ? { orderId } : {}) },
  });
}

/** Polled while a rewrite runs: silent so a slow network does not toast every second. */
export function loadMachine(id: number, silent = false) {
  return call(ep.load_by_id, { query: { id }, silent });
}

export function deleteMachine(id: number) {
  return call(ep.delete, { query: { id } });
}

export function downloadMachine(id: number, fallbackName: string) {
  return download(ep.download_report.path, { params: { id }, fallbackName });
}
