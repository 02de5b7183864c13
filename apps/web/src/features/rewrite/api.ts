import { type MachineEdition, machineEndpoints, type PayWay } from '@paperdesk/contracts';
import { countArgs, recordCalls, UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** `machine_api` (降重): records, prices, submission, the before/after result and its .docx (spec §7). */
const ep = machineEndpoints;
export const { query: queryMachines, load: loadMachine, remove: deleteMachine } = recordCalls(ep);

/** Characters to rewrite and a quote per edition. */
export const machineWordCount = (source: PaperSource, opts?: { signal?: AbortSignal }) =>
  call(ep.word_count, countArgs(source, opts));

/** machine_init (智能降重) or machine_cnki_init (知网专版): stores the text as a payable record. */
export function machineInit(edition: MachineEdition, title: string, source: SentSource) {
  return call(edition === 'cnki' ? ep.machine_cnki_init : ep.machine_init, {
    body: sourceBody(source, { title }),
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

export function machineSubmit(edition: MachineEdition, id: number, orderId?: number, pay?: PayWay) {
  return call(edition === 'cnki' ? ep.machine_cnki_submit : ep.machine_submit, {
    body: { id, ...(orderId ? { orderId } : {}), ...(pay ? { pay } : {}) },
  });
}

export function downloadMachine(id: number, fallbackName: string) {
  return downloadFrom(ep.download_report, { id }, fallbackName);
}
