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
  noModel: {
    title: '"{{feature}}" is unavailable: no AI model is configured, please contact the administrator',
    body: 'It works once an administrator configures a model under Console → AI models; nothing is charged until then, and the rest of the site works as usual.',
    feature: {
      chat: 'AI assistant',
      writing: 'AI paper writing',
      rewrite: 'Model rewriting',
      aigc: 'Model AIGC reduction',
      ppt: 'AI slides',
    },
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
