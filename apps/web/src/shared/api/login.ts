import type { ChangePasswordInput, LoginInput, RegisterInput } from '@paperdesk/contracts';
import { loginWire as ep } from '@paperdesk/contracts/wire';
import { call } from '../../utils/request.ts';

/**
 * `login_api` (spec §7 "Login and account"). By the endpoints' wire part: the signed-in first screen asks
 * `current`, and the full endpoints would bring zod into its bundle (tests/e2e/shell.test.ts).
 */

/** Username and password travel in the query string, as the spec's client sends them. */
export function login(form: LoginInput, opts: { silent?: boolean } = {}) {
  return call(ep.login, {
    query: { username: form.username.trim(), password: form.password },
    silent: opts.silent ?? false,
  });
}

/** Current user; `result` is null for a missing or invalid token. */
export function getCurrent(opts: { silent?: boolean } = {}) {
  return call(ep.current, { silent: opts.silent ?? false });
}

export function logout() {
  return call(ep.logout, { silent: true });
}

/** A fresh QR login id and the text the QR encodes. Failures are silent (spec §8). */
export function getLoginQrCode() {
  return call(ep.login_qr_code, { silent: true });
}

/** Truthy `result.access_token` once the phone confirmed. Failures are only logged (spec §8). */
export function validateLoginQrCode(id: string) {
  return call(ep.val_login_qr_code, { query: { id }, silent: true });
}

export function register(form: RegisterInput, opts: { silent?: boolean } = {}) {
  return call(ep.register, { body: form, silent: opts.silent ?? false });
}

export function changePassword(input: ChangePasswordInput) {
  return call(ep.change_password, { body: input });
}
