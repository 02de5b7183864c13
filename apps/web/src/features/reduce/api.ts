import {
  aigcReduceEndpoints,
  paperMachineEndpoints as E,
  type EndpointBody,
  type EndpointQuery,
  type PayWay,
  type ReduceKind,
  type ReducePath,
  type ReduceTargets,
} from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';
import { recordCalls, UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { type PaperSource, type SentSource, sourceBody } from '../../shared/records/source.ts';
import type { RecordFilter } from '../../shared/records/useRecordList.ts';

/**
 * `paper_machine_api` (whole-paper 降重 and 降AIGC, one record type) and the 降AIGC calls of `paper_aigc_api`,
 * typed from their definitions in contracts/src/endpoints.ts. Scores and targets are percentages.
 */

/** A re-measured paragraph (edit, redo) runs the check and the detector, or a model call. */
const PARAGRAPH_TIMEOUT_MS = 90_000;

/** Flat target fields as the API takes them: a target that is not asked is left out. */
export function targetFields(t: ReduceTargets) {
  return {
    ...(t.similarity !== null ? { targetSimilarity: t.similarity } : {}),
    ...(t.aigc !== null ? { targetAigc: t.aigc } : {}),
  };
}

/**
 * JSON for pasted text; multipart otherwise: the file, or the upload id of the file the word count kept (not
 * sent again), and for the 知网 page the checker's report.
 */
function initBody(
  fields: { title: string; kind: ReduceKind; path: ReducePath; targets: ReduceTargets },
  source: SentSource,
  report?: File,
): EndpointBody<typeof E.machine_init> | FormData {
  const flat = { title: fields.title, kind: fields.kind, path: fields.path, ...targetFields(fields.targets) };
  if (!report && 'text' in source) return { ...flat, text: source.text };
  const form = new FormData();
  for (const [k, v] of Object.entries(flat)) form.append(k, String(v));
  if ('file' in source) form.append('file', source.file, source.file.name);
  else if ('uploadId' in source) form.append('uploadId', source.uploadId);
  else form.append('text', source.text);
  if (report) form.append('report', report, report.name);
  return form;
}

export const { load: loadReduce, remove: deleteReduce } = recordCalls(E);

/** One product's records (降重 or 降AIGC), for the records kit. */
export const queryReduce =
  (kind: ReduceKind) =>
  (paging: { pageNo: number; pageSize: number }, filter: RecordFilter, silent: boolean) =>
    call(E.query_list, { query: paging, body: { ...filter, kind }, silent });

/** The reductions made from one of our check or AIGC records (newest first). */
export function reductionsOf(origin: 'check' | 'aigc', sourceRecordId: number) {
  return call(E.query_list, {
    query: { pageNo: 1, pageSize: 1 },
    body: { origin, sourceRecordId },
    silent: true,
  });
}

/** Characters and both paths' quotes for a file or pasted text; an uploaded file is kept for the record made next. */
export function reduceWordCount(kind: ReduceKind, source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return call(E.word_count, {
    // a file goes as multipart through the kit's body builder, text as the typed JSON body
    body: 'text' in source ? { text: source.text, kind } : (sourceBody(source, { kind }) as FormData),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

export function reduceInit(
  fields: { title: string; kind: ReduceKind; path: ReducePath; targets: ReduceTargets },
  source: SentSource,
  report?: File,
) {
  return call(E.machine_init, { body: initBody(fields, source, report), timeout: UPLOAD_TIMEOUT_MS });
}

/** Charges and queues; path and targets may still change while unpaid. 降AIGC records go through paper_aigc_api. */
export function reduceSubmit(
  kind: ReduceKind,
  id: number,
  opts: { path?: ReducePath; targets?: ReduceTargets; orderId?: number; pay?: PayWay | undefined } = {},
) {
  const query: EndpointQuery<typeof E.machine_submit> = {
    id,
    ...(opts.path ? { path: opts.path } : {}),
    ...(opts.orderId ? { orderId: opts.orderId } : {}),
    ...(opts.pay ? { pay: opts.pay } : {}),
    ...(opts.targets ? targetFields(opts.targets) : {}),
  };
  const endpoint = kind === 'aigc' ? aigcReduceEndpoints.machine_submit : E.machine_submit;
  return call(endpoint, { query, silent: true });
}

export function loadReduceContent(id: number, silent = false) {
  return call(E.load_content_by_id, { query: { id }, silent, timeout: 60_000 });
}

/** A failed record runs again (charged once more); a done offline record continues with path=model. */
export function reduceReload(id: number, path?: ReducePath) {
  return call(E.reload, { query: { id, ...(path ? { path } : {}) } });
}

export function downloadReduce(id: number, track: boolean, fallbackName: string) {
  return downloadFrom(E.download, { id, track }, fallbackName);
}

/** Hands the rewritten text to 查重: a new check record waiting for payment. */
export function reduceSubmitCheck(id: number) {
  return call(E.submit_check, { query: { id } });
}

export function decideParagraph(id: number, body: EndpointBody<typeof E.update_paragraph>) {
  return call(E.update_paragraph, { query: { id }, body, timeout: PARAGRAPH_TIMEOUT_MS });
}

export function redoParagraph(id: number, index: number) {
  return call(E.redo_paragraph, { query: { id }, body: { index }, timeout: PARAGRAPH_TIMEOUT_MS });
}

/**
 * One click from a check report (降重) or an AIGC report (降AIGC): a new unpaid record of its flagged
 * paragraphs; the 知网 page may name the path and targets.
 */
export function reduceFromCheck(checkId: number, opts: { path?: ReducePath; targets?: ReduceTargets } = {}) {
  return call(E.check_machine_submit, {
    query: {
      id: checkId,
      ...(opts.path ? { path: opts.path } : {}),
      ...(opts.targets ? targetFields(opts.targets) : {}),
    },
  });
}

export function reduceFromAigc(aigcId: number) {
  return call(aigcReduceEndpoints.aigc_machine_submit, { query: { id: aigcId } });
}
