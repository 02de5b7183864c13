export * from './columns.tsx';
export * from './parts.tsx';
export * from './RecordTable.tsx';
export * from './RecordStates.tsx';
export * from './useRecordList.ts';
