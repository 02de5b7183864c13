import { routes } from '../endpoint.ts';

/** login_api's wire part (the signed-in first screen asks `current`); schemas in `login.ts`. */
export const loginRoutes = routes(
  '/api/base/login_api',
  {
    login: { path: 'f/login' },
    register: { path: 'f/register' },
    current: {},
    logout: {},
    change_password: { access: 'user' },
    login_qr_code: { path: 'f/login_qr_code' },
    val_login_qr_code: { path: 'f/val_login_qr_code' },
    qr_request: { access: 'user' },
    qr_confirm: { access: 'user' },
  },
  'guest',
);
