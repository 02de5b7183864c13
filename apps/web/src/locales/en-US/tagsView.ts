import type zh from '../zh-CN/tagsView.ts';
import type { Twin } from '../types.ts';

export default {
  refresh: 'Refresh',
  close: 'Close',
  closeOthers: 'Close Others',
  closeAll: 'Close All',
} satisfies Twin<typeof zh>;
