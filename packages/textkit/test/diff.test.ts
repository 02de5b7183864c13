import { describe, expect, it } from 'vitest';
import { type DiffOp, diffText, foldIslands } from '../src/diff.ts';

const sideOf = (ops: DiffOp[], drop: DiffOp['op']) =>
  ops
    .filter((o) => o.op !== drop)
    .map((o) => o.text)
    .join('');

describe('diffText', () => {
  it('rebuilds both texts, deletions before insertions in each change', () => {
    const pairs: [string, string][] = [
      ['本文研究了深度学习在医学影像中的应用。', '本研究探讨深度学习于医学影像领域的运用。'],
      ['', '新增'],
      ['删掉', ''],
      ['相同', '相同'],
      ['含有😀表情', '含有🙂表情'],
      ['the quick fox', 'the slow brown fox'],
    ];
    for (const [a, b] of pairs)
      for (const units of ['characters', 'words'] as const) {
        const ops = diffText(a, b, { units });
        expect(sideOf(ops, 'insert')).toBe(a);
        expect(sideOf(ops, 'delete')).toBe(b);
        for (let k = 1; k < ops.length; k++)
          expect([ops[k - 1]!.op, ops[k]!.op]).not.toEqual(['insert', 'delete']);
      }
  });

  it('marks a minimal change, character by character or by Latin word', () => {
    expect(diffText('该方法显著提高了准确率', '该方法明显提升了准确率')).toEqual([
      { op: 'equal', text: '该方法' },
      { op: 'insert', text: '明' },
      { op: 'equal', text: '显' },
      { op: 'delete', text: '著' },
      { op: 'equal', text: '提' },
      { op: 'delete', text: '高' },
      { op: 'insert', text: '升' },
      { op: 'equal', text: '了准确率' },
    ]);
    expect(diffText('the quick fox', 'the quack fox', { units: 'words' })).toEqual([
      { op: 'equal', text: 'the ' },
      { op: 'delete', text: 'quick' },
      { op: 'insert', text: 'quack' },
      { op: 'equal', text: ' fox' },
    ]);
    expect(diffText('A😀B', 'A🙂B').filter((o) => o.op !== 'equal')).toEqual([
      { op: 'delete', text: '😀' },
      { op: 'insert', text: '🙂' },
    ]);
  });

  it('compares whitespace loosely when asked, keeping the original whitespace', () => {
    expect(diffText('a  b', 'a b', { units: 'words', looseSpace: true })).toEqual([
      { op: 'equal', text: 'a  b' },
    ]);
  });

  it('falls back to sentences, then to one change, on long rewrites without stalling', () => {
    const sentence = (i: number) => `这是第${i}句不同的话。`;
    const a = Array.from({ length: 1000 }, (_, i) => sentence(i)).join('');
    const b = Array.from({ length: 1000 }, (_, i) => (i % 2 ? sentence(i) : `改写后的第${i}句。`)).join('');
    const ops = diffText(a, b);
    expect(sideOf(ops, 'insert')).toBe(a);
    expect(sideOf(ops, 'delete')).toBe(b);
    expect(ops.filter((o) => o.op === 'equal').map((o) => o.text)).toContain(sentence(1));
    const whole = diffText('天'.repeat(3000), '地'.repeat(3000));
    expect(whole).toEqual([
      { op: 'delete', text: '天'.repeat(3000) },
      { op: 'insert', text: '地'.repeat(3000) },
    ]);
  });
});

describe('foldIslands', () => {
  it('joins two changes around a one-character island', () => {
    expect(foldIslands(diffText('甲乙丙丁戊', '甲X丙Y戊'))).toEqual([
      { op: 'equal', text: '甲' },
      { op: 'delete', text: '乙丙丁' },
      { op: 'insert', text: 'X丙Y' },
      { op: 'equal', text: '戊' },
    ]);
  });

  it('leaves a one-character text at either end alone', () => {
    expect(foldIslands(diffText('甲乙', '甲丙'))).toEqual([
      { op: 'equal', text: '甲' },
      { op: 'delete', text: '乙' },
      { op: 'insert', text: '丙' },
    ]);
  });
});
