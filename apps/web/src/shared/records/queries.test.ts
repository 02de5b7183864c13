import { describe, expect, it } from 'vitest';
import { isRecordQuery, queryKeys } from './queries.ts';

describe('isRecordQuery (what a paid order refreshes)', () => {
  it('matches every list, record and record part, so a paid record shows paid without a reload', () => {
    expect(isRecordQuery(queryKeys.records('check', 1, 10))).toBe(true);
    expect(isRecordQuery(queryKeys.record('aigc', 7))).toBe(true);
    expect(isRecordQuery(queryKeys.recordPart('reduce', 3, 'cost'))).toBe(true);
  });
  it('leaves unrelated caches alone', () => {
    expect(isRecordQuery(queryKeys.products)).toBe(false);
    expect(isRecordQuery(queryKeys.sysConfig('price.'))).toBe(false);
    expect(isRecordQuery(queryKeys.order(5))).toBe(false);
  });
});
