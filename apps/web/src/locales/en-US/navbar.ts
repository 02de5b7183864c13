import type zh from '../zh-CN/navbar.ts';
import type { Twin } from '../types.ts';

export default {
  nav: {
    home: 'Home',
    write: 'Write a paper',
    rewrite: 'Rewriting',
    aigcRewrite: 'Lower AIGC',
    aigcCheck: 'AIGC detection',
    check: 'Plagiarism check',
    cnki: 'CNKI rewriting',
    ppt: 'PPT generation',
    order: 'Packages',
  },
  logIn: 'Log in',
  userId: 'User ID: {{id}}',
  accountCenter: 'Account centre',
  logOut: 'Log Out',
  search: 'Search pages',
  searchPlaceholder: 'Search pages, e.g. Home',
  noResult: 'No matching page',
  screenfull: 'Screenfull',
  exitScreenfull: 'Exit fullscreen',
  size: 'Global Size',
  sizes: { default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' },
  settings: 'Page style setting',
  language: 'Language',
  errorLog: 'Error log',
  toggleSidebar: 'Toggle sidebar',
  mainNav: 'Main navigation',
} satisfies Twin<typeof zh>;
