import type zh from '../zh-CN/errorLog.ts';
import type { Twin } from '../types.ts';

export default {
  title: 'Error Log',
  message: 'Message',
  kind: 'Type',
  page: 'Page',
  time: 'Time',
  detail: 'Detail',
  clear: 'Clear',
  runtime: 'Runtime error',
  request: 'Request failed',
  empty: 'No errors',
} satisfies Twin<typeof zh>;
