import { type PayWay, type PptSaveInput, pptEndpoints } from '@paperdesk/contracts';
import { recordCalls } from '../../shared/records/api.ts';
import { call, fileForm } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** `ai_ppt_info_api` (AI生成PPT): templates, records, the free outline, generation and the .pptx (spec §7). */
const ep = pptEndpoints;
/** Drafting an outline or reading a long upload can take longer than the default 15 s. */
const MODEL_TIMEOUT_MS = 120_000;

export const getTemplateList = () => call(ep.get_template_list, { silent: true });

export const savePpt = (input: PptSaveInput) => call(ep.save_or_update, { body: input });

export const generateOutline = (id: number) =>
  call(ep.generate_outline, { query: { id }, timeout: MODEL_TIMEOUT_MS });

export const getOutlineQuota = () => call(ep.get_outline_quota, { silent: true });

export function readSource(file: File) {
  return call(ep.read_source, { body: fileForm(file), timeout: MODEL_TIMEOUT_MS });
}

export const { query: queryPpts, load: loadPpt, remove: deletePpt } = recordCalls(ep);

/** Charged: 402 carries what to buy. Callers show that themselves, so it stays silent. */
export const submitPpt = (id: number, pay?: PayWay) =>
  call(ep.submit_by_id, { query: { id, ...(pay ? { pay } : {}) }, silent: true });

export const changeTemplate = (id: number, templateId: string) =>
  call(ep.change_template, { query: { id }, body: { templateId }, timeout: MODEL_TIMEOUT_MS });

export const downloadPpt = (id: number) => downloadFrom(ep.download, { id }, `ppt-${id}.pptx`);
