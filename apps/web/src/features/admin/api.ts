import type {
  AdjustBalanceResult,
  AdminConfigEntry,
  AdminModelStatus,
  AdminModelTestResult,
  AdminModelUsage,
  AdminPackage,
  AdminPackageCreate,
  AdminPackageUpdate,
  AdminOrder,
  AdminRefundInput,
  AdminRefundResult,
  AdminUser,
  AdminUserDetail,
  FailedJob,
  LibraryMatch,
  AuditEntry,
  LibraryDocument,
  LibrarySeedResult,
  LibraryStatus,
  LibraryUploadResult,
  Page,
  SystemStatus,
} from '@paperdesk/contracts';
import { download, type Query, request } from '../../utils/request.ts';

/** The admin console's calls (`/api/admin/*` and the admin-only `library_api`). */
type Paging = { pageNo: number; pageSize: number };

export const libraryStatus = () => request<LibraryStatus>('/api/admin/library/status', { method: 'GET' });
export const seedLibrary = () =>
  request<LibrarySeedResult>('/api/admin/library/seed', { method: 'POST', timeout: 300_000 });
export const libraryDocuments = (paging: Paging, title: string) =>
  request<Page<LibraryDocument>>('/api/base/library_api/query_list', {
    params: paging,
    data: title ? { title } : {},
  });
export const deleteLibraryDocument = (id: number) =>
  request<boolean>('/api/base/library_api/delete', { params: { id } });

/** One file per request: the page shows progress file by file and each file's own result. */
export function uploadLibraryFile(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return request<LibraryUploadResult>('/api/base/library_api/upload', {
    data,
    silent: true,
    timeout: 120_000,
  });
}

/** A .zip of .jsonl/.docx/.pdf/.txt: one request, a result per file inside it. */
export function uploadLibraryZip(file: File) {
  const data = new FormData();
  data.append('file', file, file.name);
  return request<LibraryUploadResult>('/api/base/library_api/upload_zip', {
    data,
    silent: true,
    timeout: 600_000,
  });
}
export const libraryMatches = (limit: number) =>
  request<LibraryMatch[]>('/api/admin/library/matches', { method: 'GET', params: { limit } });

export const adminConfig = () => request<AdminConfigEntry[]>('/api/admin/config', { method: 'GET' });
export const setAdminConfig = (key: string, value: unknown) =>
  request<AdminConfigEntry>('/api/admin/config/set', { data: { key, value } });

export const adminUsers = (paging: Paging, keyword: string) =>
  request<Page<AdminUser>>('/api/admin/users', {
    method: 'GET',
    params: { ...paging, ...(keyword ? { keyword } : {}) },
  });
export const adjustBalance = (userId: number, deltaFen: number, reason: string) =>
  request<AdjustBalanceResult>('/api/admin/users/adjust_balance', { data: { userId, deltaFen, reason } });
export const setUserDisabled = (userId: number, disabled: boolean) =>
  request<boolean>('/api/admin/users/set_disabled', { data: { userId, disabled } });

export const auditLog = (paging: Paging, action: string) =>
  request<Page<AuditEntry>>('/api/admin/audit', {
    method: 'GET',
    params: { ...paging, ...(action ? { action } : {}) },
  });

export type OrderFilters = { status?: string; kind?: string; keyword?: string };
const filterParams = (f: OrderFilters): Query => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.keyword ? { keyword: f.keyword } : {}),
});
export const adminOrders = (paging: Paging, f: OrderFilters) =>
  request<Page<AdminOrder>>('/api/admin/orders', {
    method: 'GET',
    params: { ...paging, ...filterParams(f) },
  });
export const exportOrders = (f: OrderFilters) =>
  download('/api/admin/orders/export', { params: filterParams(f), fallbackName: '订单.csv' });
export const refundOrder = (input: AdminRefundInput) =>
  request<AdminRefundResult>('/api/admin/orders/refund', { data: input });

export const userDetail = (id: number) =>
  request<AdminUserDetail>('/api/admin/users/detail', { method: 'GET', params: { id } });

export const failedJobs = (kind: string, paging: Paging) =>
  request<Page<FailedJob>>('/api/admin/system/failed', { method: 'GET', params: { kind, ...paging } });
export const retryJob = (kind: string, id: number) =>
  request<boolean>('/api/admin/system/retry', { data: { kind, id } });

export const systemStatus = () => request<SystemStatus>('/api/admin/system', { method: 'GET' });

export const modelStatus = () => request<AdminModelStatus>('/api/admin/models', { method: 'GET' });
export const modelUsage = (days: number) =>
  request<AdminModelUsage>('/api/admin/models/usage', { method: 'GET', params: { days } });
export const testModel = (feature: string) =>
  request<AdminModelTestResult>('/api/admin/models/test', {
    data: { feature },
    silent: true,
    timeout: 60_000,
  });

export const packages = () => request<AdminPackage[]>('/api/admin/packages', { method: 'GET' });
export const createPackage = (data: AdminPackageCreate) =>
  request<AdminPackage>('/api/admin/packages/create', { data });
export const updatePackage = (data: AdminPackageUpdate) =>
  request<AdminPackage>('/api/admin/packages/update', { data });
export const setPackageActive = (id: number, active: boolean) =>
  request<AdminPackage>('/api/admin/packages/set_active', { data: { id, active } });
export const resetPassword = (userId: number, password: string) =>
  request<boolean>('/api/admin/users/reset_password', { data: { userId, password } });
