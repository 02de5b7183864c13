/**
 * Time formatting as spec §9 describes: `parseTime` fills a `{y}-{m}-{d} {h}:{i}:{s}` style pattern,
 * `formatTime` gives relative times (刚刚, N分钟前, N小时前, 1天前) and then the date.
 * Stored times are UTC ISO strings; the UI shows Asia/Shanghai time unless told otherwise.
 */

export type TimeInput = Date | number | string;
export type TimeLang = 'zh-CN' | 'en-US';

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
export const UI_TIME_ZONE = 'Asia/Shanghai';

const WEEKDAYS_ZH = ['日', '一', '二', '三', '四', '五', '六'];
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Accepts a Date, milliseconds, 10-digit seconds, digit strings, ISO strings and `YYYY-MM-DD hh:mm:ss`. */
export function toDate(time: TimeInput): Date | null {
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  let value: number | string = time;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return null;
    if (/^\d+$/.test(s)) value = Number.parseInt(s, 10);
    else if (/^\d{4}-\d{1,2}-\d{1,2}( \d{1,2}:\d{1,2}(:\d{1,2})?)?$/.test(s)) {
      // A zone-less local form: read it as UI time (Asia/Shanghai, UTC+8, no DST).
      const [d, t = '0:0:0'] = s.split(' ');
      const [y, m, day] = d!.split('-').map(Number);
      const [hh = 0, mm = 0, ss = 0] = t.split(':').map(Number);
      return new Date(Date.UTC(y!, m! - 1, day!, hh - 8, mm, ss));
    } else value = s;
  }
  if (typeof value === 'number' && String(Math.trunc(value)).length === 10) value *= 1000;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface Parts {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  a: number;
}

function partsIn(date: Date, timeZone: string): Parts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return {
    y: Number(out.year),
    m: Number(out.month),
    d: Number(out.day),
    h: Number(out.hour) % 24,
    i: Number(out.minute),
    s: Number(out.second),
    a: WEEKDAYS_EN.indexOf(out.weekday ?? 'Sun'),
  };
}

/**
 * `parseTime(time, '{y}-{m}-{d} {h}:{i}:{s}')`; `{a}` is the weekday (日, 一 … 六 in Chinese).
 * Empty input gives `null`, as in the original helper.
 */
export function parseTime(
  time: TimeInput | null | undefined,
  format: string = DEFAULT_TIME_FORMAT,
  opts: { timeZone?: string; lang?: TimeLang } = {},
): string | null {
  if (time === null || time === undefined || time === '' || time === 0) return null;
  const date = toDate(time);
  if (!date) return null;
  const parts = partsIn(date, opts.timeZone ?? UI_TIME_ZONE);
  return format.replace(/{([ymdhisa])+}/g, (_match, key: keyof Parts) => {
    const value = parts[key];
    if (key === 'a') return (opts.lang === 'en-US' ? WEEKDAYS_EN : WEEKDAYS_ZH)[value] ?? '';
    return String(value).padStart(2, '0');
  });
}

const RELATIVE = {
  'zh-CN': {
    justNow: '刚刚',
    minutes: (n: number) => `${n}分钟前`,
    hours: (n: number) => `${n}小时前`,
    oneDay: '1天前',
  },
  'en-US': {
    justNow: 'just now',
    minutes: (n: number) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
    hours: (n: number) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
    oneDay: '1 day ago',
  },
} as const;

/**
 * Relative time (spec §9): under 30 s 刚刚; under an hour minutes; under a day hours; under two days 1天前;
 * older: the date in `format` (default `{y}-{m}-{d} {h}:{i}:{s}`).
 */
export function formatTime(
  time: TimeInput,
  format: string = DEFAULT_TIME_FORMAT,
  opts: { now?: number; lang?: TimeLang; timeZone?: string } = {},
): string {
  const date = toDate(time);
  if (!date) return '';
  const words = RELATIVE[opts.lang ?? 'zh-CN'];
  const diff = ((opts.now ?? Date.now()) - date.getTime()) / 1000;
  if (diff < 30) return words.justNow;
  if (diff < 3600) return words.minutes(Math.ceil(diff / 60));
  if (diff < 3600 * 24) return words.hours(Math.ceil(diff / 3600));
  if (diff < 3600 * 24 * 2) return words.oneDay;
  return parseTime(date, format, opts) ?? '';
}
