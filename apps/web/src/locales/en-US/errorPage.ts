import type zh from '../zh-CN/errorPage.ts';
import type { Twin } from '../types.ts';

export default {
  notFoundTitle: 'Page not found',
  notFoundDesc: 'The page you asked for does not exist; it may have moved or been retired.',
  unauthorizedTitle: 'No access',
  unauthorizedDesc:
    'You do not have permission to view this page. Sign in and try again, or contact the administrator.',
  checkvipDesc: 'This page does not exist or is not open yet. Go back home, or have a look at our packages.',
  backHome: 'Back to home',
  goPackages: 'See packages',
  goLogin: 'Log in',
  goBack: 'Go back',
} satisfies Twin<typeof zh>;
