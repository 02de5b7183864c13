import { type ReferenceStandard, referenceEndpoints as ep } from '@paperdesk/contracts';
import { UPLOAD_TIMEOUT_MS } from '../../shared/records/api.ts';
import { call, fileForm } from '../../utils/request.ts';

/** `reference_api` (参考文献核查 on its own): free, nothing is stored. Verification may ask online sources. */
const CHECK_TIMEOUT_MS = 120_000;

export const checkList = (text: string, standard: ReferenceStandard) =>
  call(ep.check, { body: { text, standard }, timeout: CHECK_TIMEOUT_MS });

export const checkFile = (file: File, standard: ReferenceStandard) =>
  call(ep.check_file, {
    query: { standard },
    body: fileForm(file),
    timeout: Math.max(UPLOAD_TIMEOUT_MS, CHECK_TIMEOUT_MS),
  });
