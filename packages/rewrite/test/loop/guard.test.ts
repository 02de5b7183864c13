import { describe, expect, it } from 'vitest';
import { meaningGuard } from '../../src/index.ts';

const ORIGINAL =
  '北京地区120例患者每日口服阿司匹林100 mg，治疗3个月后血压未见明显下降，两组差异无统计学意义（P>0.05）[2]。';

describe('meaningGuard', () => {
  it('accepts a rewrite that keeps the meaning', () => {
    const ok =
      '北京地区120例患者每日口服阿司匹林100 mg，经过3个月治疗后，血压未见显著下降，两组差异无统计学意义（P>0.05）[2]。';
    expect(meaningGuard(ORIGINAL, ok)).toEqual({ ok: true, reasons: [] });
  });

  it('rejects a dropped negation', () => {
    const r = meaningGuard(ORIGINAL, ORIGINAL.replace('未见明显下降', '明显下降'));
    expect(r.ok).toBe(false);
    expect(r.reasons.join()).toContain('否定词减少');
  });

  it('rejects an added negation', () => {
    const r = meaningGuard('该方法能提高精度。', '该方法不能提高精度。');
    expect(r.reasons.join()).toContain('否定词增加');
  });

  it('does not count words that only look negative (不断, 非常, 是否)', () => {
    expect(meaningGuard('该指标不断上升，非常明显。', '该指标持续上升，十分明显。').ok).toBe(true);
  });

  it('rejects a changed number', () => {
    const r = meaningGuard(ORIGINAL, ORIGINAL.replace('120例', '210例'));
    expect(r.ok).toBe(false);
    expect(r.reasons.join()).toContain('120');
  });

  it('rejects a changed unit', () => {
    const r = meaningGuard(ORIGINAL, ORIGINAL.replace('100 mg', '100 g'));
    expect(r.ok).toBe(false);
    expect(r.reasons.some((x) => x.startsWith('单位改变：100mg'))).toBe(true);
  });

  it('rejects a changed count written in characters', () => {
    const r = meaningGuard('本文提出三种方法。', '本文提出两种方法。');
    expect(r.reasons.join()).toContain('数量改变：三');
  });

  it('rejects a lost place name and a lost citation', () => {
    const r = meaningGuard(ORIGINAL, ORIGINAL.replace('北京地区', '该地区').replace('[2]', ''));
    expect(r.reasons.join()).toContain('专名丢失：北京');
    expect(r.reasons.join()).toContain('保护内容丢失：[2]');
  });

  it('rejects a candidate far shorter than the original', () => {
    expect(
      meaningGuard(ORIGINAL, '血压未见明显下降，差异无统计学意义（P>0.05）[2]。').reasons.join(),
    ).toMatch(/长度比/);
  });
});
