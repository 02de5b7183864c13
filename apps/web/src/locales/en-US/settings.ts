import type zh from '../zh-CN/settings.ts';
import type { Twin } from '../types.ts';

export default {
  title: 'Page style setting',
  theme: 'Theme Color',
  tagsView: 'Open Tags-View',
  fixedHeader: 'Fixed Header',
  sidebarLogo: 'Sidebar Logo',
  custom: 'Custom colour',
} satisfies Twin<typeof zh>;
