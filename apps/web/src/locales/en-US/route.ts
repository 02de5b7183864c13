import type zh from '../zh-CN/route.ts';
import type { Twin } from '../types.ts';

export default {
  home: 'Home',
  login: 'Login',
  authRedirect: 'Auth redirect',
  page404: '404',
  page401: '401',
  checkvip: 'Page not found',
  redirect: 'Redirect',
} satisfies Twin<typeof zh>;
