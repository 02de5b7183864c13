import type zh from '../zh-CN/common.ts';
import type { Twin } from '../types.ts';

export default {
  productTitle: 'PaperDesk',
  productSlogan: 'Check · Rewrite · AIGC detection · AI writing',
  verificationFailed: 'Verification failed, please Login again.',
  hasError: 'Has Error',
  notLoggedIn: 'Not logged in, please log in to use!',
  comingSoon: 'Coming soon',
  comingSoonTip: 'This service is being built and will be available soon',
  switchSizeSuccess: 'Switch Size Success',
  fullscreenUnsupported: 'you browser can not work',
  loading: 'Loading…',
  retry: 'Retry',
  backHome: 'Back to home',
  language: 'Language',
  pageError: 'Something went wrong',
  pageErrorDesc: 'Sorry, this page ran into a problem. Reload it or go back home.',
  reload: 'Reload',
  compare: {
    view: { compare: 'Side by side', text: 'Rewritten text' },
    before: 'Original',
    after: 'Rewritten',
    legend: 'Changes are highlighted',
  },
  records: {
    colTitle: 'Title',
    colPaid: 'Paid',
    colStatus: 'Status',
    colCreated: 'Created',
    colActions: 'Actions',
    pay: 'Pay',
    view: 'View',
  },
} satisfies Twin<typeof zh>;
