// First: zod's settings must be in place before any schema below is built.
import './zod-setup.ts';

export * from './envelope.ts';
export * from './paging.ts';
export * from './login.ts';
export * from './account.ts';
export * from './sysConfig.ts';
export * from './adminUsers.ts';
export * from './admin.ts';
export * from './billing.ts';
export * from './product.ts';
export * from './order.ts';
export * from './pay.ts';
export * from './check.ts';
export * from './library.ts';
export * from './aigc.ts';
export * from './machine.ts';
export * from './chat.ts';
export * from './ppt.ts';
export * from './paperInfo.ts';
export * from './reduce.ts';
export * from './references.ts';
export * from './writingSources.ts';
export * from './upload.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
