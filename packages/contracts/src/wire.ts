/**
 * `@paperdesk/contracts/wire`: the first screen's endpoints without their schemas, so a page that only calls
 * these loads no zod (tests/e2e/shell.test.ts holds /home under 300 KB gzip). Each is typed as its full
 * endpoint (a type-only import), so `call` types its query, body and result as it does from the full object.
 */
import type { accountEndpoints } from './account.ts';
import type { Wire, WireGroup } from './endpoint.ts';
import type {
  aigcEndpoints,
  checkEndpoints,
  machineEndpoints,
  paperInfoEndpoints,
  paperMachineEndpoints,
  pptEndpoints,
} from './endpoints.ts';
import type { loginEndpoints } from './login.ts';
import { accountRoutes } from './routes/account.ts';
import { loginRoutes } from './routes/login.ts';
import { recordListRoutes } from './routes/records.ts';
import { sysConfigRoutes } from './routes/sysConfig.ts';
import type { sysConfigEndpoints } from './sysConfig.ts';

export const loginWire: WireGroup<typeof loginEndpoints> = loginRoutes;
export const accountWire: WireGroup<typeof accountEndpoints> = accountRoutes;
export const sysConfigWire: WireGroup<typeof sysConfigEndpoints> = sysConfigRoutes;

type RecordGroups = {
  check: typeof checkEndpoints;
  aigc: typeof aigcEndpoints;
  machine: typeof machineEndpoints;
  ppt: typeof pptEndpoints;
  writing: typeof paperInfoEndpoints;
  reduce: typeof paperMachineEndpoints;
};
/** Each paid-record group's list call (the home page's recent records). */
export const recordListWire: { [K in keyof RecordGroups]: Wire<RecordGroups[K]['query_list']> } =
  recordListRoutes;
