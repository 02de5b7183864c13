import type {
  ChangePasswordInput,
  CurrentUser,
  LoginInput,
  LoginResult,
  QrCodeStart,
  QrValidateResult,
  RegisterInput,
} from '@paperdesk/contracts';
import { request } from '../../utils/request.ts';

/** `login_api` (spec §7 "Login and account"); mirrors apps/server/src/http/routes/login.ts. */
const BASE = '/api/base/login_api';

/** Username and password travel in the query string, as the spec's client sends them. */
export function login(form: LoginInput, opts: { silent?: boolean } = {}) {
  return request<LoginResult>(`${BASE}/f/login`, {
    params: { username: form.username.trim(), password: form.password },
    silent: opts.silent ?? false,
  });
}

/** Current user; `result` is null for a missing or invalid token. */
export function getCurrent(opts: { silent?: boolean } = {}) {
  return request<CurrentUser | null>(`${BASE}/current`, { silent: opts.silent ?? false });
}

export function logout() {
  return request<boolean>(`${BASE}/logout`, { silent: true });
}

/** A fresh QR login id and the text the QR encodes. Failures are silent (spec §8). */
export function getLoginQrCode() {
  return request<QrCodeStart>(`${BASE}/f/login_qr_code`, { silent: true });
}

/** Truthy `result.access_token` once the phone confirmed. Failures are only logged (spec §8). */
export function validateLoginQrCode(id: string) {
  return request<QrValidateResult>(`${BASE}/f/val_login_qr_code`, { params: { id }, silent: true });
}

export function register(form: RegisterInput, opts: { silent?: boolean } = {}) {
  return request<LoginResult>(`${BASE}/f/register`, { data: form, silent: opts.silent ?? false });
}

export function changePassword(input: ChangePasswordInput) {
  return request<boolean>(`${BASE}/change_password`, { data: input });
}
