import {
  pptEndpoints,
  type PayWay,
  type PptOutlineQuota,
  type PptRecord,
  type PptSaveInput,
  type PptSourceText,
  type PptTemplate,
} from '@paperdesk/contracts';
import { recordCalls } from '../../shared/records/api.ts';
import { download, fileForm, request } from '../../utils/request.ts';

/** `ai_ppt_info_api` (AI生成PPT): templates, records, the free outline, generation and the .pptx (spec §7). */
const BASE = '/api/base/ai_ppt_info_api';
const ep = pptEndpoints;
/** Drafting an outline or reading a long upload can take longer than the default 15 s. */
const MODEL_TIMEOUT_MS = 120_000;

export const getTemplateList = () => request<PptTemplate[]>(`${BASE}/get_template_list`, { silent: true });

export const savePpt = (input: PptSaveInput) => request<PptRecord>(`${BASE}/save_or_update`, { data: input });

export const generateOutline = (id: number) =>
  request<PptRecord>(`${BASE}/generate_outline`, { params: { id }, timeout: MODEL_TIMEOUT_MS });

export const getOutlineQuota = () => request<PptOutlineQuota>(`${BASE}/get_outline_quota`, { silent: true });

export function readSource(file: File) {
  return request<PptSourceText>(`${BASE}/read_source`, { data: fileForm(file), timeout: MODEL_TIMEOUT_MS });
}

export const { query: queryPpts, load: loadPpt, remove: deletePpt } = recordCalls(ep);

/** Charged: 402 carries what to buy. Callers show that themselves, so it stays silent. */
export const submitPpt = (id: number, pay?: PayWay) =>
  request<PptRecord>(`${BASE}/submit_by_id`, { params: { id, ...(pay ? { pay } : {}) }, silent: true });

export const changeTemplate = (id: number, templateId: string) =>
  request<PptRecord>(`${BASE}/change_template`, {
    params: { id },
    data: { templateId },
    timeout: MODEL_TIMEOUT_MS,
  });

export const downloadPpt = (id: number) =>
  download(ep.download.path, { params: { id }, fallbackName: `ppt-${id}.pptx` });
