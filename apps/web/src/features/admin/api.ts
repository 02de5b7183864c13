import {
  type AdminOrderQuery,
  type AdminPackageCreate,
  type AdminPackageUpdate,
  type AdminRefundInput,
  adminEndpoints as ep,
  type AdminRetryInput,
  libraryEndpoints as lib,
} from '@paperdesk/contracts';
import { call, fileForm } from '../../utils/request.ts';
import { downloadFrom } from '../../utils/download.ts';

/** The admin console's calls (`/api/admin/*` and the admin-only `library_api`). */
type Paging = { pageNo: number; pageSize: number };

export const libraryStatus = () => call(ep.library_status, {});
export const seedLibrary = () => call(ep.library_seed, { timeout: 300_000 });
export const libraryDocuments = (paging: Paging, title: string) =>
  call(lib.query_list, { query: paging, body: title ? { title } : {} });
export const deleteLibraryDocument = (id: number) => call(lib.delete, { query: { id } });

/** One file per request: the page shows progress file by file and each file's own result. */
export const uploadLibraryFile = (file: File) =>
  call(lib.upload, { body: fileForm(file), silent: true, timeout: 120_000 });

/** A .zip of .jsonl/.docx/.pdf/.txt: one request, a result per file inside it. */
export const uploadLibraryZip = (file: File) =>
  call(lib.upload_zip, { body: fileForm(file), silent: true, timeout: 600_000 });

export const libraryMatches = (limit: number) => call(ep.library_matches, { query: { limit } });

export const adminConfig = () => call(ep.config, {});
export const setAdminConfig = (key: string, value: unknown) => call(ep.config_set, { body: { key, value } });

export const adminUsers = (paging: Paging, keyword: string) =>
  call(ep.users, { query: { ...paging, ...(keyword ? { keyword } : {}) } });
export const adjustBalance = (userId: number, deltaFen: number, reason: string) =>
  call(ep.users_adjust_balance, { body: { userId, deltaFen, reason } });
export const setUserDisabled = (userId: number, disabled: boolean) =>
  call(ep.users_set_disabled, { body: { userId, disabled } });

export const auditLog = (paging: Paging, action: string) =>
  call(ep.audit, { query: { ...paging, ...(action ? { action } : {}) } });

export type OrderFilters = Pick<AdminOrderQuery, 'status' | 'kind'> & { keyword?: string };
const filterParams = (f: OrderFilters) => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.keyword ? { keyword: f.keyword } : {}),
});
export const adminOrders = (paging: Paging, f: OrderFilters) =>
  call(ep.orders, { query: { ...paging, ...filterParams(f) } });
export const exportOrders = (f: OrderFilters) => downloadFrom(ep.orders_export, filterParams(f), '订单.csv');
export const refundOrder = (input: AdminRefundInput) => call(ep.orders_refund, { body: input });

export const userDetail = (id: number) => call(ep.users_detail, { query: { id } });

export const failedJobs = (kind: AdminRetryInput['kind'], paging: Paging) =>
  call(ep.system_failed, { query: { kind, ...paging } });
export const retryJob = (kind: AdminRetryInput['kind'], id: number) =>
  call(ep.system_retry, { body: { kind, id } });

export const systemStatus = () => call(ep.system, {});

export const modelStatus = () => call(ep.models, {});
export const modelUsage = (days: number) => call(ep.models_usage, { query: { days } });
export const testModel = (feature: string) =>
  call(ep.models_test, { body: { feature }, silent: true, timeout: 60_000 });

export const packages = () => call(ep.packages, {});
export const createPackage = (data: AdminPackageCreate) => call(ep.packages_create, { body: data });
export const updatePackage = (data: AdminPackageUpdate) => call(ep.packages_update, { body: data });
export const setPackageActive = (id: number, active: boolean) =>
  call(ep.packages_set_active, { body: { id, active } });
export const resetPassword = (userId: number, password: string) =>
  call(ep.users_reset_password, { body: { userId, password } });
