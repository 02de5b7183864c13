import { routes } from '../endpoint.ts';

/** account_info_api's wire part (the signed-in first screen asks it); schemas in `account.ts`. */
export const accountRoutes = routes('/api/base/account_info_api', { account: { method: 'GET' } });
