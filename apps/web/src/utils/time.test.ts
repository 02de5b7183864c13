import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_FORMAT, formatTime, parseTime, toDate } from './time.ts';

// 2024-03-05 14:07:09 in Asia/Shanghai (UTC+8), a Tuesday.
const INSTANT = Date.UTC(2024, 2, 5, 6, 7, 9);

describe('parseTime (spec §9)', () => {
  it('defaults to {y}-{m}-{d} {h}:{i}:{s} in Asia/Shanghai time', () => {
    expect(DEFAULT_TIME_FORMAT).toBe('{y}-{m}-{d} {h}:{i}:{s}');
    expect(parseTime(INSTANT)).toBe('2024-03-05 14:07:09');
    expect(parseTime(new Date(INSTANT).toISOString())).toBe('2024-03-05 14:07:09');
  });

  it('reads seconds, millisecond strings and zone-less local text', () => {
    expect(parseTime(INSTANT / 1000)).toBe('2024-03-05 14:07:09');
    expect(parseTime(String(INSTANT))).toBe('2024-03-05 14:07:09');
    expect(parseTime('2024-03-05 14:07:09')).toBe('2024-03-05 14:07:09');
    expect(toDate('2024-03-05')?.toISOString()).toBe('2024-03-04T16:00:00.000Z');
  });

  it('fills custom patterns, with the weekday in Chinese or English', () => {
    expect(parseTime(INSTANT, '{y}/{m}/{d} 周{a}')).toBe('2024/03/05 周二');
    expect(parseTime(INSTANT, '{m}-{d} {a}', { lang: 'en-US' })).toBe('03-05 Tue');
    expect(parseTime(INSTANT, '{h}:{i}', { timeZone: 'UTC' })).toBe('06:07');
  });

  it('gives null for empty or invalid input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('formatTime (spec §9)', () => {
  const now = INSTANT;
  const ago = (s: number) => now - s * 1000;

  it('says 刚刚 under 30 seconds', () => {
    expect(formatTime(ago(0), undefined, { now })).toBe('刚刚');
    expect(formatTime(ago(29), undefined, { now })).toBe('刚刚');
  });

  it('counts minutes under an hour and hours under a day (rounded up)', () => {
    expect(formatTime(ago(30), undefined, { now })).toBe('1分钟前');
    expect(formatTime(ago(61), undefined, { now })).toBe('2分钟前');
    expect(formatTime(ago(3599), undefined, { now })).toBe('60分钟前');
    expect(formatTime(ago(3600), undefined, { now })).toBe('1小时前');
    expect(formatTime(ago(5 * 3600 + 1), undefined, { now })).toBe('6小时前');
  });

  it('says 1天前 under two days, then shows the date', () => {
    expect(formatTime(ago(24 * 3600), undefined, { now })).toBe('1天前');
    expect(formatTime(ago(47 * 3600), undefined, { now })).toBe('1天前');
    expect(formatTime(ago(48 * 3600), undefined, { now })).toBe('2024-03-03 14:07:09');
    expect(formatTime(ago(10 * 24 * 3600), '{m}月{d}日', { now })).toBe('02月24日');
  });

  it('has an en-US twin', () => {
    expect(formatTime(ago(5), undefined, { now, lang: 'en-US' })).toBe('just now');
    expect(formatTime(ago(60), undefined, { now, lang: 'en-US' })).toBe('1 minute ago');
    expect(formatTime(ago(600), undefined, { now, lang: 'en-US' })).toBe('10 minutes ago');
    expect(formatTime(ago(7200), undefined, { now, lang: 'en-US' })).toBe('2 hours ago');
    expect(formatTime(ago(30 * 3600), undefined, { now, lang: 'en-US' })).toBe('1 day ago');
  });

  it('accepts ISO strings and 10-digit seconds', () => {
    expect(formatTime(new Date(ago(120)).toISOString(), undefined, { now })).toBe('2分钟前');
    expect(formatTime(Math.floor(ago(7200) / 1000), undefined, { now })).toBe('2小时前');
  });
});
