import { aigcEndpoints, type PayWay } from '@paperdesk/contracts';
import { countArgs, recordCalls, UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import { call } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** `paper_aigc_api` (AIGC检测): records, quote, submission, report (spec §7). */
const ep = aigcEndpoints;
export const { query: queryAigc, load: loadAigc, remove: deleteAigc } = recordCalls(ep);

export const aigcWordCount = (source: PaperSource, opts?: { signal?: AbortSignal }) =>
  call(ep.word_count, countArgs(source, opts));

export function aigcInit(form: { title: string; author: string }, source: SentSource) {
  return call(ep.machine_init, { body: sourceBody(source, form), timeout: UPLOAD_TIMEOUT_MS });
}

/** Silent: the page turns a 402 into the pay dialog instead of a toast. */
export function aigcSubmit(id: number, pay?: PayWay) {
  return call(ep.submit_check, { query: { id, ...(pay ? { pay } : {}) }, silent: true });
}

export function aigcReload(id: number) {
  return call(ep.reload, { query: { id } });
}

export function aigcReport(id: number) {
  return call(ep.load_content_by_id, { query: { id }, timeout: 60_000 });
}

export function downloadAigcReport(id: number, fallbackName: string) {
  return downloadFrom(ep.download_report, { id }, fallbackName);
}
