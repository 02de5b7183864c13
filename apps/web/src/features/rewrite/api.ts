import {
  type MachineEdition,
  machineEndpoints,
  type MachineRecord,
  type MachineWordCount,
  type PayWay,
} from '@paperdesk/contracts';
import { recordCalls, UPLOAD_TIMEOUT_MS, wordCountOf } from '../../shared/records/api.ts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call, download, request } from '../../utils/request.ts';

/** `machine_api` (降重): records, prices, submission, the before/after result and its .docx (spec §7). */
const BASE = '/api/base/machine_api';
const ep = machineEndpoints;
export const { query: queryMachines, load: loadMachine, remove: deleteMachine } = recordCalls(ep);

const INIT: Record<MachineEdition, string> = { standard: 'machine_init', cnki: 'machine_cnki_init' };

/** Characters to rewrite and a quote per edition. */
export const machineWordCount = (source: PaperSource, opts?: { signal?: AbortSignal }) =>
  wordCountOf<MachineWordCount>(BASE, source, opts);

/** machine_init (智能降重) or machine_cnki_init (知网专版): stores the text as a payable record. */
export function machineInit(edition: MachineEdition, title: string, source: SentSource) {
  return request<MachineRecord>(`${BASE}/${INIT[edition]}`, {
    data: sourceBody(source, { title }),
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export function machineSubmit(edition: MachineEdition, id: number, orderId?: number, pay?: PayWay) {
  return call(edition === 'cnki' ? ep.machine_cnki_submit : ep.machine_submit, {
    body: { id, ...(orderId ? { orderId } : {}), ...(pay ? { pay } : {}) },
  });
}

export function downloadMachine(id: number, fallbackName: string) {
  return download(ep.download_report.path, { params: { id }, fallbackName });
}
