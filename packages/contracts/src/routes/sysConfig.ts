import { routes } from '../endpoint.ts';

/** ai_sys_config_api's wire part (every first screen reads the public settings); schemas in `sysConfig.ts`. */
export const sysConfigRoutes = routes(
  '/api/base/ai_sys_config_api/f',
  { load_all_by_entity: {}, load_by_id: {} },
  'guest',
);
