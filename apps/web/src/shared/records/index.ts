export * from './columns.tsx';
export * from './parts.tsx';
export * from './queries.ts';
export * from './RecordStates.tsx';
export * from './RecordTable.tsx';
export * from './status.ts';
export * from './useRecordList.ts';
